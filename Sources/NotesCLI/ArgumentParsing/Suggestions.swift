/// The edit distance between two strings: the fewest single-character insertions, deletions
/// and substitutions that turn `a` into `b`.
///
/// The common prefix and suffix are trimmed first, so near-equal strings cost little.
///
/// - Complexity: O(*m* × *n*) in the lengths left after trimming, with O(*n*) memory.
public func levenshtein(_ a: String, _ b: String) -> Int {
  var left = Array(a)
  var right = Array(b)
  let prefix = zip(left, right).prefix { $0 == $1 }.count
  left.removeFirst(prefix)
  right.removeFirst(prefix)
  let suffix = zip(left.reversed(), right.reversed()).prefix { $0 == $1 }.count
  left.removeLast(suffix)
  right.removeLast(suffix)
  if left.isEmpty { return right.count }
  if right.isEmpty { return left.count }

  // previous[j] is the distance between the first i-1 characters of left and j of right.
  var previous = Array(0...right.count)
  var current = Array(repeating: 0, count: right.count + 1)
  for i in 1...left.count {
    current[0] = i
    for j in 1...right.count {
      let substitution = previous[j - 1] + (left[i - 1] == right[j - 1] ? 0 : 1)
      current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
    }
    swap(&previous, &current)
  }
  return previous[right.count]
}

/// The candidates within `maxDistance` edits of `input`, closest first, ties alphabetical.
///
/// Case is ignored when measuring, so `Shopping` suggests `shopping`. An exact match is
/// returned too (distance 0). Use it for "did you mean" on options, commands and note names.
///
/// ```swift
/// suggestions(for: "stauts", among: ["status", "save", "show"], maxDistance: 2)  // ["status"]
/// ```
public func suggestions(for input: String, among candidates: [String], maxDistance: Int) -> [String]
{
  let needle = input.lowercased()
  var seen = Set<String>()
  var scored: [(candidate: String, distance: Int)] = []
  for candidate in candidates where seen.insert(candidate).inserted {
    let distance = levenshtein(needle, candidate.lowercased())
    if distance <= maxDistance { scored.append((candidate, distance)) }
  }
  scored.sort { ($0.distance, $0.candidate) < ($1.distance, $1.candidate) }
  return scored.map(\.candidate)
}

/// Git-like suggestions for a mistyped command: the closest names, at most three.
///
/// The allowed distance grows with the word (1 edit for 3 letters, up to 3), and a command
/// that starts with the word (`stat` for `status`) counts as one edit away.
func commandSuggestions(for word: String, among names: [String]) -> [String] {
  guard !word.isEmpty else { return [] }
  let maxDistance = max(1, min(3, word.count / 2))
  let needle = word.lowercased()
  let scored: [(name: String, distance: Int)] = names.map { name in
    let lowered = name.lowercased()
    let distance = levenshtein(needle, lowered)
    let isPrefix = needle.count >= 2 && lowered.hasPrefix(needle)
    return (name, isPrefix ? min(distance, 1) : distance)
  }
  let close = scored.filter { $0.distance <= maxDistance }
  guard let best = close.map(\.distance).min() else { return [] }
  return close.filter { $0.distance == best }.map(\.name).sorted().prefix(3).map { $0 }
}
