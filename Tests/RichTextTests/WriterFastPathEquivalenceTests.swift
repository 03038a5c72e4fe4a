import Foundation
import Testing

@testable import RichText

/// The writer's fast paths against the general ones, on every corpus file and on
/// seeded generated inputs:
/// - text is escaped eight bytes at a time, straight into the buffer: checked against
///   a scalar-by-scalar escaper written from the rules alone (runs longer than the
///   writer's chunk among them, the `\uc0` stretch carried from run to run);
/// - unknown words are diffed by one walk over the sorted lists: checked against a
///   search of the whole list;
/// - a paragraph style's words are copied when written before: checked against
///   writing them each time;
/// - runs are written by the number of their attribute set, their words copied when
///   written before, and the tables collected once per set: checked against writing
///   from the state run by run and collecting per run;
/// - attribute sets are compared in place, cheap fields first: checked against `==`;
/// - code page bytes come from a table: checked against the code page's function;
/// - runs and styles are read in place: checked against `runs` and `style`.
@Suite("The writer's fast paths give the bytes of the general ones")
struct WriterFastPathEquivalenceTests {
  static func seed() -> UInt64 { TestSeed.make(for: "WriterFastPathEquivalenceTests") }

  /// Scalars of every kind the escaper tells apart: plain ASCII, the three escaped
  /// ASCII bytes, TAB, other controls and DEL, code page 1252 (from Latin-1 and from
  /// its 0x80–0x9F block), U+2028, the rest of the BMP and beyond it.
  static let pool: [Unicode.Scalar] = Array(
    "abcXYZ019 .,;'\"~|\\{}\t\u{01}\u{1F}\u{7F}\u{A0}éÿ\u{80}\u{9F}€“”—…Œ\u{192}\u{2028}\u{2029}日本\u{FFFC}\u{FFFF}😀\u{10FFFF}"
      .unicodeScalars)

  @Test("every corpus run escapes as the scalar rules say, in both code page modes")
  func corpusRuns() throws {
    var checked = 0
    for name in Corpus.names {
      let read = try RTFReader().read(Corpus.rtf(name))
      let texts = read.text.paragraphs.flatMap { $0.runs.map(\.text) }
      for usesCodePage1252 in [false, true] {
        let (fast, reference) = Self.escape(texts, usesCodePage1252: usesCodePage1252)
        #expect(fast == reference, "\(name), code page 1252: \(usesCodePage1252)")
        checked += texts.count
      }
    }
    #expect(checked > 0)
  }

  @Test("generated text escapes as the scalar rules say, at every length and alignment")
  func generatedText() {
    var random = SplitMix64(seed: Self.seed())
    var failures = 0
    for round in 0..<600 {
      // Mostly plain text with specials now and then; now and then a run longer than
      // the writer's chunk.
      let density = random.element([0, 1, 5, 30, 100])
      let length = round % 50 == 0 ? random.int(in: 4_000...20_000) : random.int(in: 0...80)
      let runCount = random.int(in: 1...4)
      let texts = (0..<runCount).map { _ in
        String(String.UnicodeScalarView((0..<length).map { _ in
          random.chance(density)
            ? random.element(Self.pool) : Unicode.Scalar(UInt8(ascii: "a") + UInt8(random.int(in: 0...25)))
        }))
      }
      let usesCodePage1252 = random.chance(50)
      let (fast, reference) = Self.escape(texts, usesCodePage1252: usesCodePage1252)
      if fast != reference {
        failures += 1
        if failures <= 3 { Issue.record("round \(round): \(texts.map { Array($0.unicodeScalars.prefix(40)) })") }
      }
    }
    #expect(failures == 0)
  }

  @Test("numbers and control words are written as Swift prints them", arguments: [
    0, 1, 9, 10, 99, 100, 12_345, 65_535, 1_000_000, -1, -9, -10, -12_345, Int(Int32.max), Int(Int32.min),
    Int.max, Int.min,
  ])
  func numbers(_ value: Int) {
    var out = RTFByteBuffer(capacity: 0)
    out.number(value)
    out.word("\\fs", value)
    #expect(out.finished() == Array("\(value)\\fs\(value)".utf8))
  }

  @Test("a buffer grows past its capacity and hands over exactly what was written")
  func growth() {
    var out = RTFByteBuffer(capacity: 1)
    var expected: [UInt8] = []
    for index in 0..<5_000 {
      out.raw("\\par")
      out.byte(UInt8(ascii: " "))
      out.append(contentsOf: Array("\(index)".utf8))
      expected += Array("\\par \(index)".utf8)
    }
    #expect(out.count == expected.count)
    #expect(out.bytes == expected)
    #expect(out.finished() == expected)
    #expect(out.isEmpty)
  }

  @Test("the walks over sorted unknown words find what a search of the whole list finds")
  func unknownWordWalks() {
    var random = SplitMix64(seed: Self.seed())
    let names = ["expnd", "expndtw", "kerning", "lang", "langfe", "insrsid", "charscalex", "a", "zz"]
    func controls() -> [OpaqueControl] {
      (0..<random.int(in: 0...6)).map { _ in
        OpaqueControl(name: random.element(names), parameter: random.chance(30) ? nil : random.int(in: -2...2))
      }
    }
    for _ in 0..<3_000 {
      let old = CharacterAttributes(unknown: controls())
      let new = CharacterAttributes(unknown: controls())
      var walked: [OpaqueControl] = []
      RTFCharacterStateWriter.forEachControl(in: new.unknown, missingFrom: old.unknown) { walked.append($0) }
      #expect(walked == new.unknown.filter { !old.unknown.contains($0) }, "\(old.unknown) → \(new.unknown)")
      let searched =
        (old.font != nil && new.font == nil) || (old.fontSize != nil && new.fontSize == nil)
        || old.unknown.contains { control in !new.unknown.contains { $0.name == control.name } }
      #expect(RTFCharacterStateWriter.needsPlain(from: old, to: new) == searched, "\(old.unknown) → \(new.unknown)")
    }
  }

  @Test("bodies written with and without reusing paragraph style words are the same bytes")
  func styleReuse() throws {
    var bodies = try Corpus.names.map { try RTFReader().read(Corpus.rtf($0)).text.forgettingSource() }
    var generator = RandomModelGenerator(seed: Self.seed())
    bodies += (0..<300).map { _ in generator.body() }
    for (index, body) in bodies.enumerated() {
      let tables = RTFResourceTables(collecting: body)
      let lists = RTFListTable(planning: body.paragraphs)
      var writer = RTFBodyWriter(tables: tables, lists: lists, documentUsesCodePage1252: true)
      var reused = RTFByteBuffer(capacity: 0)
      writer.write(body.paragraphs, to: &reused)
      writer.reusesStyleWords = false
      var general = RTFByteBuffer(capacity: 0)
      writer.write(body.paragraphs, to: &general)
      #expect(reused.finished() == general.finished(), "body \(index) (corpus first, then generated)")
    }
  }

  @Test("bodies written by attribute-set numbers are the bytes of those written from the state")
  func attributeSetNumbers() throws {
    var bodies = try Corpus.names.map { try RTFReader().read(Corpus.rtf($0)).text.forgettingSource() }
    var generator = RandomModelGenerator(seed: Self.seed())
    bodies += (0..<300).map { _ in generator.body() }
    for (index, body) in bodies.enumerated() {
      var sets = RTFAttributeSets()
      let numbered = RTFResourceTables(collecting: body, numbering: &sets)
      let tables = RTFResourceTables(collecting: body)
      #expect(numbered.fonts == tables.fonts, "body \(index) (corpus first, then generated)")
      #expect(numbered.colors == tables.colors, "body \(index)")
      #expect(sets.runNumbers.count == body.paragraphs.reduce(0) { $0 + $1.runs.count }, "body \(index)")
      let lists = RTFListTable(planning: body.paragraphs)
      let writer = RTFBodyWriter(tables: tables, lists: lists, documentUsesCodePage1252: true)
      var byNumber = RTFByteBuffer(capacity: 0)
      writer.write(body.paragraphs, sets: &sets, to: &byNumber)
      var general = RTFByteBuffer(capacity: 0)
      writer.write(body.paragraphs, to: &general)
      #expect(byNumber.finished() == general.finished(), "body \(index)")
    }
  }

  @Test("a body whose runs all differ is written by numbers past the kept words, as from the state")
  func manyAttributeSets() {
    // Every run its own colour and size: more pairs than the sets keep words for.
    var paragraphs: [Paragraph] = []
    for index in 0..<3_000 {
      var runs: [TextRun] = []
      for part in 0..<3 {
        var attributes = CharacterAttributes()
        attributes.fontSize = Double(8 + (index + part) % 40) / 2
        attributes.foregroundColor = Color(
          red: UInt8(index % 256), green: UInt8(part), blue: UInt8(index / 256))
        if part == 2 { attributes.link = "https://example.com/\(index % 7)" }
        if part == 1 { attributes.verticalPosition = .superscript }
        runs.append(TextRun(text: "run \(index).\(part) 日本 ", attributes: attributes))
      }
      paragraphs.append(Paragraph(runs: runs))
    }
    let written = Self.writtenBothWays(AttributedText(paragraphs: paragraphs, document: DocumentAttributes()))
    #expect(written.sameTables)
    #expect(written.byNumber == written.general)
  }

  @Test("attribute sets compared in place are equal exactly when == says so")
  func inPlaceComparison() throws {
    let seed = Self.seed()
    var generator = RandomModelGenerator(seed: seed)
    var random = SplitMix64(seed: seed ^ 0x5A5A)
    let element = try #require(
      RTFReader().read(Array(#"{\rtf1\ansi a{\footnote\pard b}c\par}"#.utf8)).text.paragraphs
        .flatMap(\.runs).compactMap(\.attributes.element).first)
    for _ in 0..<2_000 {
      var first = generator.attributes()
      if random.chance(20) { first.element = element }
      // Equal copies, and copies with one field changed (a cheap one or a shared one).
      var second = first
      switch random.int(in: 0...7) {
      case 0: second.isBold.toggle()
      case 1: second.fontSize = second.fontSize == nil ? 12 : nil
      case 2: second.font = second.font == nil ? Font(name: "Courier", family: .modern, charset: 0) : nil
      case 3: second.link = second.link == nil ? "https://example.com" : nil
      case 4: second.element = second.element == nil ? element : nil
      case 5: second = generator.attributes()
      default: break
      }
      #expect(RTFAttributeSets.areEqual(first, second) == (first == second), "\(first) against \(second)")
      #expect(RTFAttributeSets.areEqual(second, first) == (first == second))
    }
  }

  @Test("paragraph styles compared in place are equal exactly when == says so")
  func inPlaceStyleComparison() {
    var generator = RandomModelGenerator(seed: Self.seed())
    for _ in 0..<2_000 {
      let first = generator.paragraphStyle()
      // Equal copies, and copies with one field changed.
      var second = first
      switch generator.random.int(in: 0...6) {
      case 0: second.leftIndent += 1
      case 1: second.list = second.list == nil ? ListMarker(format: .decimal, level: 0) : nil
      case 2: second.list?.level += 1
      case 3: second.tabStops.append(TabStop(position: 9_999, kind: .left))
      case 4: second.setUnknown(OpaqueControl(name: "keepn"))
      case 5: second = generator.paragraphStyle()
      default: break
      }
      let inPlace = withUnsafePointer(to: first) { a in
        withUnsafePointer(to: second) { b in RTFInPlaceComparison.areEqual(a, b) }
      }
      #expect(inPlace == (first == second), "\(first) against \(second)")
    }
  }

  @Test("bodies with tables, pictures, footnotes, lists and many fonts and colours are written by numbers as from the state")
  func elementsAndManyResources() throws {
    let seed = Self.seed()
    var generator = RandomModelGenerator(seed: seed)
    // Elements as the reader makes them, each with the fonts and colours it refers to.
    let elements = try Corpus.names.flatMap { name in
      try RTFReader().read(Corpus.rtf(name)).text.paragraphs.flatMap(\.runs).compactMap(\.attributes.element)
    }
    try #require(elements.contains { $0.isBlock } && elements.contains { !$0.isBlock })
    for round in 0..<300 {
      var paragraphs = generator.body().paragraphs
      // Runs of more fonts and colours than the tables search by comparing.
      for index in paragraphs.indices where generator.random.chance(60) {
        var attributes = generator.attributes()
        attributes.font = Font(name: "Font\(generator.random.int(in: 0...40))", family: .roman)
        attributes.foregroundColor = Color(
          red: UInt8(generator.random.int(in: 0...255)), green: 7, blue: UInt8(generator.random.int(in: 0...3)))
        paragraphs[index].append("many ", attributes: attributes)
      }
      // Elements inside and at the end of paragraphs, some inside links.
      for index in paragraphs.indices where generator.random.chance(40) {
        var attributes = generator.attributes()
        attributes.element = generator.random.element(elements)
        paragraphs[index].append("\u{FFFC}", attributes: attributes)
        if generator.random.chance(50) { paragraphs[index].append("after", attributes: generator.attributes()) }
      }
      let written = Self.writtenBothWays(AttributedText(paragraphs: paragraphs, document: generator.document()))
      #expect(written.sameTables, "round \(round), seed \(seed)")
      #expect(written.byNumber == written.general, "round \(round), seed \(seed)")
    }
  }

  /// `body`'s paragraphs written by attribute-set numbers and from the state, and
  /// whether collecting its tables per set found the fonts and colours collecting per
  /// run finds.
  static func writtenBothWays(_ body: AttributedText) -> (byNumber: [UInt8], general: [UInt8], sameTables: Bool) {
    var sets = RTFAttributeSets()
    let numbered = RTFResourceTables(collecting: body, numbering: &sets)
    let tables = RTFResourceTables(collecting: body)
    let writer = RTFBodyWriter(
      tables: tables, lists: RTFListTable(planning: body.paragraphs), documentUsesCodePage1252: true)
    var byNumber = RTFByteBuffer(capacity: 0)
    writer.write(body.paragraphs, sets: &sets, to: &byNumber)
    var general = RTFByteBuffer(capacity: 0)
    writer.write(body.paragraphs, to: &general)
    let sameTables = numbered.fonts == tables.fonts && numbered.colors == tables.colors
    return (byNumber.finished(), general.finished(), sameTables)
  }

  @Test("the code page table gives the byte of every scalar up to the code page's last")
  func codePageTable() {
    for scalar in 0...CodePage1252.largestScalar where scalar >= 0x80 {
      #expect(CodePage1252.bytesByScalar[Int(scalar)] == CodePage1252.byte(for: scalar) ?? 0, "U+\(scalar)")
    }
  }

  @Test("runs and styles read in place are the paragraph's runs and style")
  func inPlaceParagraphs() {
    var generator = RandomModelGenerator(seed: Self.seed())
    var paragraphs = (0..<200).flatMap { _ in generator.body().paragraphs }
    paragraphs += [Paragraph(), Paragraph(text: "plain"), Paragraph(text: "")]
    for (index, paragraph) in paragraphs.enumerated() {
      #expect(paragraph.withRuns { Array($0) } == paragraph.runs, "paragraph \(index)")
      #expect(paragraph.withStyle { $0.pointee } == paragraph.style, "paragraph \(index)")
    }
  }

  /// The texts written one after the other by the writer, and by the reference.
  static func escape(_ texts: [String], usesCodePage1252: Bool) -> (fast: [UInt8], reference: [UInt8]) {
    var out = RTFByteBuffer(capacity: 16)
    var reference = ReferenceEscaper()
    for text in texts {
      out.text(text, usesCodePage1252: usesCodePage1252)
      reference.text(text, usesCodePage1252: usesCodePage1252)
    }
    return (out.finished(), reference.bytes)
  }
}

/// Escapes text one scalar at a time, straight from the rules of
/// `RTFByteBuffer.text(_:usesCodePage1252:)`.
struct ReferenceEscaper {
  var bytes: [UInt8] = []
  private var inStretch = false

  mutating func text(_ text: String, usesCodePage1252: Bool) {
    for scalar in text.unicodeScalars {
      let value = scalar.value
      switch value {
      case 0x5C, 0x7B, 0x7D:
        append("\\" + String(scalar))
      case 0x09, 0x20..<0x7F:
        append(String(scalar))
      case 0x2028:
        append("\\line ")
      default:
        if usesCodePage1252, value >= 0x80, let code = CodePage1252.byte(for: value) {
          let hex = String(code, radix: 16)
          append("\\'" + (hex.count == 1 ? "0" + hex : hex))
        } else {
          let units = String(scalar).utf16.map { "\\u\($0) " }.joined()
          append((inStretch ? "" : "\\uc0") + units)
          inStretch = true
        }
      }
    }
  }

  private mutating func append(_ piece: String) {
    if !piece.hasPrefix("\\u") { inStretch = false }
    bytes += Array(piece.utf8)
  }
}
