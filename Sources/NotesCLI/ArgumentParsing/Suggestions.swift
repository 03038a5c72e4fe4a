import NoteStore

/// The edit distance between two strings: the fewest single-character insertions, deletions,
/// substitutions and swaps of neighbours that turn `a` into `b` (Damerau–Levenshtein). It is
/// NoteStore's `NameSuggestions.distance`, so commands, options and note names are matched
/// the same way.
///
/// - Complexity: O(*m* × *n*) in the lengths left after trimming the common prefix and suffix.
public func levenshtein(_ a: String, _ b: String) -> Int {
  NameSuggestions.distance(a, b)
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
  NameSuggestions.nearest(to: input, among: candidates, maxDistance: maxDistance)
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
