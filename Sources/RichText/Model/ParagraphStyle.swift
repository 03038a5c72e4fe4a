/// The formatting of a paragraph. Lengths are in twips (1/20 point), as RTF keeps
/// them.
public struct ParagraphStyle: Hashable, Sendable {
  /// Horizontal alignment.
  public var alignment: Alignment
  /// Indent of the first line relative to `leftIndent` (`\fi`; negative hangs).
  public var firstLineIndent: Int
  /// Left indent (`\li`).
  public var leftIndent: Int
  /// Right indent (`\ri`).
  public var rightIndent: Int
  /// Tab stops, in order of position (`\tx`, `\tqr`, …).
  public var tabStops: [TabStop]
  /// Space before the paragraph (`\sb`).
  public var spacingBefore: Int
  /// Space after the paragraph (`\sa`).
  public var spacingAfter: Int
  /// The list this paragraph is an item of, or nil.
  public var list: ListMarker?
  /// Paragraph-level control words the model does not know (such as Cocoa's
  /// `\slleading`), kept so they survive a read and a write. Sorted by name, one
  /// entry per name.
  public private(set) var unknown: [OpaqueControl]

  /// Creates a paragraph style; everything not given is the RTF default.
  public init(
    alignment: Alignment = .natural, firstLineIndent: Int = 0, leftIndent: Int = 0,
    rightIndent: Int = 0, tabStops: [TabStop] = [], spacingBefore: Int = 0,
    spacingAfter: Int = 0, list: ListMarker? = nil, unknown: [OpaqueControl] = []
  ) {
    self.alignment = alignment
    self.firstLineIndent = firstLineIndent
    self.leftIndent = leftIndent
    self.rightIndent = rightIndent
    self.tabStops = tabStops
    self.spacingBefore = spacingBefore
    self.spacingAfter = spacingAfter
    self.list = list
    self.unknown = OpaqueControl.normalized(unknown)
  }

  /// Sets or replaces the unknown control word named `control.name`.
  public mutating func setUnknown(_ control: OpaqueControl) {
    unknown = OpaqueControl.normalized(unknown.filter { $0.name != control.name } + [control])
  }

  /// Removes every unknown control word.
  public mutating func removeAllUnknown() {
    unknown = []
  }
}

/// Paragraph alignment.
public enum Alignment: String, Hashable, Sendable, CaseIterable {
  /// Left in left-to-right text, right in right-to-left text (Cocoa's `\qnatural`,
  /// and the RTF default).
  case natural
  /// `\ql`.
  case left
  /// `\qc`.
  case center
  /// `\qr`.
  case right
  /// `\qj`.
  case justified
}

/// A tab stop.
public struct TabStop: Hashable, Sendable {
  /// Position from the left margin, in twips.
  public var position: Int
  /// How text aligns on the stop.
  public var kind: Kind

  /// How text aligns on a tab stop.
  public enum Kind: String, Hashable, Sendable, CaseIterable {
    /// Text starts at the stop (the default).
    case left
    /// `\tqc`.
    case center
    /// `\tqr`.
    case right
    /// `\tqdec`.
    case decimal
  }

  /// Creates a tab stop.
  public init(position: Int, kind: Kind = .left) {
    self.position = position
    self.kind = kind
  }
}

/// Membership of a paragraph in a list: the marker's format and the nesting level.
/// The marker text ("•", "3.") is derived from these when the body is written.
public struct ListMarker: Hashable, Sendable {
  /// How items are marked.
  public var format: Format
  /// Nesting level, 0 for the outermost list.
  public var level: Int

  /// Marker formats, as Cocoa's `NSTextList` names them.
  public enum Format: String, Hashable, Sendable, CaseIterable {
    /// `{disc}`: •
    case disc
    /// `{circle}`: ◦
    case circle
    /// `{square}`: ▪
    case square
    /// `{hyphen}`: ⁃
    case hyphen
    /// `{decimal}`: 1. 2. 3.
    case decimal
    /// `{lower-alpha}`: a. b. c.
    case lowerAlpha
    /// `{upper-alpha}`: A. B. C.
    case upperAlpha
    /// `{lower-roman}`: i. ii. iii.
    case lowerRoman
    /// `{upper-roman}`: I. II. III.
    case upperRoman
  }

  /// The text before a number (the "(" of "(1)"); empty for bullets.
  public var prefix: String
  /// The text after a number (the "." of "1.", the ")" of "a)"); ignored for bullets.
  public var suffix: String

  /// The number of a list's first item at this level (`\levelstartat`), 1 by default.
  public var start: Int

  /// Which list the item belongs to, when that is more than its block of consecutive
  /// items: items with the same `listID` are numbered as one list even when other
  /// paragraphs or lists come between them (Word and LibreOffice go on with "3."
  /// after a plain paragraph). nil: the item's list is its block of consecutive items
  /// (see `RTFListTable`). The reader sets it only where it matters, numbering such
  /// lists 0, 1, 2… in order of first appearance.
  public var listID: Int?

  /// What follows the marker before the item's text (`\levelfollow`): a tab, the
  /// default, a space, or nothing.
  public var follow: Follow

  /// What follows a marker, as `\levelfollow` numbers it.
  public enum Follow: Int, Hashable, Sendable, CaseIterable {
    /// `\levelfollow0`: a tab.
    case tab = 0
    /// `\levelfollow1`: a space.
    case space = 1
    /// `\levelfollow2`: nothing; the text starts right after the marker.
    case nothing = 2

    /// The text readers put after the marker: "\t", " " or "".
    public var text: String {
      switch self {
      case .tab: "\t"
      case .space: " "
      case .nothing: ""
      }
    }

    /// What `plainText` shows after the marker: a tab for a tab; a space for a space
    /// and for nothing, as LibreOffice's text export shows both (a marker run into
    /// its item's text could not be told from that text).
    public var shownText: String { self == .tab ? "\t" : " " }
  }

  /// Creates a list marker.
  public init(
    format: Format, level: Int = 0, prefix: String = "", suffix: String = ".", start: Int = 1,
    listID: Int? = nil, follow: Follow = .tab
  ) {
    self.format = format
    self.level = level
    self.prefix = prefix
    self.suffix = suffix
    self.start = start
    self.listID = listID
    self.follow = follow
  }

  /// Whether the format shows a bullet rather than a number.
  public var isBullet: Bool {
    switch format {
    case .disc, .circle, .square, .hyphen: true
    default: false
    }
  }

  /// The marker of item `number` (1-based) as readers show it: "•", "3.", "c)".
  public func text(number: Int) -> String {
    let label = RTFListTable.markerText(format, number: number)
    guard !isBullet else { return label }
    return prefix + label.dropLast() + suffix
  }
}
