/// Writes the reader's raw state at a paragraph boundary of a file as control
/// words, so that the file's next paragraph is read as it was after a replaced
/// stretch of paragraphs: `\pard` and the paragraph words, `\plain` and the
/// character words (with the file's own table numbers), then `\ucN`. Without
/// `characters`, the character words are left out, for bytes that set them again
/// before any text.
enum RTFStateWriter {
  static func write(_ state: RTFBoundaryState, characters: Bool = true, to out: inout RTFByteBuffer) {
    writeParagraph(state.paragraph, to: &out)
    if characters { writeCharacter(state.character, to: &out) }
    out.word("\\uc", Int(state.unicodeFallback))
    out.byte(UInt8(ascii: " "))
  }

  private static func writeParagraph(_ paragraph: ParagraphState, to out: inout RTFByteBuffer) {
    out.raw("\\pard")
    switch paragraph.alignment {
    case .natural: break
    case .left: out.raw("\\ql")
    case .center: out.raw("\\qc")
    case .right: out.raw("\\qr")
    case .justified: out.raw("\\qj")
    }
    if paragraph.firstLineIndent != 0 { out.word("\\fi", paragraph.firstLineIndent) }
    if paragraph.leftIndent != 0 { out.word("\\li", paragraph.leftIndent) }
    if paragraph.rightIndent != 0 { out.word("\\ri", paragraph.rightIndent) }
    if paragraph.spacingBefore != 0 { out.word("\\sb", paragraph.spacingBefore) }
    if paragraph.spacingAfter != 0 { out.word("\\sa", paragraph.spacingAfter) }
    for stop in paragraph.tabStops {
      writeTabKind(stop.kind, to: &out)
      out.word("\\tx", stop.position)
    }
    writeTabKind(paragraph.nextTabKind, to: &out)
    if let list = paragraph.listOverride { out.word("\\ls", Int(list)) }
    if paragraph.listLevel != 0 { out.word("\\ilvl", paragraph.listLevel) }
    for control in paragraph.unknown { out.raw(control.rtf) }
  }

  private static func writeTabKind(_ kind: TabStop.Kind, to out: inout RTFByteBuffer) {
    switch kind {
    case .left: break
    case .center: out.raw("\\tqc")
    case .right: out.raw("\\tqr")
    case .decimal: out.raw("\\tqdec")
    }
  }

  private static func writeCharacter(_ character: CharacterState, to out: inout RTFByteBuffer) {
    out.raw("\\plain")
    if let font = character.fontIndex { out.word("\\f", Int(font)) }
    if let half = character.halfPoints { out.word("\\fs", Int(half)) }
    if let milli = character.milliPoints { out.word("\\fsmilli", Int(milli)) }
    if character.isBold { out.raw("\\b") }
    if character.isItalic { out.raw("\\i") }
    switch character.underline {
    case nil: break
    case .single: out.raw("\\ul")
    case .double: out.raw("\\uldb")
    case .thick: out.raw("\\ulth")
    case .dotted: out.raw("\\uld")
    case .dashed: out.raw("\\uldash")
    case .wavy: out.raw("\\ulwave")
    }
    switch character.strikethrough {
    case nil: break
    case .double: out.raw("\\striked1")
    default: out.raw("\\strike")
    }
    if let color = character.foreground { out.word("\\cf", Int(color)) }
    if let color = character.background { out.word("\\cb", Int(color)) }
    if let color = character.highlight { out.word("\\highlight", Int(color)) }
    switch character.verticalPosition {
    case nil: break
    case .superscript where character.raise != nil: out.word("\\up", Int(character.raise ?? 6))
    case .superscript: out.raw("\\super")
    case .subscript: out.raw("\\sub")
    }
    for control in character.unknown { out.raw(control.rtf) }
    if character.isHidden { out.raw("\\v") }
    if let font = character.highANSIFont { out.word("\\hich\\af", Int(font)) }
    if let font = character.doubleByteFont { out.word("\\dbch\\af", Int(font)) }
    switch character.characterKind {
    case .lowANSI: if character.highANSIFont != nil || character.doubleByteFont != nil { out.raw("\\loch") }
    case .highANSI: out.raw("\\hich")
    case .doubleByte: out.raw("\\dbch")
    }
  }
}
