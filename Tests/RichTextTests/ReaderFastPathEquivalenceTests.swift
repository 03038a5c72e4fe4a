import Foundation
import Testing

@testable import RichText

/// The reader's fast path looks character states, paragraph boundary states and link
/// targets up among the ones it saw last; the general path works each out afresh.
/// Both must give the very same result (text, warnings, skipped objects, the source
/// record a write-back splices into) or the very same error, on the corpus and on
/// seeded generated inputs.
@Suite("RTF reader: the fast path reads what the general path reads")
struct ReaderFastPathEquivalenceTests {
  static func seed() -> UInt64 { TestSeed.make(for: "ReaderFastPathEquivalenceTests") }

  /// Why the two paths' results differ, or nil when they agree.
  static func difference(_ input: [UInt8], limits: RTFLimits = .default) -> String? {
    ReaderEquivalence.difference(input, limits: limits, .fastest, .general)
  }

  static let sharedFolder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("shared/corpus/rtf")

  static let sharedFiles: [URL] = {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: sharedFolder.path)) ?? []
    return names.filter { $0.hasSuffix(".rtf") }.sorted().map { sharedFolder.appendingPathComponent($0) }
  }()

  @Test("every corpus file reads the same on both paths")
  func corpusFiles() throws {
    #expect(!Corpus.names.isEmpty)
    for name in Corpus.names {
      let difference = Self.difference(try Corpus.rtf(name))
      #expect(difference == nil, "\(name): \(difference ?? "")")
    }
  }

  @Test(
    "every shared corpus file reads the same on both paths",
    .enabled(if: !sharedFiles.isEmpty, "the shared corpus ../shared/corpus/rtf is not there"))
  func sharedCorpusFiles() throws {
    for file in Self.sharedFiles {
      let difference = Self.difference(Array(try Data(contentsOf: file)))
      #expect(difference == nil, "\(file.lastPathComponent): \(difference ?? "")")
    }
  }

  @Test("generated bodies, written and read back, read the same on both paths")
  func generatedBodies() {
    let seed = Self.seed()
    var generator = RandomModelGenerator(seed: seed)
    for index in 0..<300 {
      let rtf = RTFWriter().write(generator.body())
      let difference = Self.difference(rtf)
      #expect(difference == nil, "seed \(seed), body \(index): \(difference ?? "")")
    }
  }

  /// Pieces that make the caches matter: styles a run group sets and `}` undoes,
  /// `\plain`, fonts and colours that change meaning (`\deff`, tables after text),
  /// the same link again and again, list items and plain paragraphs taking turns,
  /// more paragraph styles than the recent ones kept, a `\par` ending a run's group.
  static let pieces: [String] = [
    "\\par\\pard\\qc ", "\\par\\pard\\li720\\fi-360 ", "\\par\\pard\\qr\\sb120 ",
    "\\par\\pard\\ri360\\sa60 ", "\\par\\pard\\qj\\tx1120\\tx560 ", "{\\b last \\par }",
    "{\\b bold }", "{\\i\\cf1 red }", "{\\f1 other }", "{\\f9 unknown font }", "\\plain ", "\\b ",
    "\\b0 ", "\\f0 ", "\\f1 ", "\\cf2 ", "\\cb1 ", "\\ul ", "\\ulnone ", "\\fs30 ", "text ", "more text ",
    "caf\\'e9 ", "\\u26085\\'3f", "\\par ", "\\par\\pard\\ls1\\ilvl0 ", "\\par\\pard\\tx560\\tx1120 ",
    "\\pard ", "\\deff1 ", "\\deff0 ", "{\\colortbl;\\red0\\green0\\blue255;}",
    "{\\fonttbl{\\f1\\fswiss Helvetica;}{\\f2\\fcharset128 Mincho;}}",
    "{\\field{\\*\\fldinst{HYPERLINK \"https://example.com/a\"}}{\\fldrslt link}}",
    "{\\field{\\*\\fldinst{HYPERLINK \"https://example.com/b\"}}{\\fldrslt other link}}",
    "{\\field{\\*\\fldinst{ PAGE }}{\\fldrslt 3}}", "{\\v hidden }", "\\hich\\af2 \\'93x\\'94\\loch ",
    "\\trowd\\cellx1000 cell\\cell\\row ", "{\\*\\unknown skipped}", "{", "}",
  ]

  static let header = "{\\rtf1\\ansi\\deff0{\\fonttbl{\\f0\\froman Times;}{\\f1\\fswiss Arial;}}"
    + "{\\colortbl;\\red255\\green0\\blue0;\\red0\\green128\\blue0;}"
    + "{\\*\\listtable{\\list\\listtemplateid1{\\listlevel\\levelnfc23{\\leveltext\\'01\\u8226 ?;}}\\listid5}}"
    + "{\\*\\listoverridetable{\\listoverride\\listid5\\listoverridecount0\\ls1}}"

  @Test("generated files that switch formatting, fonts, tables and links read the same on both paths")
  func generatedFiles() {
    let seed = Self.seed()
    var random = SplitMix64(seed: seed)
    for index in 0..<400 {
      var rtf = Self.header
      for _ in 0..<random.int(in: 0...150) { rtf += random.element(Self.pieces) }
      if random.chance(80) { rtf += "}" }
      let difference = Self.difference(Array(rtf.utf8))
      #expect(difference == nil, "seed \(seed), file \(index): \(difference ?? "")\n\(rtf)")
    }
  }

  /// Whether every paragraph of a read is what normalizing its runs gives: the
  /// reader builds paragraphs without normalizing runs it knows are normal.
  static func paragraphsAreNormal(_ input: [UInt8], limits: RTFLimits = .default) -> Bool {
    guard let read = try? RTFReader(limits: limits).read(input) else { return true }
    return read.text.paragraphs.allSatisfy { Paragraph(runs: $0.runs, style: $0.style) == $0 }
  }

  @Test("read paragraphs are normalized, on the corpus, generated and mutated files")
  func readParagraphsAreNormalized() {
    for name in Corpus.names {
      #expect((try? Corpus.rtf(name)).map { Self.paragraphsAreNormal($0) } ?? true, "\(name)")
    }
    let seed = Self.seed()
    var random = SplitMix64(seed: seed)
    for index in 0..<400 {
      var rtf = Self.header
      for _ in 0..<random.int(in: 0...150) { rtf += random.element(Self.pieces) }
      #expect(Self.paragraphsAreNormal(Array(rtf.utf8)), "seed \(seed), file \(index)\n\(rtf)")
    }
    let limits = RTFLimits(maxGroupDepth: 200, maxGroupCount: 100_000, maxBinaryLength: 1 << 16)
    for index in 0..<1_000 {
      let input = ReaderMutationTests.mutate(random.element(ReaderMutationTests.seeds), with: &random)
      #expect(Self.paragraphsAreNormal(input, limits: limits), "seed \(seed), case \(index)")
    }
  }

  /// The lists `RTFListTable`'s planning gives the items once their `listID`s are
  /// taken off (what `ReaderListIdentities` asked it for before it planned blocks
  /// itself).
  /// The reader canonicalizes the list entries in reading order, table cells
  /// included (`TableCellMarkers.entries`): each entry here is a paragraph.
  static func plannedLists(_ paragraphs: [Paragraph]) -> [Int?] {
    let anonymous = entries(paragraphs).map { marker in
      var style = ParagraphStyle()
      style.list = marker
      style.list?.listID = nil
      return Paragraph(runs: [], style: style)
    }
    return RTFListTable(planning: anonymous).items.map { $0?.list }
  }

  static func blockLists(_ paragraphs: [Paragraph]) -> [Int?] {
    ReaderListIdentities.blockLists(entries(paragraphs))
  }

  static func entries(_ paragraphs: [Paragraph]) -> [ListMarker?] {
    TableCellMarkers.entries(of: paragraphs)?.markers ?? paragraphs.map { $0.style.list }
  }

  @Test("the reader's block lists are the lists RTFListTable plans for items without listID")
  func listPlanningStandIns() throws {
    for name in Corpus.names {
      guard let paragraphs = try? RTFReader().read(try Corpus.rtf(name)).text.paragraphs else { continue }
      #expect(Self.blockLists(paragraphs) == Self.plannedLists(paragraphs), "\(name)")
    }
    let seed = Self.seed()
    var generator = RandomModelGenerator(seed: seed)
    var random = SplitMix64(seed: seed)
    for index in 0..<300 {
      var paragraphs = generator.body().paragraphs
      // Some items name a file list, as read items do; runs of equal markers too.
      for item in paragraphs.indices where paragraphs[item].style.list != nil {
        if random.chance(50) { paragraphs[item].style.list?.listID = random.int(in: 0...3) }
        if item > 0, random.chance(40), let previous = paragraphs[item - 1].style.list {
          paragraphs[item].style.list = previous
        }
      }
      #expect(Self.blockLists(paragraphs) == Self.plannedLists(paragraphs), "seed \(seed), body \(index)")
    }
  }

  /// Cocoa's marker names as the reader looked them up before it searched ASCII
  /// markers as bytes: in the lowercased string, in this order.
  static func namedFormatByString(_ marker: [UInt8]) -> ListMarker.Format? {
    let text = String(decoding: marker, as: UTF8.self).lowercased()
    let named: [(String, ListMarker.Format)] = [
      ("{disc}", .disc), ("{circle}", .circle), ("{square}", .square), ("{hyphen}", .hyphen),
      ("{decimal}", .decimal), ("{lower-alpha}", .lowerAlpha), ("{lower-latin}", .lowerAlpha),
      ("{upper-alpha}", .upperAlpha), ("{upper-latin}", .upperAlpha), ("{lower-roman}", .lowerRoman),
      ("{upper-roman}", .upperRoman),
    ]
    return named.first { text.contains($0.0) }?.1
  }

  @Test("list level markers name the same format as the string search found")
  func levelMarkerFormats() {
    let pieces = [
      "{disc}", "{DISC}", "{Lower-Roman}", "{upper-latin}", "{decimal}", ".", ")", "{", "}", "x", "é",
      "\u{301}", "İ", "\r\n", "{hyphen}", "{square", "circle}", "{lower-alpha}", " ", "\u{212A}",
    ]
    let seed = Self.seed()
    var random = SplitMix64(seed: seed)
    for _ in 0..<3_000 {
      let text = (0..<random.int(in: 0...4)).map { _ in random.element(pieces) }.joined()
      var draft = ListLevelDraft()
      draft.marker = Array(text.utf8)
      let expected = Self.namedFormatByString(draft.marker) ?? {
        var plain = draft
        plain.marker = []
        return text.isEmpty ? plain.format : .disc
      }()
      #expect(draft.format == expected, "seed \(seed): \(text.debugDescription)")
    }
  }

  @Test("mutated corpus files read the same (or fail the same) on both paths")
  func mutatedCorpusFiles() {
    let seed = Self.seed()
    var random = SplitMix64(seed: seed)
    let limits = RTFLimits(maxGroupDepth: 200, maxGroupCount: 100_000, maxBinaryLength: 1 << 16)
    for index in 0..<2_000 {
      let input = ReaderMutationTests.mutate(random.element(ReaderMutationTests.seeds), with: &random)
      let difference = Self.difference(input, limits: limits)
      #expect(difference == nil, "seed \(seed), case \(index): \(difference ?? "")")
    }
  }
}
