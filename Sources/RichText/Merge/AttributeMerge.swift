/// Field-by-field three-way merge of formatting values: a field one side changed takes
/// that side's value; a field both changed to different values takes the newer side's
/// (`preferMine` says which side that is), so the answer is the same on every device.
struct AttributeMerge {
  /// Whether mine wins a clash (mine is the newer side).
  let preferMine: Bool

  /// The merged value of one field; `base` nil means there is no common ancestor.
  func pick<T: Equatable>(_ base: T?, _ mine: T, _ theirs: T) -> T {
    if let base {
      if mine == base { return theirs }
      if theirs == base { return mine }
    }
    if mine == theirs { return mine }
    return preferMine ? mine : theirs
  }

  /// Character attributes merged per field (`unknown` control words per name).
  func characters(
    _ base: CharacterAttributes?, _ mine: CharacterAttributes, _ theirs: CharacterAttributes
  ) -> CharacterAttributes {
    if mine == theirs { return mine }
    if let base {
      if mine == base { return theirs }
      if theirs == base { return mine }
    }
    return CharacterAttributes(
      font: pick(base?.font, mine.font, theirs.font),
      fontSize: pick(base?.fontSize, mine.fontSize, theirs.fontSize),
      isBold: pick(base?.isBold, mine.isBold, theirs.isBold),
      isItalic: pick(base?.isItalic, mine.isItalic, theirs.isItalic),
      underline: pick(base?.underline, mine.underline, theirs.underline),
      strikethrough: pick(base?.strikethrough, mine.strikethrough, theirs.strikethrough),
      foregroundColor: pick(base?.foregroundColor, mine.foregroundColor, theirs.foregroundColor),
      backgroundColor: pick(base?.backgroundColor, mine.backgroundColor, theirs.backgroundColor),
      link: pick(base?.link, mine.link, theirs.link),
      verticalPosition: pick(base?.verticalPosition, mine.verticalPosition, theirs.verticalPosition),
      unknown: controls(base?.unknown, mine.unknown, theirs.unknown),
      element: pick(base?.element, mine.element, theirs.element))
  }

  /// Paragraph styles merged per field (`unknown` control words per name).
  func paragraphs(
    _ base: ParagraphStyle?, _ mine: ParagraphStyle, _ theirs: ParagraphStyle
  ) -> ParagraphStyle {
    if mine == theirs { return mine }
    if let base {
      if mine == base { return theirs }
      if theirs == base { return mine }
    }
    return ParagraphStyle(
      alignment: pick(base?.alignment, mine.alignment, theirs.alignment),
      firstLineIndent: pick(base?.firstLineIndent, mine.firstLineIndent, theirs.firstLineIndent),
      leftIndent: pick(base?.leftIndent, mine.leftIndent, theirs.leftIndent),
      rightIndent: pick(base?.rightIndent, mine.rightIndent, theirs.rightIndent),
      tabStops: pick(base?.tabStops, mine.tabStops, theirs.tabStops),
      spacingBefore: pick(base?.spacingBefore, mine.spacingBefore, theirs.spacingBefore),
      spacingAfter: pick(base?.spacingAfter, mine.spacingAfter, theirs.spacingAfter),
      list: pick(base?.list, mine.list, theirs.list),
      unknown: controls(base?.unknown, mine.unknown, theirs.unknown))
  }

  /// Document attributes merged per field; the Cocoa version is the larger of the
  /// sides', document controls merge per name in the newer side's order.
  func document(
    _ base: DocumentAttributes, _ mine: DocumentAttributes, _ theirs: DocumentAttributes
  ) -> DocumentAttributes {
    if mine == theirs { return mine }
    let versions = [mine.cocoaVersion, theirs.cocoaVersion].compactMap { $0 }
    return DocumentAttributes(
      cocoaVersion: versions.max(),
      cocoaSubversion: pick(base.cocoaSubversion, mine.cocoaSubversion, theirs.cocoaSubversion),
      codePage: pick(base.codePage, mine.codePage, theirs.codePage),
      controls: controls(base.controls, mine.controls, theirs.controls))
  }

  /// Control words merged per name: each name's parameter (or absence) merged as a
  /// field; names in the newer side's order, then the other side's new ones.
  func controls(
    _ base: [OpaqueControl]?, _ mine: [OpaqueControl], _ theirs: [OpaqueControl]
  ) -> [OpaqueControl] {
    if mine == theirs { return mine }
    let baseByName = base.map { Dictionary($0.map { ($0.name, $0) }, uniquingKeysWith: { $1 }) }
    let mineByName = Dictionary(mine.map { ($0.name, $0) }, uniquingKeysWith: { $1 })
    let theirsByName = Dictionary(theirs.map { ($0.name, $0) }, uniquingKeysWith: { $1 })
    let (first, second) = preferMine ? (mine, theirs) : (theirs, mine)
    var names: [String] = []
    var seen = Set<String>()
    for control in first + second + (base ?? []) where seen.insert(control.name).inserted {
      names.append(control.name)
    }
    return names.compactMap { name in
      let baseValue: OpaqueControl?? = baseByName.map { $0[name] }
      return pick(baseValue, mineByName[name], theirsByName[name])
    }
  }
}
