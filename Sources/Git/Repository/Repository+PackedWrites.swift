import CLibGit2

extension Repository {
  /// New objects are collected in memory up to about this many bytes, then written out
  /// as one pack, so a bulk write holds at most this much.
  public static let packedWriteBatchBytes = 32 << 20

  /// Runs `body` with the objects it writes going into packs instead of loose files: they
  /// are collected in memory and written as one pack per ``packedWriteBatchBytes`` (of
  /// whole objects, see ``writeWholeObjectPack(of:)``), so a bulk import makes a few
  /// packs, not one fsynced file per object that the next automatic pack deletes again.
  /// Blobs of ``bigFileThreshold`` bytes or more still stream into loose files, so memory
  /// stays bounded. Every object is in a durable pack (or loose file) when this returns.
  ///
  /// Nested calls join the outer one. Write references only after this returns.
  ///
  /// The corresponding libgit2 functions are `git_mempack_new`, `git_odb_add_backend` and
  /// `git_mempack_reset`; the packs are written by ``writeWholeObjectPack(of:)``.
  public func writingObjectsIntoPacks<T>(_ body: () throws -> T) throws -> T {
    if packedWrites != nil { return try body() }
    let session = try PackedWriteSession(repository: self)
    packedWrites = session
    defer {
      packedWrites = nil
      // Drops the in-memory backend with the object database that holds it.
      try? reopenObjectDatabase()
    }
    let result = try body()
    try session.flush()
    return result
  }

  /// Records a new object of `bytes` bytes in the running packed write, if any, and
  /// writes the batch out once it is full.
  func notePackedWrite(_ id: ObjectID, bytes: Int) throws {
    guard let session = packedWrites else { return }
    session.pendingBytes += bytes
    session.pending.append(id)
    if session.pendingBytes >= Self.packedWriteBatchBytes { try session.flush() }
  }

  /// The object files on disk, without any in-memory backend: big blobs stream into
  /// loose files through it during a packed write.
  func openLooseDatabase() throws(GitError) -> OwnedHandle {
    try OwnedHandle.make("git_odb_open", keepAlive: self, release: { git_odb_free($0) }) {
      git_odb_open(&$0, objectsDirectory)
    }
  }

  /// Gives the repository a fresh object database, so it forgets deleted packs and sees
  /// new ones (and drops any in-memory backend); its loose objects are still read
  /// through ``LooseObjectBackend``.
  ///
  /// The corresponding libgit2 function is `git_repository_set_odb`.
  func reopenObjectDatabase() throws(GitError) {
    let database = try OwnedHandle.make("git_odb_open", keepAlive: nil, release: { git_odb_free($0) }) {
      git_odb_open(&$0, objectsDirectory)
    }
    try LooseObjectBackend.install(into: database.pointer, objectsHome: objectsHome)
    // The repository takes its own reference; ours is released when `database` ends.
    try check(git_repository_set_odb(pointer, database.pointer), "git_repository_set_odb")
  }
}

/// One running ``Repository/writingObjectsIntoPacks(_:)``: the in-memory backend that new
/// objects go to.
final class PackedWriteSession {
  private unowned let repository: Repository
  /// Owned by the repository's object database once added; valid while that lives, which
  /// is until ``Repository/writingObjectsIntoPacks(_:)`` reopens it.
  private let backend: UnsafeMutablePointer<git_odb_backend>
  var pendingBytes = 0
  /// The objects written since the last flush (`git_mempack_dump` packs only commits and
  /// what they reach, so the ids are kept here).
  var pending: [ObjectID] = []
  /// Trees built since the last flush; the new ones below them (those in memory) join the pack.
  var pendingTrees: [ObjectID] = []

  init(repository: Repository) throws(GitError) {
    self.repository = repository
    var made: UnsafeMutablePointer<git_odb_backend>?
    try check(git_mempack_new(&made), "git_mempack_new")
    guard let made else { throw .synthesized(.generic, .internal, "returned no backend", "git_mempack_new") }
    let database = try repository.objectDatabase()
    // Above the loose (1) and pack (2) backends, so writes land here first.
    let added = git_odb_add_backend(database.pointer, made, 1000)
    if added < 0 {
      let error = GitError.last(added, "git_odb_add_backend")
      made.pointee.free?(made)
      throw error
    }
    backend = made
  }

  /// Writes the collected objects as one pack (durable before any reference can name
  /// them) and empties the in-memory backend.
  func flush() throws {
    var objects = pending
    var seen = Set(objects)
    var trees = pendingTrees
    while let tree = trees.popLast() {
      guard isInMemory(tree), seen.insert(tree).inserted else { continue }
      objects.append(tree)
      trees += try repository.treeEntries(tree).filter { $0.mode == .tree }.map(\.id)
    }
    guard !objects.isEmpty else { return }
    try repository.writeWholeObjectPack(of: objects)
    try check(git_mempack_reset(backend), "git_mempack_reset")
    pendingBytes = 0
    pending = []
    pendingTrees = []
  }

  /// Whether the in-memory backend holds `id` (a new object, not yet in a pack).
  private func isInMemory(_ id: ObjectID) -> Bool {
    var oid = id.raw
    return backend.pointee.exists?(backend, &oid) == 1
  }
}
