/// "Did you mean" for names: the candidates nearest to a mistyped name.
public enum NameSuggestions {
  /// The Damerau–Levenshtein distance between two strings (optimal string alignment):
  /// the fewest insertions, deletions, substitutions and swaps of two neighbouring
  /// characters that turn `a` into `b`, so `nwe` is one edit from `new`, as in git.
  ///
  /// The common prefix and suffix are set aside first. This is the one edit distance of
  /// NoteStore and the `notes` command: note names, commands and options are matched by it.
  ///
  /// - Complexity: O(*n* × *m*) in the lengths left after trimming.
  public static func distance(_ a: String, _ b: String) -> Int {
    var left = Array(a)[...]
    var right = Array(b)[...]
    while let first = left.first, first == right.first {
      left.removeFirst()
      right.removeFirst()
    }
    while let last = left.last, last == right.last {
      left.removeLast()
      right.removeLast()
    }
    let x = Array(left)
    let y = Array(right)
    if x.isEmpty { return y.count }
    if y.isEmpty { return x.count }
    // Three rows: two back (for a swap), the previous one and the current one.
    var beforePrevious = [Int](repeating: 0, count: y.count + 1)
    var previous = Array(0...y.count)
    var current = [Int](repeating: 0, count: y.count + 1)
    for i in 1...x.count {
      current[0] = i
      for j in 1...y.count {
        let cost = x[i - 1] == y[j - 1] ? 0 : 1
        var best = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1 && j > 1 && x[i - 1] == y[j - 2] && x[i - 2] == y[j - 1] {
          best = min(best, beforePrevious[j - 2] + 1)
        }
        current[j] = best
      }
      (beforePrevious, previous, current) = (previous, current, beforePrevious)
    }
    return previous[y.count]
  }

  /// The candidates within `maxDistance` of `input` (case-insensitively), nearest
  /// first, then by name; each candidate once, at most `limit`.
  public static func nearest(
    to input: String, among candidates: [String], maxDistance: Int, limit: Int = .max
  ) -> [String] {
    let lowered = input.lowercased()
    var seen = Set<String>()
    return
      candidates
      .filter { seen.insert($0).inserted }
      .map { (name: $0, distance: distance(lowered, $0.lowercased())) }
      .filter { $0.distance <= maxDistance }
      .sorted { ($0.distance, $0.name) < ($1.distance, $1.name) }
      .prefix(limit)
      .map(\.name)
  }
}
