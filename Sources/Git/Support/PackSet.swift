import CLibGit2

/// A private object database over a fixed set of `.idx` files, used to prove which objects
/// a pack holds before anything is deleted. The single owner of its `git_odb`.
struct PackSet: ~Copyable {
  private let database: OwnedHandle

  /// Opens the packs whose index files are `indexPaths` (nothing else: no loose objects).
  init(indexPaths: [String]) throws(GitError) {
    let made = try OwnedHandle.make("git_odb_new", keepAlive: nil, release: { git_odb_free($0) }) {
      git_odb_new(&$0)
    }
    try Self.addPacks(indexPaths, to: made)
    database = made
  }

  private static func addPacks(_ indexPaths: [String], to database: borrowing OwnedHandle) throws(GitError) {
    for path in indexPaths {
      var backend: UnsafeMutablePointer<git_odb_backend>?
      let result = git_odb_backend_one_pack(&backend, path)
      if result < 0 {
        let error = GitError.last(result, "git_odb_backend_one_pack")
        if let backend { backend.pointee.free?(backend) }
        throw error
      }
      guard let backend else { continue }
      let added = git_odb_add_backend(database.pointer, backend, 1)
      if added < 0 {
        // Not added, so the database does not own it: free it here.
        let error = GitError.last(added, "git_odb_add_backend")
        backend.pointee.free?(backend)
        throw error
      }
    }
  }

  /// Whether one of the packs holds `id`.
  ///
  /// The corresponding libgit2 function is `git_odb_exists`.
  func contains(_ id: ObjectID) -> Bool {
    var oid = id.raw
    return git_odb_exists(database.pointer, &oid) == 1
  }

  /// Every object id in the packs.
  ///
  /// The corresponding libgit2 function is `git_odb_foreach`.
  func allObjects() throws(GitError) -> [ObjectID] {
    final class Collector { var ids: [ObjectID] = [] }
    let collector = Collector()
    let result = withExtendedLifetime(collector) {
      git_odb_foreach(
        database.pointer,
        { oid, payload in
          guard let oid, let payload else { return -1 }
          Unmanaged<Collector>.fromOpaque(payload).takeUnretainedValue().ids.append(ObjectID(oid))
          return 0
        }, Unmanaged.passUnretained(collector).toOpaque())
    }
    try check(result, "git_odb_foreach")
    return collector.ids
  }
}
