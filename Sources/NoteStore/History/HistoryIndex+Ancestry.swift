import Foundation
import Git

extension HistoryIndex {
  /// Whether every tip in `recorded` (tips an earlier version of this index covered)
  /// is still in the history of one of `tips`, by the index's own parent links: when
  /// one is not (a fetched branch was rewritten, a device's branch went away with
  /// commits no other branch holds), the index holds commits outside the history it
  /// summarises and must be rebuilt.
  ///
  /// A tip whose branch still points at it costs nothing; one that moved forward costs
  /// a walk over the commits added since, as the walk is bounded by generation.
  func stillContains(_ recorded: [Tip], from tips: [HistoryIndexBuilder.BranchTip]) -> Bool {
    let current = Dictionary(tips.map { ($0.reference, $0.commit) }, uniquingKeysWith: { first, _ in first })
    let positions = tips.compactMap { position(of: $0.commit) }
    for tip in recorded {
      guard let ancestor = position(of: tip.commit) else { return false }
      if current[tip.reference] == tip.commit { continue }
      if let moved = current[tip.reference].flatMap(position(of:)), isAncestor(ancestor, of: moved) { continue }
      guard positions.contains(where: { isAncestor(ancestor, of: $0) }) else { return false }
    }
    return true
  }

  /// Whether the commit at `ancestor` is the one at `descendant` or in its history.
  /// Only commits of a higher generation than `ancestor`'s can have it in their
  /// history, so the walk goes no further down than that.
  func isAncestor(_ ancestor: Int, of descendant: Int) -> Bool {
    if ancestor == descendant { return true }
    let floor = commits.generation(ancestor)
    guard commits.generation(descendant) > floor else { return false }
    var seen: Set<Int> = [descendant]
    var pending = [descendant]
    var found = false
    while !found, let next = pending.popLast() {
      commits.forEachParent(of: next) { parent in
        if parent == ancestor { found = true }
        if commits.generation(parent) > floor, seen.insert(parent).inserted { pending.append(parent) }
      }
    }
    return found
  }
}
