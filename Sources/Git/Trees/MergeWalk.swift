/// Walks lists sorted in one order side by side, as git walks trees in a diff or a
/// merge: each distinct item of their union once, in order, with where each list
/// holds it. Lists advance only past what they hold, so each list's items are visited
/// once each, in their order, whether or not the lists are well sorted.
public enum MergeWalk {
  /// Calls `visit` for each item of the union of `counts.count` sorted lists (of
  /// `counts[i]` items each) with `positions[i]`, the index of that item in list `i`,
  /// or nil where list `i` does not hold it; stops when `visit` returns false.
  /// `compare(a, b)` orders item `a.index` of list `a.list` against item `b.index` of
  /// list `b.list`: negative, zero for the same item, or positive.
  ///
  /// - Returns: false when `visit` stopped the walk.
  /// - Complexity: O(n × lists) calls of `compare` for n items in all.
  @inlinable
  public static func walk(
    counts: [Int], compare: (_ a: (list: Int, index: Int), _ b: (list: Int, index: Int)) -> Int,
    visit: (_ positions: [Int?]) throws -> Bool
  ) rethrows -> Bool {
    let lists = counts.count
    var cursors = [Int](repeating: 0, count: lists)
    var positions = [Int?](repeating: nil, count: lists)
    while true {
      // The first list holding the smallest item still ahead. Lists before it hold a
      // larger one; only lists after it can hold the same.
      var smallest = -1
      for list in 0..<lists where cursors[list] < counts[list] {
        if smallest < 0 || compare((list, cursors[list]), (smallest, cursors[smallest])) < 0 { smallest = list }
      }
      guard smallest >= 0 else { return true }
      for list in 0..<lists {
        if list == smallest
          || list > smallest && cursors[list] < counts[list]
            && compare((list, cursors[list]), (smallest, cursors[smallest])) == 0
        {
          positions[list] = cursors[list]
        } else {
          positions[list] = nil
        }
      }
      for list in 0..<lists where positions[list] != nil { cursors[list] += 1 }
      guard try visit(positions) else { return false }
    }
  }
}
