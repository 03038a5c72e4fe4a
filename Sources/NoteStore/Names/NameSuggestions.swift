/// "Did you mean" for names: the candidates nearest to a mistyped name.
public enum NameSuggestions {
  /// The Levenshtein distance between two strings, over characters, after the
  /// common prefix and suffix are set aside.
  ///
  /// - Complexity: O(*n* × *m*) in the lengths left after trimming.
  public static func distance(_ a: String, _ b: String) -> Int {
    var left = Array(a)
    var right = Array(b)
    while let first = left.first, first == right.first {
      left.removeFirst()
      right.removeFirst()
    }
    while let last = left.last, last == right.last {
      left.removeLast()
      right.removeLast()
    }
    if left.isEmpty { return right.count }
    if right.isEmpty { return left.count }
    var previous = Array(0...right.count)
    var current = [Int](repeating: 0, count: right.count + 1)
    for i in 1...left.count {
      current[0] = i
      for j in 1...right.count {
        let cost = left[i - 1] == right[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
      }
      swap(&previous, &current)
    }
    return previous[right.count]
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
