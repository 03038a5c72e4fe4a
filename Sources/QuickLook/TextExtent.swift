import RichText

/// How far a note's text reached in its thumbnail: the paragraphs laid out, where the
/// last of them ended, and the height of the box they were drawn in (points, from the
/// top of the text box). A paragraph past ``paragraphs`` drew no pixel, so a body that
/// changed only there draws the same picture (see
/// ``ThumbnailRenderer/drawsSameText(_:as:extent:)``).
public struct TextExtent: Sendable, Hashable {
  /// The paragraphs laid out, from the first.
  public var paragraphs: Int
  /// Where the last paragraph laid out ended, with its spacing after.
  public var bottom: Double
  /// The height of the text box.
  public var height: Double

  /// Creates an extent.
  public init(paragraphs: Int, bottom: Double, height: Double) {
    self.paragraphs = paragraphs
    self.bottom = bottom
    self.height = height
  }

  /// The extent of a body that drew nothing (an empty one).
  static func nothing(height: Double) -> TextExtent { TextExtent(paragraphs: 0, bottom: 0, height: height) }
}

extension ThumbnailRenderer {
  /// Whether `new` draws exactly the pixels `old` drew, given the ``TextExtent`` of
  /// `old`'s render (same size, same image below): both are empty, or both have the same
  /// paragraphs (text, runs, attributes, style) up to the extent, and `new`'s next
  /// paragraph (if any) starts below the box, as the painter stops there.
  ///
  /// False means "render again", not "the pictures differ".
  public func drawsSameText(_ new: AttributedText, as old: AttributedText, extent: TextExtent) -> Bool {
    guard new.isEmpty == old.isEmpty else { return false }
    if new.isEmpty { return true }  // the painter draws nothing for either
    let laidOut = extent.paragraphs
    guard new.paragraphs.count >= laidOut, old.paragraphs.count >= laidOut,
      new.paragraphs.prefix(laidOut).elementsEqual(old.paragraphs.prefix(laidOut))
    else { return false }
    guard laidOut < new.paragraphs.count else { return true }
    // The painter's own test for stopping, on the same numbers (TextPainter.draw).
    return extent.bottom + Double(new.paragraphs[laidOut].style.spacingBefore) / 20 >= extent.height
  }
}
