/// A small deterministic random number generator (SplitMix64), so property tests
/// are reproducible from their seed and share no state.
struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A uniformly distributed integer in `range`.
  mutating func int(in range: ClosedRange<Int>) -> Int {
    let width = UInt64(range.upperBound - range.lowerBound) &+ 1
    if width == 0 { return Int(truncatingIfNeeded: next()) }
    return range.lowerBound + Int(next() % width)
  }

  /// True with probability `percent` / 100.
  mutating func chance(_ percent: Int) -> Bool {
    int(in: 0...99) < percent
  }

  mutating func element<T>(_ choices: [T]) -> T {
    choices[int(in: 0...(choices.count - 1))]
  }
}

@testable import RichText

/// Random `AttributedText` bodies for property tests: every attribute the model has,
/// including unknown controls the reader keeps, text beyond the BMP, tabs, line
/// separators, empty paragraphs, links and lists.
///
/// Text never contains what RTF cannot carry in a paragraph (NUL and other C0
/// controls except TAB, "\n", "\r"). Values stay within what the reader gives back:
/// sizes in thousandths of a point, list levels 0–8, the reader's opaque words, and
/// the document's header controls first (the writer puts them on the header line).
struct RandomModelGenerator {
  var random: SplitMix64

  init(seed: UInt64) {
    random = SplitMix64(seed: seed)
  }

  static let textPieces = [
    "a", "note", "Milk", "x y", " ", "  ", "\t", "{", "}", "\\", "\\par", ";", "\"", "'", "0",
    "caf\u{E9}", "\u{A9}", "\u{A0}", "\u{20AC}", "\u{201C}q\u{201D}", "\u{2014}", "\u{2022}",
    "\u{416}\u{438}", "\u{65E5}\u{672C}", "\u{E01}\u{E32}", "\u{1F600}", "\u{1F44D}\u{1F3FD}",
    "\u{1F468}\u{200D}\u{1F469}", "\u{2028}", "\u{FFFD}", "e\u{301}", "\u{10348}", "\u{85}",
  ]
  static let fonts: [Font?] = [
    nil, Font(name: "Helvetica", family: .swiss), Font(name: "Menlo-Regular", family: .modern),
    Font(name: "Times-Roman", family: .roman), Font(name: "Thonburi", charset: 222),
    Font(name: "PingFangSC-Regular", family: .nil, charset: 134),
  ]
  static let colors: [Color?] = [
    nil, .black, .white, Color(red: 255, green: 0, blue: 0), Color(red: 12, green: 200, blue: 99),
  ]
  static let links: [String?] = [
    nil, nil, "https://example.com/a?b=1&c=2", "x.org", "mailto:a@b.example",
    "https://\u{4F8B}.jp/\u{FC}",
  ]
  static let characterControls = [
    "expnd", "expndtw", "kerning", "outl", "strokewidth", "CocoaLigature", "shad",
    "obliqueness", "expansion", "caps", "scaps",
  ]
  static let paragraphControls = [
    "slleading", "slmaximum", "slminimum", "sl", "slmult", "pardeftab", "keepn", "rtlpar",
  ]

  mutating func body() -> AttributedText {
    let styles = (0..<random.int(in: 1...3)).map { _ in paragraphStyle() }
    let paragraphs = (0..<random.int(in: 1...8)).map { _ in
      Paragraph(
        runs: (0..<random.int(in: 0...6)).map { _ in TextRun(text: text(), attributes: attributes()) },
        style: random.element(styles))
    }
    return AttributedText(paragraphs: paragraphs, document: document())
  }

  mutating func text() -> String {
    (0..<random.int(in: 1...4)).map { _ in random.element(Self.textPieces) }.joined()
  }

  mutating func attributes() -> CharacterAttributes {
    var attributes = CharacterAttributes(
      font: random.element(Self.fonts),
      fontSize: random.chance(50) ? nil : random.element([12, 9, 13.5, 13.6, 24.25, 72]),
      isBold: random.chance(30), isItalic: random.chance(30),
      underline: random.chance(70) ? nil : random.element(LineStyle.allCases),
      strikethrough: random.chance(70) ? nil : random.element([.single, .double]),
      foregroundColor: random.element(Self.colors), backgroundColor: random.element(Self.colors),
      link: random.element(Self.links),
      verticalPosition: random.chance(70) ? nil : random.element(VerticalPosition.allCases))
    for _ in 0..<random.int(in: 0...2) where random.chance(40) {
      attributes.setUnknown(opaque(random.element(Self.characterControls)))
    }
    return attributes
  }

  mutating func opaque(_ name: String) -> OpaqueControl {
    OpaqueControl(name: name, parameter: random.chance(25) ? nil : random.int(in: -40...400))
  }

  mutating func paragraphStyle() -> ParagraphStyle {
    var position = 0
    let tabStops = (0..<random.int(in: 0...4)).map { _ in
      position += random.int(in: 1...900)
      return TabStop(position: position, kind: random.element(TabStop.Kind.allCases))
    }
    var style = ParagraphStyle(
      alignment: random.element(Alignment.allCases),
      firstLineIndent: random.chance(50) ? 0 : random.int(in: -1440...1440),
      leftIndent: random.chance(50) ? 0 : random.int(in: 0...2880),
      rightIndent: random.chance(70) ? 0 : random.int(in: 0...720),
      tabStops: tabStops,
      spacingBefore: random.chance(70) ? 0 : random.int(in: 0...480),
      spacingAfter: random.chance(70) ? 0 : random.int(in: 0...480),
      list: random.chance(60)
        ? nil : ListMarker(format: random.element(ListMarker.Format.allCases), level: random.int(in: 0...8)))
    for _ in 0..<random.int(in: 0...2) where random.chance(40) {
      style.setUnknown(opaque(random.element(Self.paragraphControls)))
    }
    return style
  }

  mutating func document() -> DocumentAttributes {
    if random.chance(25) { return DocumentAttributes() }
    var controls: [OpaqueControl] = []
    if random.chance(70) {
      controls += [.init(name: "cocoatextscaling", parameter: 0), .init(name: "cocoaplatform", parameter: 0)]
    }
    for name in ["paperw", "paperh", "margl", "margr", "vieww", "viewh", "viewkind", "deftab"]
    where random.chance(50) {
      controls.append(OpaqueControl(name: name, parameter: random.int(in: 0...20000)))
    }
    let old = random.chance(30)
    return DocumentAttributes(
      cocoaVersion: old ? 1347 : random.element([2822, 2511, 2761]),
      cocoaSubversion: old ? 570 : nil, codePage: random.element([1252, 1252, 1251, 1250, 936]),
      controls: controls)
  }
}
