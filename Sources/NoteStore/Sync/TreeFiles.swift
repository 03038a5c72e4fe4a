import Git

/// Flat listings of the files in a tree, for merging file by file.
struct TreeFiles {
  let repository: Repository

  /// Every blob under `tree`, by path relative to it.
  func files(in tree: ObjectID?, prefix: String = "") throws -> [String: TreeEntry] {
    guard let tree else { return [:] }
    var result: [String: TreeEntry] = [:]
    for entry in try repository.treeEntries(tree) {
      let path = prefix + entry.name
      if entry.mode == .tree {
        result.merge(try files(in: entry.id, prefix: path + "/")) { first, _ in first }
      } else {
        result[path] = entry
      }
    }
    return result
  }

  /// Every blob outside note packages (such as `.gitattributes` and the conflict
  /// records in `.notes/conflicts/`), by path from the root.
  func filesOutsidePackages(in tree: ObjectID?, prefix: String = "") throws -> [String: TreeEntry] {
    guard let tree else { return [:] }
    var result: [String: TreeEntry] = [:]
    for entry in try repository.treeEntries(tree) {
      let path = prefix + entry.name
      if entry.mode == .tree {
        let isPackage = !entry.name.hasPrefix(".") && entry.name.hasSuffix(NotePath.packageExtension)
          && entry.name.count > NotePath.packageExtension.count
        if !isPackage {
          result.merge(try filesOutsidePackages(in: entry.id, prefix: path + "/")) { first, _ in first }
        }
      } else {
        result[path] = entry
      }
    }
    return result
  }
}
