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
    guard let original = try keptTree(base) else { return nil }
    var bytes = original.bytes
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
    let id = try writeRootTree(bytes)
    packedWrites?.pendingTrees.append(id)
    // The checkout and the previews that follow look into the new root: kept, not read back.
    rawTrees.keep(RawTree(id: id, bytes: bytes), for: id)
    return id
  }
}

extension Repository {
  /// Stores a spliced root tree and returns its id: loose through ``LooseObjectWriter``
  /// (libdeflate, half of zlib's time on a 400 KB root), or through the object database
  /// during a packed write, whose objects go to memory first.
  ///
  /// The id is libgit2's, computed with collision detection as every object id here.
  ///
  /// The corresponding libgit2 functions are `git_odb_hash`, `git_odb_exists` and
  /// `git_odb_write`.
  private func writeRootTree(_ bytes: [UInt8]) throws -> ObjectID {
    let database = try objectDatabase()
    var out = git_oid()
    if packedWrites != nil {
      let result = bytes.withUnsafeBytes { raw in
        git_odb_write(&out, database.pointer, raw.baseAddress, raw.count, GIT_OBJECT_TREE)
      }
      try check(result, "git_odb_write")
      return ObjectID(out)
    }
    let hashed = bytes.withUnsafeBytes { raw in git_odb_hash(&out, raw.baseAddress, raw.count, GIT_OBJECT_TREE) }
    try check(hashed, "git_odb_hash")
    let id = ObjectID(out)
    // A tree made before (an edit undone) is there already, loose or packed.
    guard git_odb_exists(database.pointer, &out) != 1 else { return id }
    let objects = objectsHome + "/objects"
    let written = bytes.withUnsafeBytes { raw in
      Result { () throws(GitError) in try LooseObjectWriter.write(raw, kind: .tree, id: id, objectsDirectory: objects) }
    }
    try written.get()
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
    bytes.withUnsafeBytes { buffer in
      _ = RawTreeFormat.read(buffer) { slot in
        if slot.kind == .folder {
          let name = String(decoding: buffer[Int(slot.nameStart)..<Int(slot.nameEnd)], as: UTF8.self)
          if names.contains(name) { found[name] = Int(slot.nameEnd) + 1 }
        }
        return found.count < names.count
      }
    }
    return found
  }

  /// One entry of a tree's bytes: the mode (as written, in octal), the name, the id.
  struct Entry {
    var mode: UInt32
    var name: ArraySlice<UInt8>
    var id: ObjectID
  }

  /// Every entry of a tree's bytes, in order; stops at the first malformed one (or one
  /// whose mode is not octal digits).
  static func all(in bytes: [UInt8]) -> [Entry] {
    var entries: [Entry] = []
    visit(bytes) { entry in
      entries.append(entry)
      return true
    }
    return entries
  }

  /// The entry named `name` in a tree's bytes, nil when there is none; reads only the
  /// names before it (a 10,000-entry root is scanned, not decoded).
  static func entry(named name: [UInt8], in bytes: [UInt8]) -> Entry? {
    var found: Entry?
    visit(bytes) { entry in
      if entry.name.elementsEqual(name) { found = entry }
      return found == nil
    }
    return found
  }

  /// Calls `each` with the entries of `bytes` in order until it returns false or an
  /// entry is malformed.
  private static func visit(_ bytes: [UInt8], _ each: (Entry) -> Bool) {
    bytes.withUnsafeBytes { buffer in
      _ = RawTreeFormat.read(buffer) { slot in
        let idStart = Int(slot.nameEnd) + 1
        guard slot.octalMode != 0,
          let id = ObjectID(bytes: UnsafeRawBufferPointer(rebasing: buffer[idStart..<slot.end]))
        else { return false }
        return each(Entry(mode: slot.octalMode, name: bytes[Int(slot.nameStart)..<Int(slot.nameEnd)], id: id))
      }
    }
  }
}
