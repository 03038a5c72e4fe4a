import Testing

@testable import RichText

/// Golden files for bodies too large to spell out inline.
@Suite("RTF writer golden files")
struct WriterSnapshotTests {
  @Test("every attribute, unsetting through \\plain, and paragraph styles")
  func everyAttribute() {
    let menlo = Font(name: "Menlo-Regular", family: .modern)
    let thai = Font(name: "Thonburi", family: .nil, charset: 222)
    let blue = Color(red: 0, green: 0, blue: 255)
    var first = Paragraph(style: ParagraphStyle(
      alignment: .center, firstLineIndent: -360, leftIndent: 720, rightIndent: 144,
      tabStops: [
        TabStop(position: 720), TabStop(position: 1440, kind: .center),
        TabStop(position: 2160, kind: .right), TabStop(position: 2880, kind: .decimal),
      ],
      spacingBefore: 120, spacingAfter: 240,
      unknown: [.init(name: "partightenfactor", parameter: 0), .init(name: "slleading", parameter: 20),
                .init(name: "pardirnatural")]))
    first.append("Code", attributes: CharacterAttributes(font: menlo, fontSize: 11))
    first.append(" big", attributes: CharacterAttributes(fontSize: 13.6, isItalic: true))
    first.append(" plain", attributes: CharacterAttributes())
    first.append(" marked", attributes: CharacterAttributes(
      underline: .double, strikethrough: .double, backgroundColor: .white,
      unknown: [.init(name: "expnd", parameter: 0), .init(name: "kerning", parameter: 1)]))
    first.append(" wavy", attributes: CharacterAttributes(
      underline: .wavy, strikethrough: .single, foregroundColor: blue,
      verticalPosition: .superscript, unknown: [.init(name: "expnd", parameter: 0)]))
    first.append(" \u{E0}", attributes: CharacterAttributes(font: thai, verticalPosition: .subscript))
    var second = Paragraph(style: ParagraphStyle(alignment: .justified))
    second.append("link ", attributes: CharacterAttributes(link: "x.org"))
    second.append("bold", attributes: CharacterAttributes(isBold: true, link: "x.org"))
    second.append(" other", attributes: CharacterAttributes(link: "y.org"))
    let body = AttributedText(paragraphs: [first, second, Paragraph(), Paragraph()])
    WriterGoldenFile.assertMatches(RTFWriter().write(body), named: "every-attribute.rtf")
  }
}
