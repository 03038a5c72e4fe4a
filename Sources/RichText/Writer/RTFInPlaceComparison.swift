/// Comparing a body's attributes and styles where they lie, without copying them.
///
/// Passing a run's attributes (or a paragraph's style) to `==`, or even asking
/// whether its element is nil with `== nil`, loads a copy of the whole value: a
/// retain and a release of every string and array in it, which cost more than the
/// comparison. These read each field through the pointer; an optional field's
/// absence is told by its case alone.
enum RTFInPlaceComparison {
  /// Whether `a == b`, the fields that are cheap to compare and mostly tell sets
  /// apart (bold, colours, decorations) first.
  @inline(__always)
  static func areEqual(
    _ a: UnsafePointer<CharacterAttributes>, _ b: UnsafePointer<CharacterAttributes>
  ) -> Bool {
    guard a.pointee.isBold == b.pointee.isBold, a.pointee.isItalic == b.pointee.isItalic,
      a.pointee.fontSize == b.pointee.fontSize, a.pointee.foregroundColor == b.pointee.foregroundColor,
      a.pointee.backgroundColor == b.pointee.backgroundColor, a.pointee.underline == b.pointee.underline,
      a.pointee.strikethrough == b.pointee.strikethrough,
      a.pointee.verticalPosition == b.pointee.verticalPosition
    else { return false }
    guard a.pointee.font == b.pointee.font, a.pointee.link == b.pointee.link,
      a.pointee.unknown == b.pointee.unknown
    else { return false }
    switch (hasElement(a), hasElement(b)) {
    case (false, false): return true
    case (true, true): return a.pointee.element == b.pointee.element
    default: return false
    }
  }

  /// Whether the attributes at `a` have an element, told without copying it.
  @inline(__always)
  static func hasElement(_ a: UnsafePointer<CharacterAttributes>) -> Bool {
    if case .none = a.pointee.element { return false }
    return true
  }

  /// Whether the attributes at `a` have a link, told without copying it.
  @inline(__always)
  static func hasLink(_ a: UnsafePointer<CharacterAttributes>) -> Bool {
    if case .none = a.pointee.link { return false }
    return true
  }

  /// Whether `a == b`, the plain fields first.
  @inline(__always)
  static func areEqual(_ a: UnsafePointer<ParagraphStyle>, _ b: UnsafePointer<ParagraphStyle>) -> Bool {
    guard a.pointee.alignment == b.pointee.alignment, a.pointee.firstLineIndent == b.pointee.firstLineIndent,
      a.pointee.leftIndent == b.pointee.leftIndent, a.pointee.rightIndent == b.pointee.rightIndent,
      a.pointee.spacingBefore == b.pointee.spacingBefore, a.pointee.spacingAfter == b.pointee.spacingAfter,
      a.pointee.tabStops == b.pointee.tabStops, a.pointee.unknown == b.pointee.unknown
    else { return false }
    switch (hasList(a), hasList(b)) {
    case (false, false): return true
    case (true, true): return a.pointee.list == b.pointee.list
    default: return false
    }
  }

  /// Whether the style at `a` makes its paragraph a list item, told without copying
  /// its marker.
  @inline(__always)
  static func hasList(_ a: UnsafePointer<ParagraphStyle>) -> Bool {
    if case .none = a.pointee.list { return false }
    return true
  }
}

extension UnsafePointer where Pointee == TextRun {
  /// The run's attributes, where they lie in the run.
  @inline(__always)
  var attributes: UnsafePointer<CharacterAttributes> {
    // A stored property has an offset; the compiler folds it to a constant.
    guard let offset = MemoryLayout<TextRun>.offset(of: \TextRun.attributes) else {
      preconditionFailure("TextRun.attributes is a stored property")
    }
    return (UnsafeRawPointer(self) + offset).assumingMemoryBound(to: CharacterAttributes.self)
  }
}
