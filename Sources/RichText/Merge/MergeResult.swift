import Foundation

/// Who made one side of a three-way merge, and when: the device's name and the time
/// of its version. Used to break formatting clashes (the newer side wins, equal times
/// by the later label) and to order conflict alternatives (the older side first), so
/// every device computes the same result whichever side is "local".
public struct MergeSideInfo: Sendable, Hashable {
  /// The device name shown in conflict markers, such as `laptop`.
  public var label: String
  /// When this side's version was made.
  public var date: Date

  /// Creates side information.
  public init(label: String, date: Date) {
    self.label = label
    self.date = date
  }
}

/// The outcome of a three-way merge.
public enum MergeResult: Sendable, Hashable {
  /// Every change of both sides was merged; no text conflicts.
  case clean(AttributedText)
  /// Some changes overlapped: the body holds each conflict as highlighted marker
  /// paragraphs (`<<<<<<< label`, `=======`, `>>>>>>> label`) around the two
  /// alternatives, which keep their versions' formatting; the hunks say where they are.
  case conflicted(AttributedText, [ConflictHunk])

  /// The merged body, with conflict markers when there are conflicts.
  public var text: AttributedText {
    switch self {
    case .clean(let text), .conflicted(let text, _): return text
    }
  }

  /// The conflict hunks; empty for a clean merge.
  public var hunks: [ConflictHunk] {
    switch self {
    case .clean: return []
    case .conflicted(_, let hunks): return hunks
    }
  }
}

/// One text conflict shown inside a merged body.
public struct ConflictHunk: Sendable, Hashable {
  /// One of the two versions of the conflicting paragraphs.
  public struct Alternative: Sendable, Hashable {
    /// The device that wrote this version (`MergeSideInfo.label`).
    public var label: String
    /// Its paragraphs as plain text, joined by `"\n"`; empty when that side deleted
    /// them.
    public var text: String

    /// Creates an alternative.
    public init(label: String, text: String) {
      self.label = label
      self.text = text
    }
  }

  /// The paragraphs of the merged body this hunk occupies, marker paragraphs
  /// included: the first is `<<<<<<< first.label`, the last `>>>>>>> second.label`.
  public var paragraphs: Range<Int>
  /// The older side's version (by `MergeSideInfo.date`, then label).
  public var first: Alternative
  /// The newer side's version.
  public var second: Alternative

  /// Creates a hunk.
  public init(paragraphs: Range<Int>, first: Alternative, second: Alternative) {
    self.paragraphs = paragraphs
    self.first = first
    self.second = second
  }
}
