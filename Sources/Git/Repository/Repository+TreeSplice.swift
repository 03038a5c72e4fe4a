import CLibGit2

extension Repository {
  /// ``updatedTree(_:applying:)`` for updates that all lie inside directories the root
  /// tree `base` already has (a note edit: `Plan.note/Text.rtf`): each such directory is
  /// rebuilt from its own few entries, and its new id is written over the old one in a
  /// copy of the root's bytes. A 10,000-entry root is then neither parsed into a tree
  /// builder nor sorted again; only hashed and compressed, as git must too.
  ///
  /// - Returns: the new root tree's id, or nil when the updates need the general path
  ///   (a new or removed top-level entry, a directory the updates empty, a root whose
  ///   entry is not in git's canonical form).
  ///
  /// The corresponding libgit2 functions are `git_odb_read` and `git_odb_write`.
  func splicedTree(_ base: ObjectID, applying updates: [TreeUpdate]) throws -> ObjectID? {
    var groups: [String: [TreeUpdate]] = [:]
    for update in updates {
      let path = update.path
      guard let slash = path.utf8.firstIndex(of: UInt8(ascii: "/")) else { return nil }
      let rest = String(path[path.utf8.index(after: slash)...])
      guard !rest.isEmpty else { return nil }
      let moved: TreeUpdate =
        switch update {
        case .upsert(_, let id, let mode): .upsert(path: rest, id: id, mode: mode)
        case .remove: .remove(path: rest)
        }
      groups[String(path[..<slash]), default: []].append(moved)
    }
    guard !groups.isEmpty else { return nil }
    let (kind, original) = try rawObject(base)
    guard kind == .tree else { return nil }
    var bytes = original
    let located = RawTreeEntries.directoryIDOffsets(in: bytes, named: Set(groups.keys))
    guard located.count == groups.count else { return nil }
    var changed = false
    for (name, subUpdates) in groups {
      guard let offset = located[name] else { return nil }
      guard let old = ObjectID(bytes: bytes[offset..<(offset + ObjectID.byteCount)]) else { return nil }
      let new = try updatedTree(old, applying: subUpdates)
      // libgit2 drops a directory the updates leave empty: only the general path does that.
      if new == RawTreeEntries.emptyTree { return nil }
      if new != old {
        bytes.replaceSubrange(offset..<(offset + ObjectID.byteCount), with: new.bytes)
        changed = true
      }
    }
    guard changed else { return base }
    let database = try objectDatabase()
    var out = git_oid()
    let result = bytes.withUnsafeBytes { raw in
      git_odb_write(&out, database.pointer, raw.baseAddress, raw.count, GIT_OBJECT_TREE)
    }
    try check(result, "git_odb_write")
    let id = ObjectID(out)
    packedWrites?.pendingTrees.append(id)
    return id
  }
}

/// Finding entries in a tree object's bytes (`<mode> <name>\0<20-byte id>` each) without
/// decoding the others.
enum RawTreeEntries {
  /// The id of the tree with no entries.
  static let emptyTree = ObjectID(hex: "4b825dc642cb6eb9a060e54bf8d69288fbee4904")

  /// Where the id of each directory entry named in `names` starts; a name whose entry is
  /// missing, is not a directory, or has a non-canonical mode (not exactly `40000`) is
  /// left out.
  static func directoryIDOffsets(in bytes: [UInt8], named names: Set<String>) -> [String: Int] {
    var found: [String: Int] = [:]
    let directoryMode: [UInt8] = Array("40000".utf8)
    bytes.withUnsafeBufferPointer { buffer in
      var position = 0
      let count = buffer.count
      while position < count, found.count < names.count {
        guard let space = (position..<count).first(where: { buffer[$0] == UInt8(ascii: " ") }),
          let nul = ((space + 1)..<count).first(where: { buffer[$0] == 0 }),
          nul + 1 + ObjectID.byteCount <= count
        else { return }
        let isDirectory = buffer[position..<space].elementsEqual(directoryMode)
        if isDirectory {
          let name = String(decoding: buffer[(space + 1)..<nul], as: UTF8.self)
          if names.contains(name) { found[name] = nul + 1 }
        }
        position = nul + 1 + ObjectID.byteCount
      }
    }
    return found
  }
}
