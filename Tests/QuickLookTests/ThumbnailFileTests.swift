import QuickLook
import RichText
import Testing

/// The PNG files thumbnails are written as (straight through zlib, every row Up-filtered)
/// hold exactly the pixels drawn, as an independent decoder (gdk-pixbuf's libpng) reads them.
@Suite("Thumbnail files")
struct ThumbnailFileTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var id: String
    var size: Int
    var testDescription: String { id }
  }

  static let cases = [Case(id: "512×512", size: 512), Case(id: "an odd size", size: 301), Case(id: "tiny", size: 16)]

  @Test("the file decodes to the pixels of the image band, byte for byte", arguments: cases)
  func exactPixels(_ testCase: Case) throws {
    let seed = UInt64.random(in: 0...UInt64.max)
    print("noise image seed: \(seed)")
    let renderer = ThumbnailRenderer(size: testCase.size)
    let thumbnail = try renderer.renderNote(
      AttributedText(plainText: "Noise below"),
      image: ImageAttachment(name: "noise.png", content: try Self.noise(seed: seed).encoded(as: .png)))
    let band = try #require(thumbnail.imageBand)
    let picture = try PixelImage(decoding: thumbnail.png)
    #expect(picture.width == testCase.size && picture.height == testCase.size)
    var mismatches = 0
    for y in band.firstRow..<testCase.size {
      for x in 0..<testCase.size {
        let offset = ((y - band.firstRow) * testCase.size + x) * 4
        let word = (0..<4).reduce(UInt32(0)) { $0 | UInt32(band.pixels[offset + $1]) << (8 * UInt32($1)) }
        let drawn = PixelColor(
          red: UInt8(truncatingIfNeeded: word >> 16), green: UInt8(truncatingIfNeeded: word >> 8),
          blue: UInt8(truncatingIfNeeded: word))
        if picture[x, y] != drawn { mismatches += 1 }
      }
    }
    #expect(mismatches == 0)
  }

  @Test("a render of the same note twice gives the same file")
  func sameFile() throws {
    let image = ImageAttachment(name: "noise.png", content: try Self.noise(seed: 14).encoded(as: .png))
    let text = AttributedText(plainText: "Same\nnote")
    #expect(try ThumbnailRenderer().renderNote(text, image: image).png == ThumbnailRenderer().renderNote(text, image: image).png)
  }

  /// A picture of random colours, so that every byte difference between rows occurs.
  static func noise(seed: UInt64) -> PixelImage {
    var generator = SeededGenerator(seed: seed)
    var image = PixelImage(width: 300, height: 200, fill: PixelColor(red: 0, green: 0, blue: 0))
    for y in 0..<200 {
      for x in 0..<300 {
        let value = generator.next()
        image[x, y] = PixelColor(
          red: UInt8(truncatingIfNeeded: value), green: UInt8(truncatingIfNeeded: value >> 8),
          blue: UInt8(truncatingIfNeeded: value >> 16))
      }
    }
    return image
  }
}
