/// Comparing a body's attributes and styles where they lie, without copying them.
///
/// Passing a paragraph's style to `==`, or even asking whether its list is nil with
/// `== nil`, loads a copy of the whole value: a retain and a release of every string
/// and array in it, which cost more than the comparison. These read each field
/// through the pointer; an optional field's absence is told by its case alone.
/// Character attributes keep their fields in a shared box: equal when they share it,
/// else compared field by field.
enum RTFInPlaceComparison {
  /// Whether `a == b`: at once when they share their fields' box, as the runs of one
  /// reader state and copies of one run do.
  @inline(__always)
  static func areEqual(
    _ a: UnsafePointer<CharacterAttributes>, _ b: UnsafePointer<CharacterAttributes>
  ) -> Bool {
    CharacterAttributes.shareStorage(a, b) || a.pointee == b.pointee
  }

  /// Whether the attributes at `a` have an element, told without copying it.
  @inline(__always)
  static func hasElement(_ a: UnsafePointer<CharacterAttributes>) -> Bool {
    a.pointee.hasElement
  }

  /// Whether the attributes at `a` have a link, told without copying it.
  @inline(__always)
  static func hasLink(_ a: UnsafePointer<CharacterAttributes>) -> Bool {
    a.pointee.hasLink
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
