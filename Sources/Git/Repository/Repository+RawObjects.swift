import CLibGit2

/// The kind of a stored git object, as its header says.
public enum ObjectKind: Sendable, Hashable {
  /// A commit. The corresponding libgit2 type is `GIT_OBJECT_COMMIT`.
  case commit
  /// A tree. The corresponding libgit2 type is `GIT_OBJECT_TREE`.
  case tree
  /// A blob. The corresponding libgit2 type is `GIT_OBJECT_BLOB`.
  case blob
  /// An annotated tag. The corresponding libgit2 type is `GIT_OBJECT_TAG`.
  case tag
  /// Anything else (libgit2 reports no other kind for a stored object).
  case other

  /// The kind a stored object's header names (`blob`, `tree`, `commit`, `tag`); nil
  /// for any other word.
  init?(headerName: String) {
    switch headerName {
    case "blob": self = .blob
    case "tree": self = .tree
    case "commit": self = .commit
    case "tag": self = .tag
    default: return nil
    }
  }

  /// The word a stored object's header starts with; nil for `.other`.
  var headerName: String? {
    switch self {
    case .commit: "commit"
    case .tree: "tree"
    case .blob: "blob"
    case .tag: "tag"
    case .other: nil
    }
  }

  /// The header git hashes and stores before the content of an object of this kind
  /// and `size` bytes: `<kind> <size>` and a NUL; nil for `.other`.
  func header(size: Int) -> [UInt8]? {
    headerName.map { Array("\($0) \(size)\0".utf8) }
  }

  init(_ type: git_object_t) {
    switch type {
    case GIT_OBJECT_COMMIT: self = .commit
    case GIT_OBJECT_TREE: self = .tree
    case GIT_OBJECT_BLOB: self = .blob
    case GIT_OBJECT_TAG: self = .tag
    default: self = .other
    }
  }
}

extension Repository {
  /// The kind and size of a stored object, read from its header without inflating it
  /// where the backend allows.
  ///
  /// - Throws: ``GitError`` with code `.notFound` when the object is missing.
  ///
  /// The corresponding libgit2 function is `git_odb_read_header`.
  public func objectHeader(_ id: ObjectID) throws -> (kind: ObjectKind, size: Int64) {
    let database = try objectDatabase()
    var oid = id.raw
    var size = 0
    var type = GIT_OBJECT_INVALID
    try check(git_odb_read_header(&size, &type, database.pointer, &oid), "git_odb_read_header")
    return (ObjectKind(type), Int64(size))
  }

  /// The raw bytes of a stored object, exactly as git hashed them (without the
  /// `type size\0` header), and its kind. Unlike a tree or commit lookup this parses
  /// nothing, so it reads objects that libgit2's parsers would refuse, such as a tree
  /// with a zero-padded mode or a duplicate entry.
  ///
  /// The corresponding libgit2 function is `git_odb_read`.
  public func rawObject(_ id: ObjectID) throws -> (kind: ObjectKind, bytes: [UInt8]) {
    if let kept = rawTrees[id] { return (.tree, kept.bytes) }
    let database = try objectDatabase()
    var oid = id.raw
    let object = try OwnedHandle.make("git_odb_read", keepAlive: self, release: { git_odb_object_free($0) }) {
      git_odb_read(&$0, database.pointer, &oid)
    }
    let kind = ObjectKind(git_odb_object_type(object.pointer))
    let size = git_odb_object_size(object.pointer)
    guard size > 0, let data = git_odb_object_data(object.pointer) else { return (kind, []) }
    return (kind, Array(UnsafeRawBufferPointer(start: data, count: size)))
  }
}
