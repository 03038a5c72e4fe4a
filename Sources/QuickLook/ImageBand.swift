/// The lower half of a note's thumbnail with an image attachment, as drawn: the image
/// aspect-fit on white. It depends on nothing but the image and the picture's size (the
/// text is clipped to the upper half), so a note whose text changed and whose image did
/// not can be rendered again without decoding the image (see
/// ``ThumbnailRenderer/renderNote(_:imageNamed:band:)``).
public struct ImageBand: Sendable, Hashable {
  /// The width and height of the picture the band belongs to.
  public var size: Int
  /// The first row of the picture the band covers (the rows below it follow).
  public var firstRow: Int
  /// The rows' pixels, 4 bytes each (cairo's native-endian 0x00RRGGBB words).
  public var pixels: [UInt8]

  static let magic = Array("NSQLB01\n".utf8)

  /// The band as bytes to keep in a file: a header, the size and first row, the pixels.
  public func encoded() -> [UInt8] {
    var bytes = Self.magic
    bytes.reserveCapacity(bytes.count + 8 + pixels.count)
    for value in [size, firstRow] {
      let word = UInt32(truncatingIfNeeded: value)
      bytes += [UInt8(word & 0xFF), UInt8((word >> 8) & 0xFF), UInt8((word >> 16) & 0xFF), UInt8(word >> 24)]
    }
    bytes += pixels
    return bytes
  }

  /// A band read back from ``encoded()``; nil when the bytes are not one (a damaged file).
  public init?(encoded bytes: [UInt8]) {
    guard bytes.count >= Self.magic.count + 8, bytes.starts(with: Self.magic) else { return nil }
    func word(at offset: Int) -> Int {
      Int(bytes[offset]) | Int(bytes[offset + 1]) << 8 | Int(bytes[offset + 2]) << 16 | Int(bytes[offset + 3]) << 24
    }
    let size = word(at: Self.magic.count)
    let firstRow = word(at: Self.magic.count + 4)
    let pixels = Array(bytes[(Self.magic.count + 8)...])
    guard ThumbnailRenderer.sizes.contains(size), firstRow >= 0, firstRow <= size,
      pixels.count == (size - firstRow) * size * 4
    else { return nil }
    self.init(size: size, firstRow: firstRow, pixels: pixels)
  }

  /// Creates a band.
  public init(size: Int, firstRow: Int, pixels: [UInt8]) {
    self.size = size
    self.firstRow = firstRow
    self.pixels = pixels
  }
}
