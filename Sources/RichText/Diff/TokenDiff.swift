/// The difference between two sequences of tokens, as the stretches of the old
/// sequence that were replaced by stretches of the new one.
///
/// Tokens are `Int`s: intern words, lines or paragraphs first (`TokenInterner`), then
/// diff the numbers. Between two changes, and before the first and after the last,
/// the sequences are equal.
///
/// ```swift
/// let diff = TokenDiff(from: [1, 2, 3], to: [1, 4, 3])
/// diff.changes  // [Change(old: 1..<2, new: 1..<2)]
/// ```
///
/// The diff is minimal (Myers' algorithm) while the edit distance of the part between
/// the common prefix and suffix stays under `costLimit`. Beyond it, tokens that occur
/// once on each side anchor the match (as patience diff does) and the stretches
/// between anchors are diffed again; a stretch without anchors becomes one change.
/// The result is then still a correct diff, only not always the smallest.
public struct TokenDiff: Hashable, Sendable {
  /// One change: `old[old]` was replaced by `new[new]`. One of the ranges may be empty
  /// (a pure insertion or deletion), never both.
  public struct Change: Hashable, Sendable {
    /// The replaced stretch of the old sequence.
    public var old: Range<Int>
    /// The stretch of the new sequence that replaced it.
    public var new: Range<Int>

    /// Creates a change.
    public init(old: Range<Int>, new: Range<Int>) {
      self.old = old
      self.new = new
    }
  }

  /// A stretch the two sequences have in common.
  public struct Match: Hashable, Sendable {
    /// Where the stretch starts in the old sequence.
    public var old: Int
    /// Where the stretch starts in the new sequence.
    public var new: Int
    /// How many tokens it spans.
    public var count: Int
  }

  /// The changes, in order; neighbouring changes are separated by at least one match.
  public let changes: [Change]
  /// The stretches in common, in order, maximal (no two touch).
  public let matches: [Match]
  /// The number of tokens of the old sequence.
  public let oldCount: Int
  /// The number of tokens of the new sequence.
  public let newCount: Int

  /// Diffs `old` against `new`.
  ///
  /// - Parameters:
  ///   - costLimit: The largest edit distance searched exhaustively; larger
  ///     differences fall back to anchoring on unique tokens.
  /// - Complexity: O((n + m) · d) time and O(d²) memory for an edit distance d up to
  ///   `costLimit`; O((n + m) log(n + m)) per anchoring step beyond it.
  public init(from old: [Int], to new: [Int], costLimit: Int = 1_000) {
    var search = TokenDiffSearch(old: old, new: new, costLimit: max(1, costLimit))
    self.init(matches: search.run(), oldCount: old.count, newCount: new.count)
  }

  /// The diff whose stretches in common are `matches` (in order, maximal).
  init(matches: [Match], oldCount: Int, newCount: Int) {
    self.matches = matches
    self.oldCount = oldCount
    self.newCount = newCount
    var changes: [Change] = []
    var oldPosition = 0
    var newPosition = 0
    for match in matches + [Match(old: oldCount, new: newCount, count: 0)] {
      if match.old > oldPosition || match.new > newPosition {
        changes.append(Change(old: oldPosition..<match.old, new: newPosition..<match.new))
      }
      oldPosition = match.old + match.count
      newPosition = match.new + match.count
    }
    self.changes = changes
  }

  /// The same diff with each pure deletion or insertion for which `slide` is true
  /// moved one token back, when the token matched just before it equals its last
  /// (`old` and `new` hold the tokens): a deleted or typed line "B\n" read as "\nB"
  /// instead. The match moves from the token before the change to its last.
  func slidingBack(old: [Int], new: [Int], where slide: (Change) -> Bool) -> TokenDiff {
    var matches = self.matches
    var changed = false
    var previous = 0
    for change in changes where change.old.isEmpty != change.new.isEmpty && slide(change) {
      let isDeletion = change.new.isEmpty
      // The match that ends where the change starts (changes and matches alternate).
      while previous < matches.count, matches[previous].old + matches[previous].count < change.old.lowerBound {
        previous += 1
      }
      guard previous < matches.count, matches[previous].old + matches[previous].count == change.old.lowerBound,
        matches[previous].new + matches[previous].count == change.new.lowerBound, matches[previous].count >= 2
      else { continue }
      let equal = isDeletion
        ? old[change.old.lowerBound - 1] == old[change.old.upperBound - 1]
        : new[change.new.lowerBound - 1] == new[change.new.upperBound - 1]
      guard equal else { continue }
      matches[previous].count -= 1
      let moved = isDeletion
        ? Match(old: change.old.upperBound - 1, new: change.new.lowerBound - 1, count: 1)
        : Match(old: change.old.lowerBound - 1, new: change.new.upperBound - 1, count: 1)
      if previous + 1 < matches.count, matches[previous + 1].old == moved.old + 1, matches[previous + 1].new == moved.new + 1 {
        matches[previous + 1] = Match(old: moved.old, new: moved.new, count: matches[previous + 1].count + 1)
      } else {
        matches.insert(moved, at: previous + 1)
      }
      changed = true
    }
    return changed ? TokenDiff(matches: matches, oldCount: oldCount, newCount: newCount) : self
  }

  /// Whether the sequences are equal.
  public var isEmpty: Bool { changes.isEmpty }

  /// For each token of the new sequence, the index of the equal old token it was
  /// matched with, or nil when it was inserted.
  public func oldIndices() -> [Int?] {
    var result = [Int?](repeating: nil, count: newCount)
    for match in matches {
      for offset in 0..<match.count { result[match.new + offset] = match.old + offset }
    }
    return result
  }
}
