/// The formatting of a run of characters.
///
/// Every property left at its default means "not set": the reader of the file
/// decides (Cocoa shows Helvetica 12 pt, black, on no background). Values are kept by
/// value, never as indexes into an RTF font or colour table, so two files with
/// different tables compare equal when they look the same.
public struct CharacterAttributes: Hashable, Sendable {
  /// The font, or nil for the document's default font.
  public var font: Font?
  /// The size in points (RTF keeps half points), or nil for the default (12 pt).
  public var fontSize: Double?
  /// Bold (`\b`).
  public var isBold: Bool
  /// Italic (`\i`).
  public var isItalic: Bool
  /// Underline style (`\ul`, `\uldb`, …), or nil for none.
  public var underline: LineStyle?
  /// Strikethrough (`\strike`, `\striked1`), or nil for none.
  public var strikethrough: LineStyle?
  /// Text colour (`\cf`), or nil for the default.
  public var foregroundColor: Color?
  /// Background colour (`\cb`, `\highlight`), or nil for none.
  public var backgroundColor: Color?
  /// The target of a hyperlink (an RTF `HYPERLINK` field), or nil.
  public var link: String?
  /// Superscript or subscript, or nil for the baseline.
  public var verticalPosition: VerticalPosition?
  /// Character-level control words the model does not know (such as Cocoa's
  /// `\expnd0` or `\kerning1`), kept so they survive a read and a write. Sorted by
  /// name, one entry per name.
  public private(set) var unknown: [OpaqueControl]
  /// The element (table, picture, footnote, hidden text, …) that each U+FFFC of
  /// the run stands for, or nil for ordinary text.
  public var element: RTFElement?

  /// Creates attributes; everything not given is unset.
  public init(
    font: Font? = nil, fontSize: Double? = nil, isBold: Bool = false,
    isItalic: Bool = false, underline: LineStyle? = nil, strikethrough: LineStyle? = nil,
    foregroundColor: Color? = nil, backgroundColor: Color? = nil, link: String? = nil,
    verticalPosition: VerticalPosition? = nil, unknown: [OpaqueControl] = [],
    element: RTFElement? = nil
  ) {
    self.font = font
    self.fontSize = fontSize
    self.isBold = isBold
    self.isItalic = isItalic
    self.underline = underline
    self.strikethrough = strikethrough
    self.foregroundColor = foregroundColor
    self.backgroundColor = backgroundColor
    self.link = link
    self.verticalPosition = verticalPosition
    self.unknown = OpaqueControl.normalized(unknown)
    self.element = element
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

/// A font by value: its name and, for RTF, its family class and character set.
public struct Font: Hashable, Sendable {
  /// The font's name as the file gives it (Cocoa writes PostScript names such as
  /// `Helvetica-Bold`).
  public var name: String
  /// The RTF family class (`\fswiss`, `\froman`, …).
  public var family: FontFamily
  /// The RTF character set (`\fcharsetN`), which decides how `\'hh` bytes in this
  /// font are decoded; 0 is ANSI.
  public var charset: Int

  /// Creates a font.
  public init(name: String, family: FontFamily = .nil, charset: Int = 0) {
    self.name = name
    self.family = family
    self.charset = charset
  }
}

/// The RTF font family classes.
public enum FontFamily: String, Hashable, Sendable, CaseIterable {
  /// `\fnil`: unknown.
  case `nil`
  /// `\froman`: proportional serif.
  case roman
  /// `\fswiss`: proportional sans serif.
  case swiss
  /// `\fmodern`: fixed pitch.
  case modern
  /// `\fscript`.
  case script
  /// `\fdecor`.
  case decor
  /// `\ftech`: symbols.
  case tech
  /// `\fbidi`.
  case bidi
}

/// The style of an underline or a strikethrough.
public enum LineStyle: String, Hashable, Sendable, CaseIterable {
  /// A single line (`\ul`).
  case single
  /// A double line (`\uldb`).
  case double
  /// A thick line (`\ulth`).
  case thick
  /// A dotted line (`\uld`).
  case dotted
  /// A dashed line (`\uldash`).
  case dashed
  /// A wavy line (`\ulwave`).
  case wavy
}

/// Superscript or subscript.
public enum VerticalPosition: String, Hashable, Sendable, CaseIterable {
  /// `\super`.
  case superscript
  /// `\sub`.
  case `subscript`
}

/// An sRGB colour, 8 bits per component, as RTF colour tables hold it.
public struct Color: Hashable, Sendable {
  /// Red, 0–255.
  public var red: UInt8
  /// Green, 0–255.
  public var green: UInt8
  /// Blue, 0–255.
  public var blue: UInt8

  /// Creates a colour.
  public init(red: UInt8, green: UInt8, blue: UInt8) {
    self.red = red
    self.green = green
    self.blue = blue
  }

  /// Black.
  public static let black = Color(red: 0, green: 0, blue: 0)
  /// White.
  public static let white = Color(red: 255, green: 255, blue: 255)
}

/// An RTF control word the model does not interpret, kept by name and parameter.
public struct OpaqueControl: Hashable, Sendable, Comparable {
  /// The control word without its backslash, such as `expndtw`.
  public var name: String
  /// The numeric parameter, if the word had one.
  public var parameter: Int?

  /// Creates an opaque control word.
  public init(name: String, parameter: Int? = nil) {
    self.name = name
    self.parameter = parameter
  }

  /// Orders by name, then by parameter (none first).
  public static func < (lhs: OpaqueControl, rhs: OpaqueControl) -> Bool {
    if lhs.name != rhs.name { return lhs.name < rhs.name }
    return (lhs.parameter ?? Int.min) < (rhs.parameter ?? Int.min)
  }

  /// The RTF spelling, such as `\expndtw0`.
  public var rtf: String {
    "\\" + name + (parameter.map(String.init) ?? "")
  }

  /// Sorted by name, the last entry of each name kept.
  static func normalized(_ controls: [OpaqueControl]) -> [OpaqueControl] {
    var byName: [String: OpaqueControl] = [:]
    for control in controls { byName[control.name] = control }
    return byName.values.sorted()
  }
}
