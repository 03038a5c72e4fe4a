/// Writes the control words that change the character formatting from one set of
/// attributes to another, as diffs the way Cocoa does: font words (`\f \b \i \fs`)
/// start a fresh line, colours and decorations follow, each group ends with a space.
///
/// "Unset" is expressed by not writing a word: a body whose runs set no font or size
/// has no `\f` or `\fs` at all. Sizes are half points (`\fsN`), plus `\fsmilliN` when
/// they fall between half points. Going from a set font, size or unknown word back to
/// unset needs `\plain`, after which every set attribute is written again.
/// Links are not character state here: the body writer puts them in fields.
enum RTFCharacterStateWriter {
  /// Writes the words that turn `old` into `new` (ignoring `link`).
  ///
  /// - Parameter forcingColor: write `\cfN` even when the colour is unchanged, as
  ///   Cocoa does after every `\pard`.
  static func write(
    from old: CharacterAttributes, to new: CharacterAttributes, tables: RTFResourceTables,
    forcingColor: Bool, to out: inout RTFByteBuffer
  ) {
    // After `\plain` everything set is written again, as from unset attributes.
    if needsPlain(from: old, to: new) {
      write(from: CharacterAttributes(), to: new, plain: true, tables: tables, forcingColor: forcingColor, to: &out)
    } else {
      write(from: old, to: new, plain: false, tables: tables, forcingColor: forcingColor, to: &out)
    }
  }

  @inline(__always)
  private static func write(
    from old: CharacterAttributes, to new: CharacterAttributes, plain: Bool, tables: RTFResourceTables,
    forcingColor: Bool, to out: inout RTFByteBuffer
  ) {
    let fontChanged =
      old.font != new.font || old.isBold != new.isBold || old.isItalic != new.isItalic
      || old.fontSize != new.fontSize
    if fontChanged || plain {
      out.byte(UInt8(ascii: "\n"))
      if plain { out.raw("\\plain") }
      if let font = new.font, font != old.font { out.word("\\f", tables.number(of: font)) }
      if old.isBold != new.isBold { out.raw(new.isBold ? "\\b" : "\\b0") }
      if old.isItalic != new.isItalic { out.raw(new.isItalic ? "\\i" : "\\i0") }
      if let size = new.fontSize, size != old.fontSize {
        // `\fs` is in half points; a size between them adds `\fsmilli` (Cocoa's
        // `\fs27\fsmilli13600`).
        let (halfPoints, milliPoints) = sizeWords(size)
        out.word("\\fs", halfPoints)
        if let milliPoints { out.word("\\fsmilli", milliPoints) }
      }
      out.byte(UInt8(ascii: " "))
    }
    let foregroundChanged = forcingColor || old.foregroundColor != new.foregroundColor
    let backgroundChanged = old.backgroundColor != new.backgroundColor
    if foregroundChanged || backgroundChanged {
      if foregroundChanged { out.word("\\cf", tables.number(of: new.foregroundColor)) }
      if backgroundChanged { out.word("\\cb", tables.number(of: new.backgroundColor)) }
      out.byte(UInt8(ascii: " "))
    }
    var wroteDecoration = false
    if old.underline != new.underline {
      out.raw(underlineWord(new.underline))
      wroteDecoration = true
    }
    if old.strikethrough != new.strikethrough {
      writeStrikethrough(from: old.strikethrough, to: new.strikethrough, to: &out)
      wroteDecoration = true
    }
    if old.verticalPosition != new.verticalPosition {
      switch new.verticalPosition {
      case .superscript: out.raw("\\super")
      case .subscript: out.raw("\\sub")
      case nil: out.raw("\\nosupersub")
      }
      wroteDecoration = true
    }
    if old.unknown != new.unknown {
      forEachControl(in: new.unknown, missingFrom: old.unknown) { control in
        out.control(control)
        wroteDecoration = true
      }
    }
    if wroteDecoration { out.byte(UInt8(ascii: " ")) }
  }

  /// Whether going from `old` to `new` unsets something RTF can only reset with
  /// `\plain`: the font, the size, or an unknown word.
  static func needsPlain(from old: CharacterAttributes, to new: CharacterAttributes) -> Bool {
    if old.font != nil && new.font == nil { return true }
    if old.fontSize != nil && new.fontSize == nil { return true }
    if old.unknown.isEmpty { return false }
    if old.unknown.count > new.unknown.count { return true }
    // Sorted by name, one entry per name: one walk finds a name of `old` that `new` lacks.
    var newIndex = 0
    for control in old.unknown {
      while newIndex < new.unknown.count, new.unknown[newIndex].name < control.name { newIndex += 1 }
      if newIndex == new.unknown.count || new.unknown[newIndex].name != control.name { return true }
    }
    return false
  }

  /// Calls `body` with each control of `new` that `old` does not hold (name and
  /// parameter), in `new`'s order. Both are sorted by name, one entry per name (as
  /// `CharacterAttributes.unknown` is), so one walk over both finds them.
  @inline(__always)
  static func forEachControl(
    in new: [OpaqueControl], missingFrom old: [OpaqueControl], _ body: (OpaqueControl) -> Void
  ) {
    var oldIndex = 0
    for control in new {
      while oldIndex < old.count, old[oldIndex].name < control.name { oldIndex += 1 }
      if oldIndex < old.count, old[oldIndex] == control { continue }
      body(control)
    }
  }

  /// The `\fsN` half points of a size, and the `\fsmilliN` thousandths of a point
  /// when the size falls between half points (parameters stay within 32 bits, as RTF
  /// readers clamp them).
  static func sizeWords(_ size: Double) -> (halfPoints: Int, milliPoints: Int?) {
    let limit = Double(Int32.max)
    let doubled = size * 2
    guard doubled > 0 else { return (0, nil) }
    guard doubled < limit else { return (Int(Int32.max), nil) }
    let halfPoints = Int(doubled + 0.5)
    if Double(halfPoints) == doubled { return (halfPoints, nil) }
    let milli = size * 1000
    return (halfPoints, milli < limit ? Int(milli + 0.5) : nil)
  }

  private static func underlineWord(_ style: LineStyle?) -> String {
    switch style {
    case nil: return "\\ulnone"
    case .single: return "\\ul"
    case .double: return "\\uldb"
    case .thick: return "\\ulth"
    case .dotted: return "\\uld"
    case .dashed: return "\\uldash"
    case .wavy: return "\\ulwave"
    }
  }

  /// RTF has single (`\strike`) and double (`\striked1`) strikethrough; other styles
  /// are written as single.
  private static func writeStrikethrough(
    from old: LineStyle?, to new: LineStyle?, to out: inout RTFByteBuffer
  ) {
    let wasDouble = old == .double
    let isDouble = new == .double
    if old != nil && new != nil && wasDouble == isDouble { return }
    if old != nil { out.raw(wasDouble ? "\\striked0" : "\\strike0") }
    if new != nil { out.raw(isDouble ? "\\striked1" : "\\strike") }
  }
}
