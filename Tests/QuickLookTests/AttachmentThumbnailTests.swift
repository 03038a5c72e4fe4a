import QuickLook
import Testing

@Suite("Attachment thumbnails")
struct AttachmentThumbnailTests {
  let renderer = ThumbnailRenderer()

  struct IconCase: CustomTestStringConvertible, Sendable {
    var name: String
    var type: ContentType
    var label: String
    var testDescription: String { "\(name) is a file icon labelled \(label)" }
  }

  static let icons = [
    IconCase(name: "paper.pdf", type: .pdf, label: "PDF"),
    IconCase(name: "report.docx", type: ContentType("application/vnd.openxmlformats-officedocument.wordprocessingml.document"), label: "DOCX"),
    IconCase(name: "backup.tar.gz", type: ContentType("application/gzip"), label: "GZ"),
    IconCase(name: "README", type: .plainText, label: "TXT"),
    IconCase(name: "blob", type: .data, label: "FILE"),
  ]

  @Test("a file that is not an image becomes a file icon with its extension", arguments: icons)
  func fileIcon(_ testCase: IconCase) throws {
    let thumbnail = try renderer.renderAttachment(named: testCase.name, type: testCase.type, content: TestImages.pdf)
    #expect(thumbnail.content == .fileIcon(name: testCase.name, label: testCase.label))
    let picture = try PixelImage(decoding: thumbnail.png)
    #expect(picture.width == 512 && picture.height == 512)
    // The label is white text on the coloured band, the name dark text below.
    #expect(picture.darkPixels(inRows: 440..<512) > 20)
  }

  @Test("a PDF's icon has a red band and different labels draw different icons")
  func pdfIcon() throws {
    let pdf = try PixelImage(decoding: try renderer.renderAttachment(named: "a.pdf", type: .pdf, content: TestImages.pdf).png)
    let red = PixelColor(red: 204, green: 41, blue: 36)
    #expect(pdf.pixels(inRows: 0..<512, closeTo: red, tolerance: 6) > 1_000)
    let zip = try renderer.renderAttachment(named: "a.zip", type: .zip, content: []).png
    #expect(try PixelImage(decoding: zip) != pdf)
  }

  @Test("an image attachment is the image itself, scaled")
  func image() throws {
    let file = try TestImages.png(TestImages.twoColors(TestImages.red, TestImages.blue))
    let thumbnail = try renderer.renderAttachment(named: "photo.png", type: .png, content: file)
    #expect(thumbnail.content == .image(name: "photo.png"))
    let picture = try PixelImage(decoding: thumbnail.png)
    #expect(picture[100, 256].isClose(to: TestImages.red))
    #expect(picture[400, 256].isClose(to: TestImages.blue))
  }

  @Test("a huge image attachment is a placeholder, not decoded")
  func hugeImage() throws {
    let thumbnail = try renderer.renderAttachment(named: "huge.png", type: .png, content: TestImages.declaredPNG(width: 20_000, height: 20_000))
    #expect(thumbnail.content == .placeholder(name: "huge.png", problem: .tooLarge(width: 20_000, height: 20_000)))
  }
}
