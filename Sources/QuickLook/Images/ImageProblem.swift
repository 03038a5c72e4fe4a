/// Why an image attachment is drawn as a placeholder instead of itself.
public enum ImageProblem: Error, Hashable, Sendable, CustomStringConvertible {
  /// The image declares more pixels than ``ImageLimits`` allow; it was not decoded.
  case tooLarge(width: Int, height: Int)
  /// The decoder could not read the image; its message.
  case unreadable(String)

  /// What is wrong, as the end of a sentence.
  public var description: String {
    switch self {
    case .tooLarge(let width, let height): "it is too large to draw (\(width)×\(height) pixels)"
    case .unreadable(let message): "it cannot be read: \(message)"
    }
  }
}

/// The largest images QuickLook decodes. The size an image declares is checked before
/// any pixel is decoded, so a small file that claims to be huge costs nothing.
public struct ImageLimits: Hashable, Sendable {
  /// The most pixels (width × height) an image may declare.
  public var maximumPixels: Int
  /// The longest side an image may declare, in pixels.
  public var maximumSide: Int

  /// Creates limits.
  public init(maximumPixels: Int = 50_000_000, maximumSide: Int = 16_384) {
    self.maximumPixels = maximumPixels
    self.maximumSide = maximumSide
  }

  /// Whether an image of `width`×`height` is within the limits.
  public func allow(width: Int, height: Int) -> Bool {
    width > 0 && height > 0 && width <= maximumSide && height <= maximumSide
      && width.multipliedReportingOverflow(by: height).partialValue <= maximumPixels
  }
}
