import QuickLook
import RichText
import Testing

/// The thumbnail keeps the body's formatting: measured on the pixels.
@Suite("Text formatting in thumbnails")
struct TextFormattingTests {
  let renderer = ThumbnailRenderer()

  private func render(_ text: String, _ attributes: CharacterAttributes = CharacterAttributes(), alignment: Alignment = .natural) throws -> PixelImage {
    let body = AttributedText(plainText: text, attributes: attributes, style: ParagraphStyle(alignment: alignment))
    return try PixelImage(decoding: try renderer.renderNote(body, image: nil).png)
  }

  private func inkedColumns(_ picture: PixelImage) -> (first: Int, last: Int) {
    var first = picture.width
    var last = 0
    for y in stride(from: 0, to: picture.height, by: 2) {
      for x in 0..<picture.width where picture[x, y].brightness < 160 {
        first = min(first, x)
        last = max(last, x)
      }
    }
    return (first, last)
  }

  private func inkedRows(_ picture: PixelImage) -> Int {
    (0..<picture.height).filter { y in stride(from: 0, to: picture.width, by: 2).contains { picture[$0, y].brightness < 160 } }.count
  }

  private func ink(_ picture: PixelImage) -> Int {
    picture.colors(inRows: 0..<picture.height).filter { $0.brightness < 160 }.count
  }

  @Test("alignment: left text starts at the margin, right text ends at it, centred text sits in the middle")
  func alignment() throws {
    let left = inkedColumns(try render("Short", alignment: .left))
    let right = inkedColumns(try render("Short", alignment: .right))
    let center = inkedColumns(try render("Short", alignment: .center))
    #expect(left.first < 40 && left.last < 256)
    #expect(right.first > 256 && right.last > 470)
    #expect(center.first > 150 && center.last < 362)
  }

  @Test("a larger font size makes taller text")
  func size() throws {
    let small = inkedRows(try render("Hello", CharacterAttributes(fontSize: 12)))
    let large = inkedRows(try render("Hello", CharacterAttributes(fontSize: 36)))
    #expect(large > small * 2)
  }

  @Test("bold text has more ink than regular text")
  func bold() throws {
    let regular = ink(try render("Heavy words here"))
    let bold = ink(try render("Heavy words here", CharacterAttributes(isBold: true)))
    #expect(Double(bold) > Double(regular) * 1.15)
  }

  @Test("italic text is drawn differently from upright text")
  func italic() throws {
    let upright = try render("Slanted words")
    let italic = try render("Slanted words", CharacterAttributes(isItalic: true))
    #expect(upright != italic)
  }

  @Test("the text's colour is kept")
  func colour() throws {
    let red = Color(red: 230, green: 0, blue: 0)
    let picture = try render("Red words, big", CharacterAttributes(fontSize: 30, foregroundColor: red))
    let reds = picture.pixels(inRows: 0..<picture.height, closeTo: PixelColor(red: 230, green: 0, blue: 0), tolerance: 30)
    #expect(reds > 100)
  }

  @Test("the font family is kept: a monospaced font draws differently from a serif one")
  func family() throws {
    let mono = try render("Family test iiii", CharacterAttributes(font: Font(name: "Courier", family: .modern)))
    let serif = try render("Family test iiii", CharacterAttributes(font: Font(name: "TimesNewRomanPSMT", family: .roman)))
    #expect(inkedColumns(mono).last > inkedColumns(serif).last)
  }
}
