/// Bounds the RTF reader enforces so that hostile or broken input ends in an
/// ``RTFError`` instead of exhausting memory or time.
///
/// The defaults are far above what any note needs (a 256 MiB body, 1 000 nested
/// groups) and low enough that reading cannot run away.
public struct RTFLimits: Sendable, Hashable {
  /// The largest input, in bytes, the reader accepts.
  public var maxInputBytes: Int
  /// The deepest nesting of `{` groups the reader accepts.
  public var maxGroupDepth: Int
  /// The most `{` groups one document may open in total.
  public var maxGroupCount: Int
  /// The largest `\binN` payload, in bytes.
  public var maxBinaryLength: Int

  /// Creates limits; every value not given is the default.
  public init(
    maxInputBytes: Int = 256 << 20, maxGroupDepth: Int = 1_000,
    maxGroupCount: Int = 10_000_000, maxBinaryLength: Int = 64 << 20
  ) {
    self.maxInputBytes = maxInputBytes
    self.maxGroupDepth = maxGroupDepth
    self.maxGroupCount = maxGroupCount
    self.maxBinaryLength = maxBinaryLength
  }

  /// 256 MiB input, 1 000 nested groups, 10 000 000 groups, 64 MiB `\bin` payloads.
  public static let `default` = RTFLimits()
}
