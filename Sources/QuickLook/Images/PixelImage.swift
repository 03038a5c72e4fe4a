internal import CGdkPixbuf

/// An 8-bit RGBA colour.
public struct PixelColor: Hashable, Sendable, CustomStringConvertible {
  /// Red, 0–255.
  public var red: UInt8
  /// Green, 0–255.
  public var green: UInt8
  /// Blue, 0–255.
  public var blue: UInt8
  /// Opacity, 0–255.
  public var alpha: UInt8

  /// Creates a colour; opaque unless `alpha` is given.
  public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
  }

  /// The mean of red, green and blue: 0 is black, 255 white.
  public var brightness: Int { (Int(red) + Int(green) + Int(blue)) / 3 }

  /// Whether every channel is within `tolerance` of `other`'s.
  public func isClose(to other: PixelColor, tolerance: Int = 24) -> Bool {
    abs(Int(red) - Int(other.red)) <= tolerance && abs(Int(green) - Int(other.green)) <= tolerance
      && abs(Int(blue) - Int(other.blue)) <= tolerance
  }

  /// `rgba(r, g, b, a)`.
  public var description: String { "rgba(\(red), \(green), \(blue), \(alpha))" }
}

/// A picture as plain pixels: to read what a thumbnail shows, or to make an image file.
///
/// ```swift
/// var image = PixelImage(width: 64, height: 32, fill: PixelColor(red: 255, green: 0, blue: 0))
/// let png = try image.encoded(as: .png)
/// let back = try PixelImage(decoding: png)
/// back[10, 10]  // rgba(255, 0, 0, 255)
/// ```
public struct PixelImage: Hashable, Sendable {
  /// The width in pixels.
  public let width: Int
  /// The height in pixels.
  public let height: Int
  /// The pixels, row by row, four bytes (RGBA) each.
  public private(set) var rgba: [UInt8]

  /// A picture of one colour.
  public init(width: Int, height: Int, fill: PixelColor) {
    self.width = max(0, width)
    self.height = max(0, height)
    rgba = [UInt8](repeating: 0, count: self.width * self.height * 4)
    for index in stride(from: 0, to: rgba.count, by: 4) {
      rgba[index] = fill.red
      rgba[index + 1] = fill.green
      rgba[index + 2] = fill.blue
      rgba[index + 3] = fill.alpha
    }
  }

  /// Decodes an image file (PNG, JPEG, …) within `limits`.
  ///
  /// - Throws: ``ImageDecodingError`` naming the problem (too large, unreadable).
  public init(decoding data: [UInt8], limits: ImageLimits = ImageLimits()) throws {
    switch ImageDecoder.decode(data, fittingIn: Int.max / 4, Int.max / 4, limits: limits) {
    case .success(let pixbuf):
      width = pixbuf.width
      height = pixbuf.height
      rgba = pixbuf.rgba()
    case .failure(let problem):
      throw ImageDecodingError(problem: problem)
    }
  }

  /// The pixel at column `x`, row `y` (both from 0, from the top left).
  public subscript(x: Int, y: Int) -> PixelColor {
    get {
      let index = (y * width + x) * 4
      return PixelColor(red: rgba[index], green: rgba[index + 1], blue: rgba[index + 2], alpha: rgba[index + 3])
    }
    set {
      let index = (y * width + x) * 4
      rgba[index] = newValue.red
      rgba[index + 1] = newValue.green
      rgba[index + 2] = newValue.blue
      rgba[index + 3] = newValue.alpha
    }
  }

  /// The colours of the pixels in rows `rows` (every `step`th pixel), for questions
  /// such as "does the top half hold dark pixels".
  public func colors(inRows rows: Range<Int>, step: Int = 1) -> [PixelColor] {
    var found: [PixelColor] = []
    let clamped = rows.clamped(to: 0..<height)
    for y in stride(from: clamped.lowerBound, to: clamped.upperBound, by: max(1, step)) {
      for x in stride(from: 0, to: width, by: max(1, step)) { found.append(self[x, y]) }
    }
    return found
  }

  /// File formats a picture can be written as.
  public enum FileFormat: String, Sendable, CaseIterable {
    /// PNG, lossless.
    case png
    /// JPEG at quality 90.
    case jpeg
  }

  /// The picture as an image file.
  ///
  /// - Throws: ``QuickLookError`` with gdk-pixbuf's message.
  ///
  /// The corresponding gdk-pixbuf function is `gdk_pixbuf_save_to_bufferv`.
  public func encoded(as format: FileFormat) throws -> [UInt8] {
    var pixels = rgba
    switch format {
    case .png:
      return try ImageEncoder.encode(&pixels, width: width, height: height, channels: 4, format: "png", options: [])
    case .jpeg:
      return try ImageEncoder.encode(
        &pixels, width: width, height: height, channels: 4, format: "jpeg", options: [("quality", "90")])
    }
  }
}

/// An image that could not be decoded, and why.
public struct ImageDecodingError: Error, Sendable, CustomStringConvertible {
  /// What was wrong with it.
  public var problem: ImageProblem

  /// A sentence naming the problem.
  public var description: String { "The image cannot be decoded: \(problem)." }
}
