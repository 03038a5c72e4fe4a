import CLibGit2

extension Repository {
  /// The entries of a tree, in git's order (by name, directories compared as if ending in `/`).
  ///
  /// - Parameter keepingTree: Whether to read `tree`'s bytes whole, checked against its
  ///   id by ``verifiedRawObject(_:)``, and keep them for the command's next lookups in
  ///   it: for a store's root tree (10,000 entries at 10,000 notes), whose read and hash
  ///   through libgit2 cost twice as much. A tree whose entries are not all in git's
  ///   canonical form is still read by libgit2, which normalizes them.
  ///
  /// The corresponding libgit2 function is `git_tree_entry_byindex`.
  public func treeEntries(_ tree: ObjectID, keepingTree: Bool = false) throws -> [TreeEntry] {
    if let raw = keepingTree ? try keptTree(tree) : rawTrees[tree], let entries = raw.allEntries() {
      return entries
    }
    let handle = try lookupTree(tree)
    let count = git_tree_entrycount(handle.pointer)
    var entries: [TreeEntry] = []
    entries.reserveCapacity(count)
    for index in 0..<count {
      // Borrowed from the tree, which `handle` keeps alive for this loop.
      guard let entry = git_tree_entry_byindex(handle.pointer, index) else { continue }
      entries.append(Self.treeEntry(entry, name: decodeCString(git_tree_entry_name(entry)) ?? ""))
    }
    return entries
  }

  /// The entry at a `/`-separated `path` below `tree`, named by the full path; nil when missing.
  ///
  /// - Parameter keepingTree: Whether to read `tree`'s bytes whole and keep them for the
  ///   command's next lookups in it (and the splicing writer's): for the device branch's
  ///   root, which one command looks into several times. Without it, kept bytes are used
  ///   when `tree` is kept already, and libgit2 answers otherwise.
  ///
  /// The corresponding libgit2 function is `git_tree_entry_bypath`.
  public func treeEntry(atPath path: String, inTree tree: ObjectID, keepingTree: Bool = false) throws -> TreeEntry? {
    if let raw = keepingTree ? try keptTree(tree) : rawTrees[tree],
      case .answered(let entry) = try entry(atPath: path, in: raw)
    {
      return entry
    }
    let handle = try lookupTree(tree)
    guard let entry = try entry(atPath: path, in: handle) else { return nil }
    return Self.treeEntry(entry.pointer, name: path)
  }

  /// A new tree: `base` (nil for the empty tree) with `updates` applied, in any order.
  ///
  /// Upserts create missing directories; removing a directory removes everything below it,
  /// and a directory left empty disappears. Removing a path that does not exist is not an
  /// error: it is skipped.
  ///
  /// - Throws: ``GitError``, for example when two updates name the same path, or a file
  ///   would have to become a directory.
  ///
  /// The corresponding libgit2 function is `git_tree_create_updated`.
  public func updatedTree(_ base: ObjectID?, applying updates: [TreeUpdate]) throws -> ObjectID {
    guard let base else {
      // Nothing exists in the empty tree, so every removal is skipped.
      return try createUpdatedTree(baseline: nil, updates.filter { if case .upsert = $0 { true } else { false } })
    }
    // A note edit: only the note's own directory is rebuilt, the root's bytes spliced.
    if let spliced = try splicedTree(base, applying: updates) { return spliced }
    let baseTree = try lookupTree(base)
    var effective: [TreeUpdate] = []
    for update in updates {
      if case .remove(let path) = update {
        guard try entry(atPath: path, in: baseTree) != nil else { continue }
      }
      effective.append(update)
    }
    return try createUpdatedTree(baseline: baseTree.pointer, effective)
  }

  /// `baseline` must stay alive for the call (the caller owns it).
  private func createUpdatedTree(baseline: OpaquePointer?, _ updates: [TreeUpdate]) throws(GitError) -> ObjectID {
    var out = git_oid()
    let result = withCStrings(updates.map(\.path)) { paths in
      var raw = zip(updates, paths).map { update, path in
        var item = git_tree_update()
        item.path = path
        switch update {
        case .upsert(_, let id, let mode):
          item.action = GIT_TREE_UPDATE_UPSERT
          item.id = id.raw
          item.filemode = git_filemode_t(mode.rawValue)
        case .remove:
          item.action = GIT_TREE_UPDATE_REMOVE
        }
        return item
      }
      return git_tree_create_updated(&out, pointer, baseline, raw.count, &raw)
    }
    try check(result, "git_tree_create_updated")
    packedWrites?.pendingTrees.append(ObjectID(out))
    return ObjectID(out)
  }

  /// The id of the empty tree (`4b825dc…`), written to the object database.
  ///
  /// The corresponding libgit2 function is `git_treebuilder_write`.
  public func emptyTree() throws -> ObjectID {
    let builder = try OwnedHandle.make(
      "git_treebuilder_new", keepAlive: self, release: { git_treebuilder_free($0) }
    ) { git_treebuilder_new(&$0, pointer, nil) }
    var out = git_oid()
    try check(git_treebuilder_write(&out, builder.pointer), "git_treebuilder_write")
    return ObjectID(out)
  }

  /// What kept bytes tell of a path.
  private enum KeptLookup {
    /// The entry, or nil when there is none.
    case answered(TreeEntry?)
    /// libgit2 must answer: a path with an empty component, a tree the bytes cannot
    /// answer for, a file on the way.
    case unknown
  }

  /// The entry at `path`, its first component found through `tree`'s kept bytes.
  private func entry(atPath path: String, in tree: RawTree) throws -> KeptLookup {
    let components = path.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
    guard let first = components.first, !first.isEmpty else { return .unknown }
    switch tree.entry(named: Array(first.utf8)) {
    case .unknown: return .unknown
    case .absent: return .answered(nil)
    case .found(let id, let mode):
      guard components.count == 2 else { return .answered(TreeEntry(name: path, id: id, mode: mode)) }
      let rest = String(components[1])
      guard mode == .tree, !rest.isEmpty, !rest.hasPrefix("/"), !rest.hasSuffix("/") else { return .unknown }
      let subtree = try lookupTree(id)
      guard let entry = try entry(atPath: rest, in: subtree) else { return .answered(nil) }
      return .answered(Self.treeEntry(entry.pointer, name: path))
    }
  }

  /// The bytes of tree `id`, read whole once and kept (``rawTrees``); nil when `id`
  /// is not a tree.
  func keptTree(_ id: ObjectID) throws -> RawTree? {
    if let kept = rawTrees[id] { return kept }
    let (kind, bytes) = try verifiedRawObject(id)
    guard kind == .tree else { return nil }
    let tree = RawTree(id: id, bytes: bytes)
    rawTrees.keep(tree, for: id)
    return tree
  }

  /// An owned copy of the entry at `path` below `tree`, or nil when there is none.
  func entry(atPath path: String, in tree: borrowing OwnedHandle) throws(GitError) -> OwnedHandle? {
    var found: OpaquePointer?
    let result = git_tree_entry_bypath(&found, tree.pointer, path)
    if result == GIT_ENOTFOUND.rawValue { return nil }
    try check(result, "git_tree_entry_bypath")
    guard let found else { return nil }
    return OwnedHandle(found, keepAlive: self, release: { git_tree_entry_free($0) })
  }

  static func treeEntry(_ entry: OpaquePointer, name: String) -> TreeEntry {
    let id = git_tree_entry_id(entry).map { ObjectID($0) } ?? .zero
    // libgit2 normalizes old modes (such as 100664) to the five valid ones.
    let mode = FileMode(rawValue: git_tree_entry_filemode(entry).rawValue) ?? .blob
    return TreeEntry(name: name, id: id, mode: mode)
  }
}
