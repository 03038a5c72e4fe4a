import RichText

/// Generates Cocoa-style note bodies of a given size: paragraphs of words with mixed
/// formatting, links, accented and non-Latin text, emoji, tabs and bullet lists.
/// Deterministic (SplitMix64 from a fixed seed).
struct RTFBodyGenerator {
  private var random = SeededGenerator(seed: 0x5EED)

  private mutating func next(_ bound: Int) -> Int {
    Int(random.next() % UInt64(bound))
  }

  private static let words = [
    "note", "milk", "the", "quick", "brown", "fox", "jumps", "over", "lazy", "dog", "café",
    "naïve", "résumé", "straße", "日本語", "テキスト", "Привет", "😀", "👍🏽", "—", "“quoted”",
    "meeting", "tomorrow", "at", "10:00", "{braces}", "back\\slash", "tab\there",
  ]

  /// A body whose text is about `approximateBytes` long (its RTF is somewhat larger).
  mutating func body(approximateBytes: Int) -> AttributedText {
    let helvetica = Font(name: "Helvetica", family: .swiss)
    let bold = Font(name: "Helvetica-Bold", family: .swiss)
    let plain = CharacterAttributes(font: helvetica, fontSize: 12)
    var strong = plain
    strong.font = bold
    strong.isBold = true
    var colored = plain
    colored.foregroundColor = Color(red: 200, green: 30, blue: 30)
    var underlined = plain
    underlined.underline = .single
    var linked = plain
    linked.link = "https://example.com/notes"
    let styles = [plain, plain, plain, plain, strong, colored, underlined, linked]
    let normal = ParagraphStyle(
      tabStops: (1...12).map { TabStop(position: $0 * 560) },
      unknown: [OpaqueControl(name: "pardirnatural"), OpaqueControl(name: "partightenfactor", parameter: 0)])
    var item = normal
    item.list = ListMarker(format: .disc)
    item.leftIndent = 720
    item.firstLineIndent = -720

    var paragraphs: [Paragraph] = []
    var size = 0
    while size < approximateBytes {
      var paragraph = Paragraph(style: next(5) == 0 ? item : normal)
      var style = plain
      for _ in 0..<(5 + next(60)) {
        let word = Self.words[next(Self.words.count)]
        // Formatting changes every eight words or so, as in real notes.
        if next(8) == 0 { style = styles[next(styles.count)] }
        paragraph.append(word + " ", attributes: style)
        size += word.utf8.count + 1
      }
      paragraphs.append(paragraph)
    }
    return AttributedText(
      paragraphs: paragraphs, document: RTFWriter.writtenDocumentAttributes(DocumentAttributes()))
  }
}
