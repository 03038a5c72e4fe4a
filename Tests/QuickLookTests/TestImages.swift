import Foundation
import QuickLook

/// Image files the tests make themselves: real PNG and JPEG files encoded by
/// gdk-pixbuf, and hand-built broken or oversized ones.
enum TestImages {
  static let red = PixelColor(red: 220, green: 20, blue: 30)
  static let blue = PixelColor(red: 20, green: 60, blue: 210)
  static let green = PixelColor(red: 30, green: 180, blue: 60)

  /// A picture whose left half is `left` and right half `right`.
  static func twoColors(_ left: PixelColor, _ right: PixelColor, width: Int = 160, height: Int = 120) -> PixelImage {
    var image = PixelImage(width: width, height: height, fill: left)
    for y in 0..<height {
      for x in (width / 2)..<width { image[x, y] = right }
    }
    return image
  }

  static func png(_ image: PixelImage) throws -> [UInt8] { try image.encoded(as: .png) }
  static func jpeg(_ image: PixelImage) throws -> [UInt8] { try image.encoded(as: .jpeg) }

  /// A minimal, valid one-page PDF.
  static let pdf: [UInt8] = Array(
    """
    %PDF-1.4
    1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj
    2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj
    3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj
    trailer << /Root 1 0 R >>
    %%EOF

    """.utf8)

  /// A PNG whose header declares `width`×`height` (with correct checksums) followed by
  /// a few bytes of image data: small on disk, enormous if decoded.
  static func declaredPNG(width: UInt32, height: UInt32) -> [UInt8] {
    var ihdr = bigEndian(width) + bigEndian(height)
    ihdr += [8, 2, 0, 0, 0]  // 8-bit RGB, deflate, no filter, no interlace
    let idat: [UInt8] = [0x78, 0x9C, 0x63, 0x60, 0x00, 0x00, 0x00, 0x02, 0x00, 0x01]
    return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", ihdr) + chunk("IDAT", idat)
      + chunk("IEND", [])
  }

  /// A real JPEG whose frame header (SOF0) is rewritten to declare `width`×`height`.
  static func declaredJPEG(width: UInt16, height: UInt16) throws -> [UInt8] {
    var bytes = try jpeg(PixelImage(width: 16, height: 16, fill: green))
    guard let sof = (0..<(bytes.count - 9)).first(where: { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC0 }) else {
      return bytes
    }
    bytes[sof + 5] = UInt8(height >> 8)
    bytes[sof + 6] = UInt8(height & 0xFF)
    bytes[sof + 7] = UInt8(width >> 8)
    bytes[sof + 8] = UInt8(width & 0xFF)
    return bytes
  }

  private static func bigEndian(_ value: UInt32) -> [UInt8] {
    [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
  }

  private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
    let typed = Array(type.utf8) + data
    return bigEndian(UInt32(data.count)) + typed + bigEndian(crc32(typed))
  }

  private static func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = (crc >> 1) ^ (crc & 1 == 1 ? 0xEDB8_8320 : 0) }
    }
    return crc ^ 0xFFFF_FFFF
  }
}

extension PixelImage {
  /// How many sampled pixels in `rows` are dark (text).
  func darkPixels(inRows rows: Range<Int>) -> Int {
    colors(inRows: rows, step: 2).filter { $0.brightness < 100 }.count
  }

  /// How many sampled pixels in `rows` are close to `color`.
  func pixels(inRows rows: Range<Int>, closeTo color: PixelColor, tolerance: Int = 24) -> Int {
    colors(inRows: rows, step: 2).filter { $0.isClose(to: color, tolerance: tolerance) }.count
  }

  var topHalf: Range<Int> { 0..<(height / 2) }
  var bottomHalf: Range<Int> { (height / 2)..<height }
}

/// A seeded random generator (SplitMix64), so a failing random test can be replayed.
struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64
  init(seed: UInt64) { state = seed }

  /// `NOTES_TEST_SEED` when set, else a random seed; printed (as `label`) so that a
  /// failing run can be replayed.
  static func testSeed(_ label: String) -> UInt64 {
    let given = ProcessInfo.processInfo.environment["NOTES_TEST_SEED"].flatMap { UInt64($0) }
    let seed = given ?? UInt64.random(in: 0...UInt64.max)
    print("\(label) seed: \(seed) (replay with NOTES_TEST_SEED=\(seed))")
    return seed
  }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
