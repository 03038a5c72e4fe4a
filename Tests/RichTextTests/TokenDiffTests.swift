import Testing

@testable import RichText

@Suite("Token diff")
struct TokenDiffTests {
  /// Applies a diff to `old` using `new`'s tokens for the changes; must give `new`.
  func apply(_ diff: TokenDiff, _ old: [Int], _ new: [Int]) -> [Int] {
    var result: [Int] = []
    var position = 0
    for change in diff.changes {
      result += old[position..<change.old.lowerBound]
      result += new[change.new]
      position = change.old.upperBound
    }
    return result + old[position...]
  }

  func editCost(_ diff: TokenDiff) -> Int {
    diff.changes.reduce(0) { $0 + $1.old.count + $1.new.count }
  }

  struct Case: Sendable, CustomTestStringConvertible {
    var old: [Int]
    var new: [Int]
    var changes: [TokenDiff.Change]
    var testDescription: String { "\(old) → \(new)" }
  }

  @Test("changes of small sequences", arguments: [
    Case(old: [], new: [], changes: []),
    Case(old: [1, 2, 3], new: [1, 2, 3], changes: []),
    Case(old: [], new: [1, 2], changes: [.init(old: 0..<0, new: 0..<2)]),
    Case(old: [1, 2], new: [], changes: [.init(old: 0..<2, new: 0..<0)]),
    Case(old: [1, 2, 3], new: [1, 4, 3], changes: [.init(old: 1..<2, new: 1..<2)]),
    Case(old: [1, 2, 3], new: [1, 3], changes: [.init(old: 1..<2, new: 1..<1)]),
    Case(old: [1, 3], new: [1, 2, 3], changes: [.init(old: 1..<1, new: 1..<2)]),
    Case(old: [1, 2, 3, 4], new: [0, 2, 3, 5],
         changes: [.init(old: 0..<1, new: 0..<1), .init(old: 3..<4, new: 3..<4)]),
  ])
  func smallCases(_ example: Case) {
    let diff = TokenDiff(from: example.old, to: example.new)
    #expect(diff.changes == example.changes)
    #expect(apply(diff, example.old, example.new) == example.new)
  }

  @Test("random sequences: the diff turns old into new and is minimal within the limit")
  func randomSequences() {
    var random = SplitMix64(seed: 7)
    for _ in 0..<500 {
      let old = (0..<random.int(in: 0...30)).map { _ in random.int(in: 0...5) }
      var new = old
      for _ in 0..<random.int(in: 0...6) {
        if !new.isEmpty && random.int(in: 0...1) == 0 {
          new.remove(at: random.int(in: 0...(new.count - 1)))
        } else {
          new.insert(random.int(in: 0...5), at: random.int(in: 0...new.count))
        }
      }
      let diff = TokenDiff(from: old, to: new)
      #expect(apply(diff, old, new) == new, "\(old) → \(new)")
      #expect(editCost(diff) == old.count + new.count - 2 * lcsLength(old, new), "\(old) → \(new)")
      for match in diff.matches {
        #expect(Array(old[match.old..<(match.old + match.count)])
                == Array(new[match.new..<(match.new + match.count)]))
      }
    }
  }

  @Test("beyond the cost limit the diff is coarser but still correct")
  func costLimitFallback() {
    var random = SplitMix64(seed: 11)
    let old = (0..<2_000).map { _ in random.int(in: 0...50) } + Array(1_000...1_100)
    let new = Array(1_000...1_050) + (0..<2_000).map { _ in random.int(in: 0...50) }
      + Array(1_051...1_100)
    let diff = TokenDiff(from: old, to: new, costLimit: 10)
    #expect(apply(diff, old, new) == new)
    #expect(diff.matches.reduce(0) { $0 + $1.count } >= 50)
  }

  @Test("old indices name the kept token of every new token")
  func oldIndices() {
    let diff = TokenDiff(from: [5, 6, 7], to: [5, 8, 7, 6])
    #expect(diff.oldIndices() == [0, nil, 2, nil])
  }

  @Test("interning numbers tokens in order of first appearance")
  func interning() {
    var interner = TokenInterner<String>()
    #expect(interner.intern(["a", "b", "a", "c"]) == [0, 1, 0, 2])
    #expect(interner.count == 3)
  }

  @Test("word tokens: words, spaces, punctuation, ideographs, emoji sequences", arguments: [
    ("Hello, world!", ["Hello", ",", " ", "world", "!"]),
    ("don't  stop\tnow", ["don't", "  ", "stop", "\t", "now"]),
    ("a\nb\u{2028}c", ["a", "\n", "b", "\u{2028}", "c"]),
    ("日本語abc", ["日", "本", "語", "abc"]),
    ("hi 👍🏽 👨‍👩‍👧!", ["hi", " ", "👍🏽", " ", "👨‍👩‍👧", "!"]),
    ("cafe\u{301} 42", ["cafe\u{301}", " ", "42"]),
  ])
  func wordTokens(text: String, expected: [String]) {
    let scalars = Array(text.unicodeScalars)
    let tokens = WordTokenizer.tokens(of: scalars).map {
      String(String.UnicodeScalarView(scalars[$0.range]))
    }
    #expect(tokens == expected)
  }

  func lcsLength(_ a: [Int], _ b: [Int]) -> Int {
    var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in stride(from: a.count - 1, through: 0, by: -1) {
      for j in stride(from: b.count - 1, through: 0, by: -1) {
        table[i][j] = a[i] == b[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
      }
    }
    return table[0][0]
  }
}
