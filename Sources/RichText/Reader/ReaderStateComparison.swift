/// Comparing the reader's group states where they lie, without copying them.
///
/// Passing a kept state to `==` loads a copy of the whole value: a retain and a
/// release of every string and array in it, which cost more than the comparison
/// (the reader compares a state with the recent ones at every run and paragraph
/// end). These read each field through the pointer, the fields that mostly tell
/// states apart first; an optional field's absence is told by its case alone.
/// A test checks that they compare every field (`ReaderStateComparisonTests`).
enum ReaderStateComparison {
  /// Whether `a == b`.
  @inline(__always)
  static func areEqual(_ a: UnsafePointer<CharacterState>, _ b: UnsafePointer<CharacterState>) -> Bool {
    guard a.pointee.fontIndex == b.pointee.fontIndex, a.pointee.isBold == b.pointee.isBold,
      a.pointee.isItalic == b.pointee.isItalic, a.pointee.foreground == b.pointee.foreground,
      a.pointee.underline == b.pointee.underline, a.pointee.halfPoints == b.pointee.halfPoints,
      a.pointee.milliPoints == b.pointee.milliPoints, a.pointee.strikethrough == b.pointee.strikethrough,
      a.pointee.background == b.pointee.background, a.pointee.highlight == b.pointee.highlight,
      a.pointee.verticalPosition == b.pointee.verticalPosition, a.pointee.raise == b.pointee.raise,
      a.pointee.characterKind == b.pointee.characterKind, a.pointee.isHidden == b.pointee.isHidden,
      a.pointee.highANSIFont == b.pointee.highANSIFont, a.pointee.doubleByteFont == b.pointee.doubleByteFont
    else { return false }
    switch (hasLink(a), hasLink(b)) {
    case (false, false): break
    case (true, true): guard a.pointee.link == b.pointee.link else { return false }
    default: return false
    }
    return a.pointee.unknown == b.pointee.unknown
  }

  /// Whether `a == b`.
  @inline(__always)
  static func areEqual(_ a: UnsafePointer<ParagraphState>, _ b: UnsafePointer<ParagraphState>) -> Bool {
    guard a.pointee.listOverride == b.pointee.listOverride, a.pointee.listLevel == b.pointee.listLevel,
      a.pointee.alignment == b.pointee.alignment, a.pointee.leftIndent == b.pointee.leftIndent,
      a.pointee.firstLineIndent == b.pointee.firstLineIndent, a.pointee.rightIndent == b.pointee.rightIndent,
      a.pointee.spacingBefore == b.pointee.spacingBefore, a.pointee.spacingAfter == b.pointee.spacingAfter,
      a.pointee.nextTabKind == b.pointee.nextTabKind, a.pointee.tabStops == b.pointee.tabStops,
      a.pointee.unknown == b.pointee.unknown
    else { return false }
    switch (hasLegacyList(a), hasLegacyList(b)) {
    case (false, false): return true
    case (true, true): return a.pointee.legacyList == b.pointee.legacyList
    default: return false
    }
  }

  /// Whether the state at `a` is inside a hyperlink, told without copying its target.
  @inline(__always)
  static func hasLink(_ a: UnsafePointer<CharacterState>) -> Bool {
    if case .none = a.pointee.link { return false }
    return true
  }

  /// Whether the state at `a` has a legacy list marker, told without copying it.
  @inline(__always)
  static func hasLegacyList(_ a: UnsafePointer<ParagraphState>) -> Bool {
    if case .none = a.pointee.legacyList { return false }
    return true
  }
}

extension UnsafePointer where Pointee == RTFBoundaryState {
  /// The state's character state, where it lies in the state.
  @inline(__always)
  var character: UnsafePointer<CharacterState> {
    // A stored property has an offset; the compiler folds it to a constant.
    guard let offset = MemoryLayout<RTFBoundaryState>.offset(of: \RTFBoundaryState.character) else {
      preconditionFailure("RTFBoundaryState.character is a stored property")
    }
    return (UnsafeRawPointer(self) + offset).assumingMemoryBound(to: CharacterState.self)
  }

  /// The state's paragraph state, where it lies in the state.
  @inline(__always)
  var paragraph: UnsafePointer<ParagraphState> {
    guard let offset = MemoryLayout<RTFBoundaryState>.offset(of: \RTFBoundaryState.paragraph) else {
      preconditionFailure("RTFBoundaryState.paragraph is a stored property")
    }
    return (UnsafeRawPointer(self) + offset).assumingMemoryBound(to: ParagraphState.self)
  }
}
