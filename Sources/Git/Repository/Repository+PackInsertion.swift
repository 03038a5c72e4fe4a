import CLibGit2

/// Inserts the loose part of the reachable history into a pack builder.
///
/// From each tip it walks commits that are loose and stops at packed ones: a pack written
/// by git, libgit2 or a fetch is closed (it holds everything its commits reach), so history
/// below a packed commit is already packed. Trees are entered only when loose for the same
/// reason. Objects get their path as a name, which helps delta pairing.
struct LooseInserter {
  let repository: Repository
  let builder: OpaquePointer
  let loose: Set<ObjectID>
  private var seen: Set<ObjectID> = []

  init(repository: Repository, builder: OpaquePointer, loose: Set<ObjectID>) {
    self.repository = repository
    self.builder = builder
    self.loose = loose
  }

  mutating func insert(tip: ObjectID) throws {
    var pending = [tip]
    while let id = pending.popLast() {
      guard loose.contains(id), seen.insert(id).inserted else { continue }
      guard try repository.isCommit(id) else {
        // A tag or a non-commit tip: insert it and everything it reaches (rare).
        var oid = id.raw
        try check(git_packbuilder_insert_recur(builder, &oid, nil), "git_packbuilder_insert_recur")
        continue
      }
      let commit = try repository.commit(id)
      try add(id, name: nil)
      try insertTree(commit.tree, path: "")
      pending.append(contentsOf: commit.parents)
    }
  }

  private mutating func insertTree(_ tree: ObjectID, path: String) throws {
    guard loose.contains(tree), seen.insert(tree).inserted else { return }
    try add(tree, name: path)
    for entry in try repository.treeEntries(tree) {
      let entryPath = path.isEmpty ? entry.name : path + "/" + entry.name
      switch entry.mode {
      case .tree:
        try insertTree(entry.id, path: entryPath)
      case .blob, .executable, .link:
        if loose.contains(entry.id), seen.insert(entry.id).inserted { try add(entry.id, name: entryPath) }
      case .commit:
        continue  // a submodule's commit lives in another repository
      }
    }
  }

  private func add(_ id: ObjectID, name: String?) throws(GitError) {
    var oid = id.raw
    let result = name.map { git_packbuilder_insert(builder, &oid, $0) } ?? git_packbuilder_insert(builder, &oid, nil)
    try check(result, "git_packbuilder_insert")
  }
}

extension Repository {
  /// Whether `id` names a commit, from the object header alone.
  func isCommit(_ id: ObjectID) throws(GitError) -> Bool {
    let database = try objectDatabase()
    var oid = id.raw
    var size = 0
    var type = GIT_OBJECT_INVALID
    try check(git_odb_read_header(&size, &type, database.pointer, &oid), "git_odb_read_header")
    return type == GIT_OBJECT_COMMIT
  }
}
