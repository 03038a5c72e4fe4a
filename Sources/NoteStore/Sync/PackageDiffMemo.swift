import Git

/// The ``PackageDiff`` differences already found in this process, by the trees
/// compared (the last few): one sync compares its start tree with the merged tree
/// for the mass-delete guard, the merge commit's message, the report and the
/// checkout. Trees never change under their ids, so a difference found once holds.
final class PackageDiffMemo {
  /// How many comparisons are kept at most; the oldest goes first.
  let capacity: Int
  private var found: [[ObjectID?]: PackageDiff.Differences] = [:]
  private var order: [[ObjectID?]] = []

  init(capacity: Int = 8) {
    self.capacity = capacity
  }

  /// What was found for `trees`, in that order; nil when they were not compared yet.
  subscript(trees: [ObjectID?]) -> PackageDiff.Differences? {
    found[trees]
  }

  /// Keeps what was found for `trees`.
  func keep(_ differences: PackageDiff.Differences, for trees: [ObjectID?]) {
    guard found[trees] == nil else { return }
    if order.count >= capacity { found[order.removeFirst()] = nil }
    found[trees] = differences
    order.append(trees)
  }
}
