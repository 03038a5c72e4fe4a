/// The formatting of a run of characters.
///
/// Every property left at its default means "not set": the reader of the file
/// decides (Cocoa shows Helvetica 12 pt, black, on no background). Values are kept by
/// value, never as indexes into an RTF font or colour table, so two files with
/// different tables compare equal when they look the same.
public struct CharacterAttributes: Hashable, Sendable {
  /// The fields, in one box shared by copies (a change makes a new box): a run, and
  /// every copy the reader, the writer or a merge makes of one, holds a reference
  /// rather than a dozen fields with their strings and arrays.
  private var storage: CharacterAttributeStorage

  /// The font, or nil for the document's default font.
  public var font: Font? {
    get { storage.fields.font }
    set { change { $0.font = newValue } }
  }
  /// The size in points (RTF keeps half points), or nil for the default (12 pt).
  public var fontSize: Double? {
    get { storage.fields.fontSize }
    set { change { $0.fontSize = newValue } }
  }
  /// Bold (`\b`).
  public var isBold: Bool {
    get { storage.fields.isBold }
    set { change { $0.isBold = newValue } }
  }
  /// Italic (`\i`).
  public var isItalic: Bool {
    get { storage.fields.isItalic }
    set { change { $0.isItalic = newValue } }
  }
  /// Underline style (`\ul`, `\uldb`, …), or nil for none.
  public var underline: LineStyle? {
    get { storage.fields.underline }
    set { change { $0.underline = newValue } }
  }
  /// Strikethrough (`\strike`, `\striked1`), or nil for none.
  public var strikethrough: LineStyle? {
    get { storage.fields.strikethrough }
    set { change { $0.strikethrough = newValue } }
  }
  /// Text colour (`\cf`), or nil for the default.
  public var foregroundColor: Color? {
    get { storage.fields.foregroundColor }
    set { change { $0.foregroundColor = newValue } }
  }
  /// Background colour (`\cb`, `\highlight`), or nil for none.
  public var backgroundColor: Color? {
    get { storage.fields.backgroundColor }
    set { change { $0.backgroundColor = newValue } }
  }
  /// The target of a hyperlink (an RTF `HYPERLINK` field), or nil.
  public var link: String? {
    get { storage.fields.link }
    set { change { $0.link = newValue } }
  }
  /// Superscript or subscript, or nil for the baseline.
  public var verticalPosition: VerticalPosition? {
    get { storage.fields.verticalPosition }
    set { change { $0.verticalPosition = newValue } }
  }
  /// Character-level control words the model does not know (such as Cocoa's
  /// `\expnd0` or `\kerning1`), kept so they survive a read and a write. Sorted by
  /// name, one entry per name.
  public var unknown: [OpaqueControl] { storage.fields.unknown }
  /// The element (table, picture, footnote, hidden text, …) that each U+FFFC of
  /// the run stands for, or nil for ordinary text.
  public var element: RTFElement? {
    get { storage.fields.element }
    set { change { $0.element = newValue } }
  }

  /// Creates attributes; everything not given is unset.
  public init(
    font: Font? = nil, fontSize: Double? = nil, isBold: Bool = false,
    isItalic: Bool = false, underline: LineStyle? = nil, strikethrough: LineStyle? = nil,
    foregroundColor: Color? = nil, backgroundColor: Color? = nil, link: String? = nil,
    verticalPosition: VerticalPosition? = nil, unknown: [OpaqueControl] = [],
    element: RTFElement? = nil
  ) {
    if font == nil, fontSize == nil, !isBold, !isItalic, underline == nil, strikethrough == nil,
      foregroundColor == nil, backgroundColor == nil, link == nil, verticalPosition == nil, unknown.isEmpty,
      element == nil
    {
      storage = CharacterAttributeStorage.unset
      return
    }
    storage = CharacterAttributeStorage(
      CharacterAttributeFields(
        font: font, fontSize: fontSize, isBold: isBold, isItalic: isItalic, underline: underline,
        strikethrough: strikethrough, foregroundColor: foregroundColor, backgroundColor: backgroundColor,
        link: link, verticalPosition: verticalPosition, unknown: OpaqueControl.normalized(unknown),
        element: element))
  }

  /// Sets or replaces the unknown control word named `control.name`.
  public mutating func setUnknown(_ control: OpaqueControl) {
    let unknown = OpaqueControl.normalized(storage.fields.unknown.filter { $0.name != control.name } + [control])
    change { $0.unknown = unknown }
  }

  /// Removes the unknown control word named `name`, if there is one.
  public mutating func removeUnknown(named name: String) {
    guard storage.fields.unknown.contains(where: { $0.name == name }) else { return }
    let unknown = storage.fields.unknown.filter { $0.name != name }
    change { $0.unknown = unknown }
  }

  /// Removes every unknown control word.
  public mutating func removeAllUnknown() {
    guard !storage.fields.unknown.isEmpty else { return }
    change { $0.unknown = [] }
  }

  /// Changes the fields: in a box of their own (a box's fields are constants, so
  /// reading one needs no exclusivity check, and boxes are shared freely).
  private mutating func change(_ body: (inout CharacterAttributeFields) -> Void) {
    var fields = storage.fields
    body(&fields)
    storage = CharacterAttributeStorage(fields)
  }

  /// Whether `a` and `b` are the same box: then they are equal, without a look at
  /// their fields (runs of one reader state, and copies of one run, share theirs).
  @inline(__always)
  static func shareStorage(_ a: UnsafePointer<CharacterAttributes>, _ b: UnsafePointer<CharacterAttributes>) -> Bool {
    a.pointee.storage === b.pointee.storage
  }

  /// Whether an element is set, told without copying it.
  var hasElement: Bool {
    if case .none = storage.fields.element { return false }
    return true
  }

  /// Whether a link is set, told without copying it.
  var hasLink: Bool {
    if case .none = storage.fields.link { return false }
    return true
  }

  public static func == (lhs: CharacterAttributes, rhs: CharacterAttributes) -> Bool {
    lhs.storage === rhs.storage || lhs.storage.fields == rhs.storage.fields
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(storage.fields)
  }
}

extension CharacterAttributes: CustomReflectable {
  /// The fields, as the struct that held them showed them: descriptions (which a merge
  /// compares to break a tie between identical sides) do not depend on the storage.
  public var customMirror: Mirror {
    Mirror(
      self,
      children: [
        "font": font as Any, "fontSize": fontSize as Any, "isBold": isBold, "isItalic": isItalic,
        "underline": underline as Any, "strikethrough": strikethrough as Any,
        "foregroundColor": foregroundColor as Any, "backgroundColor": backgroundColor as Any,
        "link": link as Any, "verticalPosition": verticalPosition as Any, "unknown": unknown,
        "element": element as Any,
      ], displayStyle: .struct)
  }
}

/// The box of a ``CharacterAttributes`` value's fields, shared by its copies.
private final class CharacterAttributeStorage: Sendable {
  let fields: CharacterAttributeFields

  init(_ fields: CharacterAttributeFields) {
    self.fields = fields
  }

  /// Nothing set: shared by every value with nothing set.
  static let unset = CharacterAttributeStorage(
    CharacterAttributeFields(
      font: nil, fontSize: nil, isBold: false, isItalic: false, underline: nil, strikethrough: nil,
      foregroundColor: nil, backgroundColor: nil, link: nil, verticalPosition: nil, unknown: [], element: nil))
}

/// The fields of ``CharacterAttributes`` (documented there).
private struct CharacterAttributeFields: Hashable, Sendable {
  var font: Font?
  var fontSize: Double?
  var isBold: Bool
  var isItalic: Bool
  var underline: LineStyle?
  var strikethrough: LineStyle?
  var foregroundColor: Color?
  var backgroundColor: Color?
  var link: String?
  var verticalPosition: VerticalPosition?
  var unknown: [OpaqueControl]
  var element: RTFElement?

  /// Whether every field is equal, the cheap ones that mostly tell sets apart (bold,
  /// colours, decorations) first.
  static func == (a: CharacterAttributeFields, b: CharacterAttributeFields) -> Bool {
    guard a.isBold == b.isBold, a.isItalic == b.isItalic, a.fontSize == b.fontSize,
      a.foregroundColor == b.foregroundColor, a.backgroundColor == b.backgroundColor,
      a.underline == b.underline, a.strikethrough == b.strikethrough, a.verticalPosition == b.verticalPosition
    else { return false }
    return a.font == b.font && a.link == b.link && a.unknown == b.unknown && a.element == b.element
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
