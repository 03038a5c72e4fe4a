import CLibGit2

/// Reads tree objects' bytes for data derived in bulk, such as the history index, as git
/// reads packed objects: not hashed again on read (their zlib streams and the packs'
/// checksums still guard them).
///
/// It reads from the object database's backends, as the direct push does, rather than
/// turning libgit2's hash check off for the whole process
/// (`GIT_OPT_ENABLE_STRICT_HASH_VERIFICATION`), so every other read, on any thread,
/// stays verified. Trees read here do not enter libgit2's object cache either.
///
/// A tree the repository keeps (the root a command looked into, or the one it just
/// wrote: ``Repository/treeEntry(atPath:inTree:keepingTree:)``) is not read again: the
/// history index's update after a note edit compares exactly those two roots.
public final class BulkTreeReader {
  private let reader: ObjectReader
  private let repository: Repository

  public init(repository: Repository) throws {
    reader = try ObjectReader(repository: repository)
    self.repository = repository
  }

  /// The raw bytes of tree `id`, as ``Repository/rawTree(_:)`` gives them.
  ///
  /// - Throws: ``GitError`` with code `.notFound` when there is no such object, or
  ///   `.invalid` when it is not a tree.
  public func rawTree(_ id: ObjectID) throws -> [UInt8] {
    if let kept = repository.rawTrees[id] { return kept.bytes }
    return try reader.read(id) { type, bytes in
      guard type == GIT_OBJECT_TREE else {
        throw GitError.synthesized(.invalid, .object, "object \(id) is not a tree", "git_odb_read")
      }
      return Array(bytes)
    }
  }

  /// The kind and raw bytes of object `id`, not hashed again (as ``rawTree(_:)``), where
  /// ``Repository/rawObject(_:)`` hashes them: for a reader that judges an object by its
  /// kind as well, such as the vetting of fetched trees.
  ///
  /// - Throws: ``GitError`` with code `.notFound` when there is no such object.
  public func rawObject(_ id: ObjectID) throws -> (kind: ObjectKind, bytes: [UInt8]) {
    try reader.read(id) { type, bytes in (ObjectKind(type), Array(bytes)) }
  }
}
