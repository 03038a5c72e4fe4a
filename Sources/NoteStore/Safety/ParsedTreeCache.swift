import Git

/// The large tree objects read raw in this process, parsed, by id (the last few; not
/// the Git module's cache of raw root bytes for lookups by name): one sync reads the
/// same 10,000-entry root trees while vetting, merging, holding the merge against the
/// mass-delete guard and inspecting it before the branch moves. A tree's bytes never
/// change under its id, so a tree parsed once is the same tree for every later reader,
/// hostile or not.
final class ParsedTreeCache {
  /// Trees with fewer entries are cheap to read again and are not kept.
  static let minimumEntries = 512

  private let trees: RecentCache<ObjectID, ParsedTree>
  /// Reads objects without hashing them again, for the repository it was made for.
  private var reader: (repository: ObjectIdentifier, reader: BulkTreeReader)?

  /// How many trees are kept at most; the oldest goes first.
  var capacity: Int { trees.capacity }

  init(capacity: Int = 8) {
    trees = RecentCache(capacity: capacity)
  }

  /// What reading one object as a tree found.
  enum Read {
    /// The tree, its entries as ``RawTreeFormat`` reads them.
    case tree(ParsedTree)
    /// The object is of another kind.
    case notATree(ObjectKind)
    /// Its bytes are not a tree's.
    case malformed
  }

  /// Object `id` read raw as a tree, or its entries kept from an earlier read.
  /// - Throws: libgit2's error when the object cannot be read.
  func read(_ id: ObjectID, in repository: Repository) throws -> Read {
    if let kept = trees[id] { return .tree(kept) }
    let object = try bulkReader(for: repository).rawObject(id)
    guard object.kind == .tree else { return .notATree(object.kind) }
    guard let tree = ParsedTree(object.bytes) else { return .malformed }
    if tree.count >= Self.minimumEntries { trees.keep(tree, for: id) }
    return .tree(tree)
  }

  /// The reader of `repository`'s objects, made on first use.
  ///
  /// Objects are not hashed again on read, as git reads them: a fetched object's id was
  /// computed from its bytes when the fetch indexed its pack (libgit2's indexer hashes
  /// every object it receives, so a hostile pack cannot name bytes with another id), and
  /// zlib's and the pack's checksums guard them on disk. Hashing each 10,000-entry root
  /// tree again was a third of vetting a 100-commit fetch.
  private func bulkReader(for repository: Repository) throws -> BulkTreeReader {
    let key = ObjectIdentifier(repository)
    if let reader, reader.repository == key { return reader.reader }
    let made = try BulkTreeReader(repository: repository)
    reader = (key, made)
    return made
  }

  /// Tree `id` (``read(_:in:)``); nil when the object is not a tree or its bytes are
  /// not one.
  /// - Throws: libgit2's error when the object cannot be read.
  func tree(_ id: ObjectID, in repository: Repository) throws -> ParsedTree? {
    guard case .tree(let tree) = try read(id, in: repository) else { return nil }
    return tree
  }
}
