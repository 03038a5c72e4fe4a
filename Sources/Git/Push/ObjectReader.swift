import CLibGit2
import Foundation

/// Reads the objects a push sends straight from the object database's backends: raw bytes,
/// no parsing beyond a commit's tree and parents, and not hashed again here.
///
/// libgit2's `git_odb_read` hashes every object it reads (sha1dc over each 400 KB root
/// tree), and turning that off is a process-wide option. The backends' own reads are
/// what `git_odb_read` runs before hashing, so this reads the same bytes without
/// touching the option: every other read in the process stays verified. The server
/// hashes each object it receives (`index-pack`), so one that is not what its id says
/// fails the push there, and nothing unchecked is kept.
final class ObjectReader {
  private let repository: Repository
  private let database: OwnedHandle
  /// Reads loose trees faster than the loose backend; nil when it could not start.
  private let looseObjects: LooseObjectReader?

  init(repository: Repository) throws {
    self.repository = repository
    database = try repository.objectDatabase()
    looseObjects = LooseObjectReader(objectsHome: repository.objectsHome)
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

  /// Tree `id`, its bytes held and its entries parsed: through ``LooseObjectReader`` when
  /// it is stored loose, as the trees of the commits a push sends mostly are.
  ///
  /// - Throws: When it is missing, not a tree, or malformed.
  func tree(_ id: ObjectID) throws -> LoadedTree {
    if let loose = looseTree(id) { return try LoadedTree(id: id, object: loose) }
    let object = try object(id)
    guard object.type == GIT_OBJECT_TREE else {
      throw GitError.synthesized(.invalid, .object, "object \(id) is not a tree", "git_odb_read")
    }
    return try LoadedTree(id: id, object: object)
  }

  /// Tree `id` when it is stored loose and reads whole; nil for anything else, which
  /// the object database's backends then read (and report, when it is damaged).
  private func looseTree(_ id: ObjectID) -> BackendObject? {
    // malloc, not allocate(byteCount:): a size no memory can hold is left to libgit2.
    let read = looseObjects?.read(id, allocate: { malloc($0) }, free: { free($0) })
    guard case .object(let kind, let memory, let offset, let size) = read else { return nil }
    guard kind == .tree else {
      free(memory)
      return nil
    }
    return BackendObject(ownedTree: memory, offset: offset, count: size)
  }

  /// Runs `body` with the type and bytes of object `id`, valid only during the call.
  func read<R>(
    _ id: ObjectID, _ body: (git_object_t, UnsafeRawBufferPointer) throws -> R
  ) throws -> R {
    let object = try object(id)
    return try withExtendedLifetime(object) { try body(object.type, object.bytes) }
  }

  /// Object `id` from the first backend that holds it, in the order `git_odb_read` asks
  /// them; from `git_odb_read` itself (hashed) when none answers, which also looks
  /// for packs written since the database was opened.
  private func object(_ id: ObjectID) throws -> BackendObject {
    var oid = id.raw
    let databasePointer = database.pointer
    for position in 0..<git_odb_num_backends(databasePointer) {
      var backend: UnsafeMutablePointer<git_odb_backend>?
      guard git_odb_get_backend(&backend, databasePointer, position) == 0, let backend,
        let read = backend.pointee.read
      else { continue }
      var data: UnsafeMutableRawPointer?
      var size = 0
      var type = GIT_OBJECT_INVALID
      let result = read(&data, &size, &type, backend, &oid)
      if result == GIT_ENOTFOUND.rawValue || result == GIT_PASSTHROUGH.rawValue { continue }
      if result < 0 {
        let error = GitError.last(result, "git_odb_read")
        if let data { git_odb_backend_data_free(backend, data) }
        throw error
      }
      return BackendObject(type: type, data: data, size: size, backend: backend, keepAlive: repository)
    }
    let object = try OwnedHandle.make("git_odb_read", keepAlive: repository, release: { git_odb_object_free($0) }) {
      git_odb_read(&$0, databasePointer, &oid)
    }
    return BackendObject(object)
  }
}

/// One object's type and bytes, as a backend or `git_odb_read` gave them; freed once,
/// when this ends.
final class BackendObject {
  let type: git_object_t
  let bytes: UnsafeRawBufferPointer
  /// What a backend allocated (`git_odb_backend_data_alloc`), freed through it.
  private let backend: UnsafeMutablePointer<git_odb_backend>?
  private let data: UnsafeMutableRawPointer?
  /// What ``LooseObjectReader`` allocated (malloc), freed here.
  private let owned: UnsafeMutableRawPointer?
  /// What `git_odb_read` read.
  private let object: HandleBox?
  /// The repository, whose object database owns the backend.
  private let keepAlive: AnyObject?

  init(
    type: git_object_t, data: UnsafeMutableRawPointer?, size: Int, backend: UnsafeMutablePointer<git_odb_backend>,
    keepAlive: AnyObject
  ) {
    self.type = type
    bytes = UnsafeRawBufferPointer(start: size > 0 ? data : nil, count: data != nil && size > 0 ? size : 0)
    self.backend = backend
    self.data = data
    object = nil
    self.keepAlive = keepAlive
    owned = nil
  }

  /// A tree ``LooseObjectReader`` inflated into `memory`: `count` bytes from `offset`.
  init(ownedTree memory: UnsafeMutableRawPointer, offset: Int, count: Int) {
    type = GIT_OBJECT_TREE
    bytes = UnsafeRawBufferPointer(start: count > 0 ? memory + offset : nil, count: count)
    backend = nil
    data = nil
    object = nil
    keepAlive = nil
    owned = memory
  }

  init(_ handle: consuming OwnedHandle) {
    type = git_odb_object_type(handle.pointer)
    let size = git_odb_object_size(handle.pointer)
    bytes = UnsafeRawBufferPointer(start: size > 0 ? git_odb_object_data(handle.pointer) : nil, count: size > 0 ? size : 0)
    backend = nil
    data = nil
    object = HandleBox(handle)
    keepAlive = nil
    owned = nil
  }

  deinit {
    if let backend, let data { git_odb_backend_data_free(backend, data) }
    if let owned { free(owned) }
  }
}

/// Holds a non-copyable handle in a class.
private final class HandleBox {
  let handle: OwnedHandle
  init(_ handle: consuming OwnedHandle) { self.handle = handle }
}
