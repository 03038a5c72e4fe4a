import Foundation
import Git

/// The packages that differ between two root trees, found by comparing tree bytes and
/// descending only into folders whose ids differ.
///
/// Parsed trees are kept for a while, because in a linear history each commit's tree
/// is the next commit's parent tree.
final class PackageTreeDiff {
  /// One package whose tree differs: nil on a side where it is absent.
  struct Change: Hashable {
    var path: String
    var old: ObjectID?
    var new: ObjectID?
  }

  private let reader: BulkTreeReader
  private let cache = RecentCache<ObjectID, RawTree>(capacity: 8)

  init(repository: Repository) throws {
    reader = try BulkTreeReader(repository: repository)
  }

  /// The packages that differ between `old` and `new` (either nil: the empty tree),
  /// sorted by path.
  func changes(from old: ObjectID?, to new: ObjectID?) throws -> [Change] {
    var result: [Change] = []
    try collect(from: old, to: new, prefix: "", into: &result)
    return result.sorted { $0.path < $1.path }
  }

  private func collect(from old: ObjectID?, to new: ObjectID?, prefix: String, into result: inout [Change]) throws {
    if old == new { return }
    let before = try old.map(tree) ?? RawTree.empty
    let after = try new.map(tree) ?? RawTree.empty
    for (a, b) in try RawTree.diff(before, after) {
      let name = (a ?? b)?.name ?? ""
      if name.hasPrefix(".") { continue }
      let oldTree = a?.isTree == true ? a?.id : nil
      let newTree = b?.isTree == true ? b?.id : nil
      if oldTree == nil && newTree == nil { continue }
      if Self.isPackageName(name) {
        if oldTree != newTree { result.append(Change(path: prefix + name, old: oldTree, new: newTree)) }
      } else {
        try collect(from: oldTree, to: newTree, prefix: prefix + name + "/", into: &result)
      }
    }
  }

  static func isPackageName(_ name: String) -> Bool {
    name.hasSuffix(NotePath.packageExtension) && name.utf8.count > NotePath.packageExtension.utf8.count
  }

  private func tree(_ id: ObjectID) throws -> RawTree {
    if let known = cache[id] { return known }
    let parsed = try RawTree(bytes: try reader.rawTree(id))
    cache.keep(parsed, for: id)
    return parsed
  }
}
