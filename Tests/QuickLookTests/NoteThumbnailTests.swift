import Foundation
import QuickLook
import RichText
import Testing

@Suite("Note thumbnails")
struct NoteThumbnailTests {
  let renderer = ThumbnailRenderer()
  static let shortText = AttributedText(plainText: "Shopping list\nMilk\nEggs\nBread")
  static let longText = AttributedText(
    plainText: (1...60).map { "Line \($0) of a long note that keeps going" }.joined(separator: "\n"))

  @Test("a note with text only is a 512×512 PNG whose text fills the picture")
  func textOnly() throws {
    let thumbnail = try renderer.renderNote(Self.longText, image: nil)
    let picture = try PixelImage(decoding: thumbnail.png)
    #expect(thumbnail.png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    #expect(picture.width == 512 && picture.height == 512)
    #expect(thumbnail.content == .text)
    #expect(picture.darkPixels(inRows: picture.topHalf) > 200)
    #expect(picture.darkPixels(inRows: picture.bottomHalf) > 200)
    #expect(picture[2, 2].isClose(to: PixelColor(red: 255, green: 255, blue: 255), tolerance: 0))
  }

  struct ImageCase: CustomTestStringConvertible, Sendable {
    var format: PixelImage.FileFormat
    var left: PixelColor
    var right: PixelColor
    var testDescription: String { "a \(format) attachment" }
  }

  static let imageCases = [
    ImageCase(format: .png, left: TestImages.red, right: TestImages.blue),
    ImageCase(format: .jpeg, left: TestImages.green, right: TestImages.red),
  ]

  @Test("with an image attachment the text is on top and the image's colours below", arguments: imageCases)
  func textAndImage(_ testCase: ImageCase) throws {
    let file = try TestImages.twoColors(testCase.left, testCase.right).encoded(as: testCase.format)
    let thumbnail = try renderer.renderNote(Self.longText, image: ImageAttachment(name: "picture", content: file))
    let picture = try PixelImage(decoding: thumbnail.png)
    #expect(thumbnail.content == .textAndImage(name: "picture"))
    #expect(picture.width == 512 && picture.height == 512)
    #expect(picture.darkPixels(inRows: picture.topHalf) > 200)
    for color in [testCase.left, testCase.right] {
      #expect(picture.pixels(inRows: picture.bottomHalf, closeTo: color) > 1_000, "bottom half lacks \(color)")
      #expect(picture.pixels(inRows: picture.topHalf, closeTo: color) == 0, "top half shows \(color)")
    }
  }

  @Test("the image is fitted keeping its aspect ratio")
  func aspectFit() throws {
    // A wide image (4:1) in the bottom half (about 480×224): its height is about 120.
    let file = try TestImages.png(PixelImage(width: 400, height: 100, fill: TestImages.blue))
    let thumbnail = try renderer.renderNote(AttributedText(), image: ImageAttachment(name: "wide.png", content: file))
    let picture = try PixelImage(decoding: thumbnail.png)
    let rows = (picture.height / 2..<picture.height).filter { picture[256, $0].isClose(to: TestImages.blue) }
    #expect((110...130).contains(rows.count), "the image is \(rows.count) pixels high")
  }

  struct BadImageCase: CustomTestStringConvertible, Sendable {
    var label: String
    var content: @Sendable () throws -> [UInt8]
    var tooLarge: Bool
    var testDescription: String { label }
  }

  static let badImages: [BadImageCase] = [
    BadImageCase(label: "a PNG cut short", content: { Array(try TestImages.png(TestImages.twoColors(TestImages.red, TestImages.blue)).prefix(60)) }, tooLarge: false),
    BadImageCase(label: "bytes that are no image", content: { Array("not a picture at all".utf8) }, tooLarge: false),
    BadImageCase(label: "an empty file", content: { [] }, tooLarge: false),
    BadImageCase(label: "a PNG declaring 20000×20000", content: { TestImages.declaredPNG(width: 20_000, height: 20_000) }, tooLarge: true),
    BadImageCase(label: "a JPEG declaring 20000×20000", content: { try TestImages.declaredJPEG(width: 20_000, height: 20_000) }, tooLarge: true),
  ]

  @Test("a broken or huge image gives a placeholder, never a crash", arguments: badImages)
  func placeholder(_ testCase: BadImageCase) throws {
    let content = try testCase.content()
    let thumbnail = try renderer.renderNote(Self.shortText, image: ImageAttachment(name: "bad.png", content: content))
    guard case .textAndPlaceholder(let name, let problem) = thumbnail.content else {
      Issue.record("expected a placeholder, got \(thumbnail.content)")
      return
    }
    #expect(name == "bad.png")
    if testCase.tooLarge {
      #expect(problem == .tooLarge(width: 20_000, height: 20_000))
    } else {
      guard case .unreadable = problem else { Issue.record("expected unreadable, got \(problem)"); return }
    }
    let picture = try PixelImage(decoding: thumbnail.png)
    #expect(picture.pixels(inRows: picture.bottomHalf, closeTo: ThumbnailRenderer.placeholderColor, tolerance: 2) > 1_000)
    #expect(picture.darkPixels(inRows: picture.topHalf) > 50)
  }

  @Test("the same note gives the same bytes")
  func deterministic() throws {
    let file = try TestImages.jpeg(TestImages.twoColors(TestImages.green, TestImages.blue))
    let image = ImageAttachment(name: "photo.jpg", content: file)
    let first = try renderer.renderNote(Self.longText, image: image).png
    let second = try ThumbnailRenderer().renderNote(Self.longText, image: image).png
    #expect(first == second)
  }

  @Test("other sizes are honoured", arguments: [64, 200, 1024])
  func sizes(_ size: Int) throws {
    let picture = try PixelImage(decoding: try ThumbnailRenderer(size: size).renderNote(Self.shortText, image: nil).png)
    #expect(picture.width == size && picture.height == size)
  }

  @Test("rendering frees every C handle it made")
  func noLeaks() throws {
    let file = try TestImages.png(TestImages.twoColors(TestImages.red, TestImages.blue))
    let leaked = try QuickLookLibrary.handlesLeaked {
      _ = try renderer.renderNote(Self.longText, image: ImageAttachment(name: "a.png", content: file))
      _ = try renderer.renderNote(Self.shortText, image: ImageAttachment(name: "b.png", content: Array(file.prefix(40))))
      _ = try renderer.renderAttachment(named: "c.pdf", type: .pdf, content: TestImages.pdf)
    }
    #expect(leaked == 0)
  }
}
