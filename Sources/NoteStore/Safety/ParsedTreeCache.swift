import Git

/// The large tree objects read raw in this process, parsed, by id (the last few; not
/// the Git module's `RawTreeCache`, which keeps raw root bytes for lookups by name):
/// one sync reads the same 10,000-entry root trees while vetting, merging, holding
/// the merge against the mass-delete guard and inspecting it before the branch moves.
/// A tree's bytes never change under its id, so a tree parsed once is the same tree
/// for every later reader, hostile or not.
final class ParsedTreeCache {
  /// Trees with fewer entries are cheap to read again and are not kept.
  static let minimumEntries = 512

  /// How many trees are kept at most; the oldest goes first.
  let capacity: Int
  private var trees: [ObjectID: [RawTreeEntry]] = [:]
  private var order: [ObjectID] = []

  init(capacity: Int = 8) {
    self.capacity = capacity
  }

  /// The entries of tree `id`, read and parsed as ``RawTreeParser`` does, or kept from
  /// an earlier read; nil when the object is not a tree or its bytes are not one.
  /// - Throws: libgit2's error when the object cannot be read.
  func entries(of id: ObjectID, in repository: Repository) throws -> [RawTreeEntry]? {
    if let kept = trees[id] { return kept }
    let object = try repository.rawObject(id)
    guard object.kind == .tree, let entries = RawTreeParser.parse(object.bytes) else { return nil }
    if entries.count >= Self.minimumEntries {
      if order.count >= capacity { trees[order.removeFirst()] = nil }
      trees[id] = entries
      order.append(id)
    }
    return entries
  }
}
