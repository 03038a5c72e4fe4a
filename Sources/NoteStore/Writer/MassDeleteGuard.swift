import Git

/// The fail-safe against a change from outside that deletes most of the store
/// (DESIGN §3): more than ``minimumDeletions`` notes and more than half of them.
/// Only `notes sync --allow-mass-delete` gets past it.
struct MassDeleteGuard {
  /// Deletions up to this many never trip the guard.
  static let minimumDeletions = 20

  let repository: Repository
  /// How the two trees are compared (sharing what a sync compared before).
  let packageDiff: PackageDiff

  init(repository: Repository, packageDiff: PackageDiff? = nil) {
    self.repository = repository
    self.packageDiff = packageDiff ?? PackageDiff(repository: repository)
  }

  /// How many notes moving from `old` to `new` deletes, and of how many, when that
  /// trips the guard; nil when it does not.
  func tripped(from old: ObjectID?, to new: ObjectID) throws -> (deleting: Int, of: Int)? {
    guard let old, old != new else { return nil }
    let scanner = PackageScanner(repository: repository)
    let changed =
      try packageDiff.changedPackages(from: old, to: new)
      ?? scanner.changedPackages(from: old, to: new)
    guard changed.count > Self.minimumDeletions else { return nil }
    var deleted = 0
    for path in changed where try repository.treeEntry(atPath: path, inTree: new) == nil { deleted += 1 }
    guard deleted > Self.minimumDeletions else { return nil }
    let before = try scanner.packages(in: old).count
    return deleted * 2 > before ? (deleted, before) : nil
  }
}
