import Foundation
import QuickLook
import RichText
import Testing

/// A note whose text changed and whose image did not is drawn again from the image band
/// of its last thumbnail, byte for byte what a full render gives.
@Suite("Image bands")
struct ImageBandTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var id: String
    var size: Int
    var text: String
    var testDescription: String { id }
  }

  static let cases = [
    Case(id: "a short text at 512", size: 512, text: "Trip to the lake"),
    Case(id: "a text overflowing the top half at 512", size: 512,
      text: (1...80).map { "Line \($0) of a long note" }.joined(separator: "\n")),
    Case(id: "an odd size", size: 301, text: "Odd\nsize"),
  ]

  @Test("a render from the band equals a full render", arguments: cases)
  func sameBytes(_ testCase: Case) throws {
    let renderer = ThumbnailRenderer(size: testCase.size)
    let file = try TestImages.twoColors(TestImages.red, TestImages.blue, width: 1200, height: 900).encoded(as: .jpeg)
    let image = ImageAttachment(name: "photo.jpg", content: file)
    let first = try renderer.renderNote(AttributedText(plainText: "Before the edit"), image: image)
    let band = try #require(first.imageBand)
    let text = AttributedText(plainText: testCase.text)
    let full = try renderer.renderNote(text, image: image)
    let fromBand = try renderer.renderNote(text, imageNamed: "photo.jpg", band: band)
    #expect(fromBand.png == full.png)
    #expect(fromBand.content == .textAndImage(name: "photo.jpg"))
    #expect(ImageBand(encoded: band.encoded()) == band)
  }

  @Test("a band is refused for another size, and damaged band bytes are no band")
  func refused() throws {
    let file = try TestImages.png(TestImages.twoColors(TestImages.red, TestImages.blue))
    let band = try #require(
      try ThumbnailRenderer(size: 256).renderNote(AttributedText(), image: ImageAttachment(name: "a.png", content: file))
        .imageBand)
    #expect(throws: QuickLookError.self) {
      try ThumbnailRenderer(size: 512).renderNote(AttributedText(), imageNamed: "a.png", band: band)
    }
    #expect(ImageBand(encoded: Array(band.encoded().dropLast())) == nil)
    #expect(ImageBand(encoded: Array("garbage".utf8)) == nil)
  }

  @Test("a placeholder or a text-only note has no band")
  func noBand() throws {
    let renderer = ThumbnailRenderer()
    #expect(try renderer.renderNote(AttributedText(plainText: "x"), image: nil).imageBand == nil)
    let broken = ImageAttachment(name: "broken.png", content: Array("not a picture".utf8))
    #expect(try renderer.renderNote(AttributedText(plainText: "x"), image: broken).imageBand == nil)
  }
}
