import CLibGit2

/// Reads the objects a push sends straight from the object database: raw bytes, no parsing
/// beyond a commit's tree and parents.
final class ObjectReader {
  private let repository: Repository
  private let database: OwnedHandle

  init(repository: Repository) throws {
    self.repository = repository
    database = try repository.objectDatabase()
  }

  /// The tree and parents of commit `id`.
  func commitLinks(_ id: ObjectID) throws -> (tree: ObjectID, parents: [ObjectID]) {
    let handle = try repository.lookupCommit(id)
    let commit = handle.pointer
    guard let tree = git_commit_tree_id(commit) else {
      throw GitError.synthesized(.invalid, .object, "commit \(id) is malformed", "git_commit_lookup")
    }
    let parents = (0..<git_commit_parentcount(commit)).compactMap { index in
      git_commit_parent_id(commit, index).map { ObjectID($0) }
    }
    return (ObjectID(tree.pointee), parents)
  }

  /// Tree `id`, its bytes held and its entries parsed.
  ///
  /// - Throws: When it is missing, not a tree, or malformed.
  func tree(_ id: ObjectID) throws -> LoadedTree {
    let object = try handle(id)
    guard git_odb_object_type(object.pointer) == GIT_OBJECT_TREE else {
      throw GitError.synthesized(.invalid, .object, "object \(id) is not a tree", "git_odb_read")
    }
    return try LoadedTree(id: id, object: object)
  }

  private func handle(_ id: ObjectID) throws(GitError) -> OwnedHandle {
    var oid = id.raw
    let databasePointer = database.pointer
    return try OwnedHandle.make("git_odb_read", keepAlive: repository, release: { git_odb_object_free($0) }) {
      git_odb_read(&$0, databasePointer, &oid)
    }
  }

  /// Runs `body` with the type and bytes of object `id`, valid only during the call.
  func read<R>(
    _ id: ObjectID, _ body: (git_object_t, UnsafeRawBufferPointer) throws -> R
  ) throws -> R {
    let object = try handle(id)
    let size = git_odb_object_size(object.pointer)
    let bytes = UnsafeRawBufferPointer(start: size > 0 ? git_odb_object_data(object.pointer) : nil, count: size > 0 ? size : 0)
    return try body(git_odb_object_type(object.pointer), bytes)
  }
}
