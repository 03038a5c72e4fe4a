import CLibGit2
import Foundation

/// A backend of a repository's object database that reads its loose objects through
/// ``LooseObjectReader`` before libgit2's own loose backend would: every read of a
/// loose object, libgit2's internal ones included (checkout, diff, revwalk), then ends
/// in the object or in an error that names it. libgit2 1.5.1's loose backend loops
/// forever on a loose file cut short, which made `notes show` and `notes verify` hang on
/// a damaged store while git reported the object.
///
/// It sits after the pack backend (same priority, added later; libgit2 sorts backends
/// stably), so packed objects cost it nothing, and before the loose backend, which still
/// writes objects, answers short ids and streams big ones.
enum LooseObjectBackend {
  /// libgit2's priority of its pack backend; the loose one has 1.
  static let priority: Int32 = 2

  /// Adds the backend to `database`, the object database of the objects under
  /// `objectsHome`, which owns it from then on.
  ///
  /// The corresponding libgit2 functions are `git_odb_init_backend` and
  /// `git_odb_add_backend`.
  static func install(into database: OpaquePointer, objectsHome: String) throws(GitError) {
    guard let reader = LooseObjectReader(objectsHome: objectsHome) else {
      throw .synthesized(.generic, .odb, "libdeflate or zlib could not start", "LooseObjectReader")
    }
    let backend = UnsafeMutablePointer<notes_loose_backend>.allocate(capacity: 1)
    backend.initialize(to: notes_loose_backend())
    // The libgit2 part comes first, so the whole is also a pointer to it.
    let parent = UnsafeMutableRawPointer(backend).assumingMemoryBound(to: git_odb_backend.self)
    let initialized = git_odb_init_backend(parent, UInt32(GIT_ODB_BACKEND_VERSION))
    guard initialized == 0 else {
      backend.deinitialize(count: 1)
      backend.deallocate()
      throw .last(initialized, "git_odb_init_backend")
    }
    backend.pointee.box = Unmanaged.passRetained(reader).toOpaque()
    parent.pointee.read = read
    parent.pointee.read_header = readHeader
    parent.pointee.free = free
    let added = git_odb_add_backend(database, parent, priority)
    guard added == 0 else {
      // Not added, so the database does not own it: free it here.
      let error = GitError.last(added, "git_odb_add_backend")
      release(backend)
      throw error
    }
  }

  /// The reader behind `backend`.
  private static func reader(_ backend: UnsafeMutablePointer<git_odb_backend>) -> LooseObjectReader? {
    let whole = UnsafeMutableRawPointer(backend).assumingMemoryBound(to: notes_loose_backend.self)
    guard let box = whole.pointee.box else { return nil }
    return Unmanaged<LooseObjectReader>.fromOpaque(box).takeUnretainedValue()
  }

  /// Reports `message` as libgit2's last error of the object database and returns its code.
  private static func fail(_ message: String) -> Int32 {
    _ = git_error_set_str(Int32(GIT_ERROR_ODB.rawValue), message)
    return GIT_ERROR.rawValue
  }

  private static func type(_ kind: ObjectKind) -> git_object_t {
    switch kind {
    case .commit: GIT_OBJECT_COMMIT
    case .tree: GIT_OBJECT_TREE
    case .blob: GIT_OBJECT_BLOB
    case .tag: GIT_OBJECT_TAG
    case .other: GIT_OBJECT_INVALID
    }
  }

  private static let read:
    @convention(c) (
      UnsafeMutablePointer<UnsafeMutableRawPointer?>?, UnsafeMutablePointer<Int>?, UnsafeMutablePointer<git_object_t>?,
      UnsafeMutablePointer<git_odb_backend>?, UnsafePointer<git_oid>?
    ) -> Int32 = { data, length, type, backend, oid in
      guard let data, let length, let type, let backend, let oid, let reader = reader(backend) else {
        return fail("the loose object backend was called without its arguments")
      }
      let found = reader.read(
        ObjectID(oid.pointee), allocate: { git_odb_backend_data_alloc(backend, $0) },
        free: { git_odb_backend_data_free(backend, $0) })
      switch found {
      case .absent:
        return GIT_ENOTFOUND.rawValue
      case .unreadable(let message):
        return fail(message)
      case .object(let kind, let memory, let offset, let size):
        // libgit2 takes the content from the start of the buffer it gave (the regions
        // overlap: memmove), NUL-terminated as its own backends leave it (the header
        // gave room for the NUL).
        if size > 0 { memmove(memory, memory + offset, size) }
        memory.storeBytes(of: 0, toByteOffset: size, as: UInt8.self)
        data.pointee = memory
        length.pointee = size
        type.pointee = Self.type(kind)
        return 0
      }
    }

  private static let readHeader:
    @convention(c) (
      UnsafeMutablePointer<Int>?, UnsafeMutablePointer<git_object_t>?, UnsafeMutablePointer<git_odb_backend>?,
      UnsafePointer<git_oid>?
    ) -> Int32 = { length, type, backend, oid in
      guard let length, let type, let backend, let oid, let reader = reader(backend) else {
        return fail("the loose object backend was called without its arguments")
      }
      switch reader.header(ObjectID(oid.pointee)) {
      case .absent:
        return GIT_ENOTFOUND.rawValue
      case .unreadable(let message):
        return fail(message)
      case .object(let kind, let size):
        length.pointee = size
        type.pointee = Self.type(kind)
        return 0
      }
    }

  private static let free: @convention(c) (UnsafeMutablePointer<git_odb_backend>?) -> Void = { backend in
    guard let backend else { return }
    release(UnsafeMutableRawPointer(backend).assumingMemoryBound(to: notes_loose_backend.self))
  }

  /// Releases the reader and frees the backend, once.
  private static func release(_ backend: UnsafeMutablePointer<notes_loose_backend>) {
    if let box = backend.pointee.box { Unmanaged<LooseObjectReader>.fromOpaque(box).release() }
    backend.pointee.box = nil
    backend.deinitialize(count: 1)
    backend.deallocate()
  }
}
