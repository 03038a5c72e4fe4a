/// Where the text of a group goes.
enum Destination: Equatable {
  /// The document body (also a field's result).
  case body
  /// `\fonttbl`: font entries.
  case fontTable
  /// `\colortbl`: colour entries.
  case colorTable
  /// `\listtable` and its `\list`, `\listlevel` groups.
  case listTable
  /// `\leveltext` of a list level.
  case levelText
  /// Cocoa's `\*\levelmarker` of a list level.
  case levelMarker
  /// `\listoverridetable` and its `\listoverride` groups.
  case listOverrideTable
  /// A field's `\*\fldinst`.
  case fieldInstruction
  /// A legacy `\*\pn` paragraph numbering group.
  case legacyList
}

/// What happens when a group closes.
enum GroupCloseAction: Equatable {
  case none
  case commitList
  case commitListLevel
  case commitListOverride
  case commitFontEntry
  case commitLegacyList
  case closeField
}

/// Character formatting as the RTF controls set it, with table indexes not yet
/// resolved to fonts and colours.
struct CharacterState: Hashable, Sendable {
  var fontIndex: Int32?
  var halfPoints: Int32?
  var milliPoints: Int32?
  var isBold = false
  var isItalic = false
  var underline: LineStyle?
  var strikethrough: LineStyle?
  var foreground: Int32?
  var background: Int32?
  var highlight: Int32?
  var verticalPosition: VerticalPosition?
  /// The raise of `\upN` (N half points), nil after `\super` or without one: a
  /// footnote mark keeps it (LibreOffice shows a mark raised by `\up`, not one set
  /// `\super`).
  var raise: Int32?
  var link: String?
  var unknown: [OpaqueControl] = []
  /// Which characters the text that follows holds (`\loch`, `\hich`, `\dbch`), and
  /// the fonts `\afN` gave the high-ANSI and double-byte ones: Word decodes a
  /// `\'hh` after `\hich\af0` in font 0's code page, whatever `\f` says.
  var characterKind: CharacterKind = .lowANSI
  /// Hidden text (`\v`): not part of the body, so nobody sees it by accident; the
  /// file keeps it where the paragraph is not edited.
  var isHidden = false
  var highANSIFont: Int32?
  var doubleByteFont: Int32?

  /// `\plain`: everything back to the default except the hyperlink of an
  /// enclosing field result, which is not character formatting in the file.
  mutating func reset() {
    self = CharacterState(link: link)
  }

  mutating func setUnknown(_ control: OpaqueControl) {
    if let index = unknown.firstIndex(where: { $0.name == control.name }) {
      unknown[index] = control
    } else {
      unknown.append(control)
    }
  }
}

/// The parts of a character state that choose the font whose code page decodes its
/// bytes (see `ReaderMachine.decodingFont()`).
struct FontChoice: Equatable {
  var fontIndex: Int32?
  var characterKind: CharacterKind
  var highANSIFont: Int32?
  var doubleByteFont: Int32?

  /// The choice of the state at `character`, read where it lies (passing the state
  /// itself would copy it, retaining and releasing its strings and arrays).
  @inline(__always)
  init(_ character: UnsafePointer<CharacterState>) {
    fontIndex = character.pointee.fontIndex
    characterKind = character.pointee.characterKind
    highANSIFont = character.pointee.highANSIFont
    doubleByteFont = character.pointee.doubleByteFont
  }
}

/// The kinds of characters Word's `\loch`, `\hich` and `\dbch` announce.
enum CharacterKind: Hashable, Sendable {
  case lowANSI
  case highANSI
  case doubleByte
}

/// Paragraph formatting as the RTF controls set it.
struct ParagraphState: Hashable, Sendable {
  var alignment: Alignment = .natural
  var firstLineIndent = 0
  var leftIndent = 0
  var rightIndent = 0
  var spacingBefore = 0
  var spacingAfter = 0
  var tabStops: [TabStop] = []
  var nextTabKind: TabStop.Kind = .left
  var listOverride: Int32?
  var listLevel = 0
  var legacyList: ListMarker?
  var unknown: [OpaqueControl] = []

  mutating func setUnknown(_ control: OpaqueControl) {
    if let index = unknown.firstIndex(where: { $0.name == control.name }) {
      unknown[index] = control
    } else {
      unknown.append(control)
    }
  }
}

/// Everything a `{` saves and the matching `}` restores.
struct GroupState {
  var destination: Destination = .body
  var closeAction: GroupCloseAction = .none
  /// `\*` was read and no control word has followed yet.
  var ignorableNext = false
  /// The number of fallback units after `\uN` (`\ucN`).
  var unicodeFallback: Int32 = 1
  var character = CharacterState()
  var paragraph = ParagraphState()
}
