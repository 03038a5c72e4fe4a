import Testing

@testable import RichText

/// The word tokenizer, the token diff and `applyingPlainText` were made faster; these
/// tests check that each gives exactly what the code before it gave (kept under
/// `Reference/`), on generated inputs.
@Suite("Fast paths give the results of the code before them")
struct FastPathEquivalenceTests {
  static let seeds: [UInt64] = Array(1...40)

  /// Scalars from every class the tokenizer tells apart, ASCII and not.
  static let scalarPool: [Unicode.Scalar] = Array(
    ("ab Z09'’\t\n\r\u{0B}\u{0C}\u{85}\u{2028}\u{2029}.,;-\u{A0}\u{3000}éß\u{301}\u{300}\u{200D}\u{200C}"
      + "\u{FE0F}\u{1F3FD}\u{1F600}\u{1F468}\u{65E5}\u{3042}\u{AC00}\u{E01}\u{416}\u{10348}\u{E0020}\u{FFFC}")
      .unicodeScalars)

  @Test("word tokens equal the old tokenizer's", arguments: seeds)
  func tokensEqualReference(_ seed: UInt64) {
    print("FastPathEquivalenceTests seed \(seed)")
    var random = SplitMix64(seed: seed)
    for _ in 0..<50 {
      let scalars = (0..<random.int(in: 0...60)).map { _ in random.element(Self.scalarPool) }
      let fast = WordTokenizer.tokens(of: scalars)
      let old = ReferenceWordTokenizer.tokens(of: scalars)
      #expect(fast.map(\.range) == old.map(\.range), "seed \(seed): \(scalars)")
      #expect(fast.map(\.kind) == old.map(\.kind), "seed \(seed): \(scalars)")
    }
  }

  @Test("interned word tokens equal TokenInterner's numbers", arguments: seeds)
  func internedTokensEqualReference(_ seed: UInt64) {
    print("FastPathEquivalenceTests seed \(seed)")
    var random = SplitMix64(seed: seed)
    let old = (0..<random.int(in: 0...400)).map { _ in random.element(Self.scalarPool) }
    let new = (0..<random.int(in: 0...400)).map { _ in random.element(Self.scalarPool) }
    let oldTokens = WordTokenizer.tokens(of: old)
    let newTokens = WordTokenizer.tokens(of: new)
    let fast = ScalarTokenInterner.intern(old: old, oldTokens: oldTokens, new: new, newTokens: newTokens)
    var interner = TokenInterner<ArraySlice<Unicode.Scalar>>()
    #expect(fast.old == oldTokens.map { interner.intern(old[$0.range]) }, "seed \(seed)")
    #expect(fast.new == newTokens.map { interner.intern(new[$0.range]) }, "seed \(seed)")
  }

  /// Old and new token sequences: a few symbols or many, edited in places or replaced
  /// wholesale, sometimes with numbers a dictionary must count (negative, huge).
  static func sequences(_ random: inout SplitMix64) -> (old: [Int], new: [Int]) {
    let alphabet = random.element([3, 20, 500, 5_000])
    let length = random.element([10, 200, 3_000, 12_000])
    let old = (0..<random.int(in: 0...length)).map { _ in random.int(in: 0...(alphabet - 1)) }
    var new = old
    if random.chance(30) {
      new = (0..<random.int(in: 0...length)).map { _ in random.int(in: 0...(alphabet - 1)) }
    } else {
      for _ in 0..<random.int(in: 0...(length / 5 + 1)) {
        if !new.isEmpty && random.chance(50) {
          new.remove(at: random.int(in: 0...(new.count - 1)))
        } else {
          new.insert(random.int(in: 0...(alphabet - 1)), at: random.int(in: 0...new.count))
        }
      }
    }
    if random.chance(20) {
      let shift = random.element([-7, Int.max / 4])
      return (old.map { $0 &+ shift }, new.map { $0 &+ shift })
    }
    return (old, new)
  }

  @Test("token diff matches equal the old search's", arguments: seeds)
  func diffEqualsReference(_ seed: UInt64) {
    print("FastPathEquivalenceTests seed \(seed)")
    var random = SplitMix64(seed: seed)
    for _ in 0..<4 {
      let (old, new) = Self.sequences(&random)
      let costLimit = random.element([1, 4, 30, 1_000])
      var reference = ReferenceTokenDiffSearch(old: old, new: new, costLimit: costLimit)
      let diff = TokenDiff(from: old, to: new, costLimit: costLimit)
      #expect(diff.matches == reference.run(), "seed \(seed), \(old.count) → \(new.count), limit \(costLimit)")
    }
  }

  /// `text` with words replaced, deleted and typed, lines split and joined, list
  /// markers typed and line ends turned into "\r\n".
  static func edited(_ text: String, _ random: inout SplitMix64) -> String {
    var scalars = Array(text.unicodeScalars)
    let pieces = ["new", "Milk", " ", "\n", "\t", "•\t", "1.\t", "\r\n", "\u{FFFC}", "café", "r0c0", "\u{1F600}"]
    for _ in 0..<random.int(in: 0...6) {
      let position = random.int(in: 0...scalars.count)
      let end = min(scalars.count, position + random.int(in: 0...8))
      let replacement = random.chance(30) ? [] : Array(random.element(pieces).unicodeScalars)
      scalars.replaceSubrange(position..<end, with: replacement)
    }
    return String(String.UnicodeScalarView(scalars))
  }

  @Test("applyingPlainText equals the old code's on edited bodies", arguments: seeds)
  func applyingPlainTextEqualsReference(_ seed: UInt64) {
    print("FastPathEquivalenceTests seed \(seed)")
    var random = SplitMix64(seed: seed)
    var generator = RandomModelGenerator(seed: seed)
    let bodies = [generator.body(), ElementPropertyTests.body(seed: seed)]
    for body in bodies {
      for _ in 0..<10 {
        let text = Self.edited(body.plainText, &random)
        #expect(body.applyingPlainText(text) == body.referenceApplyingPlainText(text), "seed \(seed): \(text)")
      }
    }
  }

  @Test("applyingPlainText equals the old code's when every word of a long text is replaced")
  func everyWordReplacedEqualsReference() {
    var random = SplitMix64(seed: 11)
    let words = ["ka", "lomi", "ne", "rusa", "to", "vide", "ba", "Po", "gu", "feri"]
    let paragraphs = (0..<12).map { _ in
      Paragraph(runs: (0..<4).map { run in
        TextRun(
          text: (0..<random.int(in: 40...200)).map { _ in random.element(words) }.joined(separator: " ") + " ",
          attributes: CharacterAttributes(isBold: run % 2 == 1, link: run == 2 ? "x.org" : nil))
      })
    }
    let body = AttributedText(paragraphs: paragraphs)
    let replaced = body.plainText.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      line.split(separator: " ").map { _ in "new" + random.element(words) }.joined(separator: " ")
    }.joined(separator: "\n")
    #expect(body.applyingPlainText(replaced) == body.referenceApplyingPlainText(replaced))
    let half = body.plainText.split(separator: " ").enumerated().map { index, word in
      index % 2 == 0 ? "new" + word : String(word)
    }.joined(separator: " ")
    #expect(body.applyingPlainText(half) == body.referenceApplyingPlainText(half))
  }
}
