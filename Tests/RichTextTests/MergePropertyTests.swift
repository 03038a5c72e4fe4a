import Foundation
import Testing

@testable import RichText

/// Properties of the three-way merge over generated bodies and edits (SplitMix64
/// seeds; a failure names its seed).
@Suite("Three-way merge: properties")
struct MergePropertyTests {
  static let seeds: [UInt64] = Array(1...150)
  static let mineWords = ["alpha", "bravo", "charlie"]
  static let theirsWords = ["xray", "yankee", "zulu"]

  /// Random edits: words replaced, deleted and inserted (from `vocabulary`), paragraphs
  /// split and joined, words and paragraphs reformatted.
  static func edit(_ body: AttributedText, vocabulary: [String], random: inout SplitMix64) -> AttributedText {
    var edited = body
    if !vocabulary.isEmpty && random.chance(70) {
      let scalars = Array(body.plainText.unicodeScalars)
      var pieces = WordTokenizer.tokens(of: scalars).map { token -> (String, WordTokenizer.Kind) in
        var text = String.UnicodeScalarView()
        text.append(contentsOf: scalars[token.range])
        return (String(text), token.kind)
      }
      for _ in 0..<random.int(in: 1...3) where !pieces.isEmpty {
        let index = random.int(in: 0...(pieces.count - 1))
        switch random.int(in: 0...4) {
        case 0 where pieces[index].1 == .word: pieces[index].0 = " " + random.element(vocabulary) + " "
        case 1 where pieces[index].1 == .word:
          pieces.remove(at: index)
          if index < pieces.count, pieces[index].1 == .whitespace { pieces.remove(at: index) }
        case 2: pieces.insert((" " + random.element(vocabulary) + " ", .whitespace), at: index)
        case 3 where pieces[index].1 == .whitespace: pieces[index].0 = "\n"
        case 4 where pieces[index].0 == "\n": pieces[index].0 = " "
        default: break
        }
      }
      edited = body.applyingPlainText(pieces.map(\.0).joined())
    }
    if random.chance(50) {
      var generator = RandomModelGenerator(seed: random.next())
      let index = random.int(in: 0...(edited.paragraphs.count - 1))
      var paragraph = edited.paragraphs[index]
      if random.chance(50) {
        paragraph.style = generator.paragraphStyle()
      } else if !paragraph.runs.isEmpty {
        var runs = paragraph.runs
        let run = random.int(in: 0...(runs.count - 1))
        runs[run].attributes = generator.attributes()
        paragraph.setRuns(runs)
      }
      edited.replaceParagraph(at: index, with: paragraph)
    }
    return edited
  }

  struct Triple {
    var base: AttributedText
    var mine: AttributedText
    var theirs: AttributedText
  }

  static func triple(_ seed: UInt64) -> Triple {
    var random = SplitMix64(seed: seed)
    var generator = RandomModelGenerator(seed: seed &* 31)
    let base = generator.body()
    return Triple(
      base: base, mine: edit(base, vocabulary: mineWords, random: &random),
      theirs: edit(base, vocabulary: theirsWords, random: &random))
  }

  static let x = MergeSideInfo(label: "x", date: Date(timeIntervalSince1970: 10))
  static let y = MergeSideInfo(label: "y", date: Date(timeIntervalSince1970: 20))

  @Test("merge(b, x, b) == x, merge(b, b, y) == y, merge(b, x, x) == x", arguments: seeds)
  func identities(seed: UInt64) {
    let t = Self.triple(seed)
    #expect(ThreeWayMerge(base: t.base, mine: t.mine, theirs: t.base, mineInfo: Self.x, theirInfo: Self.y).merge()
      == .clean(t.mine), "seed \(seed)")
    #expect(ThreeWayMerge(base: t.base, mine: t.base, theirs: t.theirs, mineInfo: Self.x, theirInfo: Self.y).merge()
      == .clean(t.theirs), "seed \(seed)")
    #expect(ThreeWayMerge(base: t.base, mine: t.mine, theirs: t.mine, mineInfo: Self.x, theirInfo: Self.y).merge()
      == .clean(t.mine), "seed \(seed)")
  }

  @Test("both devices get the same body and the same RTF bytes", arguments: seeds)
  func symmetry(seed: UInt64) {
    let t = Self.triple(seed)
    let one = ThreeWayMerge(base: t.base, mine: t.mine, theirs: t.theirs, mineInfo: Self.x, theirInfo: Self.y).merge()
    let other = ThreeWayMerge(base: t.base, mine: t.theirs, theirs: t.mine, mineInfo: Self.y, theirInfo: Self.x).merge()
    #expect(one == other, "seed \(seed)")
    #expect(RTFWriter().write(one.text) == RTFWriter().write(other.text), "seed \(seed)")
    // Identical infos: the order still comes from the content, not from the side.
    let same = MergeSideInfo(label: "d", date: Date(timeIntervalSince1970: 5))
    #expect(
      ThreeWayMerge(base: t.base, mine: t.mine, theirs: t.theirs, mineInfo: same, theirInfo: same).merge()
        == ThreeWayMerge(base: t.base, mine: t.theirs, theirs: t.mine, mineInfo: same, theirInfo: same).merge(),
      "seed \(seed)")
  }

  @Test("no word is duplicated or invented", arguments: seeds)
  func noDuplication(seed: UInt64) {
    let t = Self.triple(seed)
    let result = ThreeWayMerge(base: t.base, mine: t.mine, theirs: t.theirs, mineInfo: Self.x, theirInfo: Self.y).merge()
    // The sides as shown (list markers included: an edit can turn a marker into
    // text), the result's paragraphs without markers.
    let mine = MergeFixture.wordCounts(t.mine.plainText)
    let theirs = MergeFixture.wordCounts(t.theirs.plainText)
    let markers: Set<String> = ["x", "y"]
    for (word, count) in MergeFixture.wordCounts(result.text.paragraphText) where !markers.contains(word) {
      let (m, t) = (mine[word, default: 0], theirs[word, default: 0])
      if case .clean = result {
        // Only mine types these, only theirs those; base words are never typed, so
        // diff3 can keep at most as many as the side that kept fewer.
        let bound = Self.mineWords.contains(word) ? m : Self.theirsWords.contains(word) ? t : min(m, t)
        #expect(count <= bound, "seed \(seed): \(word) \(count) times, bound \(bound)")
      } else {
        #expect(count <= m + t, "seed \(seed): \(word) \(count) times in a conflict")
      }
    }
  }

  @Test("formatting-only edits never conflict", arguments: seeds)
  func formattingNeverConflicts(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    let t = Self.triple(seed)
    var formatted = t.base
    for _ in 0..<3 {
      formatted = Self.edit(formatted, vocabulary: [], random: &random)
      formatted = AttributedText(paragraphs: formatted.paragraphs, document: formatted.document)
    }
    guard formatted.paragraphText == t.base.paragraphText else { return }
    let result = ThreeWayMerge(base: t.base, mine: formatted, theirs: t.theirs, mineInfo: Self.x, theirInfo: Self.y).merge()
    #expect(result.hunks.isEmpty, "seed \(seed)")
    #expect(result.text.paragraphText == t.theirs.paragraphText, "seed \(seed)")
  }
}

extension AttributedText {
  /// The paragraphs' texts joined by "\n": the plain text without list markers.
  var paragraphText: String { paragraphs.map(\.text).joined(separator: "\n") }
}
