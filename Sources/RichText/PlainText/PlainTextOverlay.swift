/// The work behind `AttributedText.applyingPlainText(_:)`: the old body flattened to
/// scalars with their attributes, the new text's scalars, and a word diff between them
/// that says which new scalars were kept and which were typed.
struct PlainTextOverlay {
  private let base: AttributedText
  /// The old text, paragraphs separated by "\n".
  private var oldScalars: [Unicode.Scalar] = []
  /// For each old scalar: the index of its attributes in `attributes` (-1 for a
  /// paragraph separator).
  private var oldAttributes: [Int32] = []
  /// For each old scalar: its paragraph (a separator belongs to the one it ends).
  private var oldParagraph: [Int32] = []
  private var attributes: [CharacterAttributes] = []
  /// The new text with "\r\n" and "\r" turned into "\n".
  private var newScalars: [Unicode.Scalar] = []
  /// The elements of the old body that show text, in order: the old scalars that
  /// show each.
  private var elementSpans: [Range<Int>] = []
  /// The elements that show nothing: the old scalar they stand before (the count of
  /// old scalars at the very end), their attributes and paragraph.
  private var invisibleElements: [PlainTextElements.Invisible] = []

  /// The list marker typed on each line of the new text (see `PlainTextElements`).
  private let lineMarkers: [ListMarkerText.Parsed?]

  init(base: AttributedText, newText: String, lineMarkers: [ListMarkerText.Parsed?] = []) {
    self.base = base
    self.lineMarkers = lineMarkers
    let capacity = base.paragraphs.reduce(0) { sum, paragraph in
      paragraph.runs.reduce(sum + 1) { $0 + $1.text.utf8.count }
    }
    oldScalars.reserveCapacity(capacity)
    oldAttributes.reserveCapacity(capacity)
    oldParagraph.reserveCapacity(capacity)
    newScalars.reserveCapacity(newText.utf8.count)
    for (index, paragraph) in base.paragraphs.enumerated() {
      if index > 0 {
        oldScalars.append("\n")
        oldAttributes.append(-1)
        oldParagraph.append(Int32(index - 1))
      }
      for run in paragraph.runs {
        let attributeIndex = Int32(attributes.count)
        attributes.append(run.attributes)
        if let element = run.attributes.element {
          for scalar in run.text.unicodeScalars {
            let start = oldScalars.count
            let shown = scalar == "\u{FFFC}" ? Array(element.shownText.unicodeScalars) : [scalar]
            if shown.isEmpty {
              invisibleElements.append(.init(anchor: start, attribute: attributeIndex, paragraph: Int32(index)))
              continue
            }
            for shownScalar in shown {
              oldScalars.append(shownScalar)
              oldAttributes.append(attributeIndex)
              oldParagraph.append(Int32(index))
            }
            if scalar == "\u{FFFC}" { elementSpans.append(start..<oldScalars.count) }
          }
          continue
        }
        let before = oldScalars.count
        oldScalars.append(contentsOf: run.text.unicodeScalars)
        oldAttributes.append(contentsOf: repeatElement(attributeIndex, count: oldScalars.count - before))
        oldParagraph.append(contentsOf: repeatElement(Int32(index), count: oldScalars.count - before))
      }
    }
    var previousWasReturn = false
    for scalar in newText.unicodeScalars {
      if scalar == "\r" {
        newScalars.append("\n")
        previousWasReturn = true
        continue
      }
      if !(scalar == "\n" && previousWasReturn) { newScalars.append(scalar) }
      previousWasReturn = false
    }
  }

  /// `diff` with a table's last line deleted, or lines typed after it, read as the
  /// line break before the text (inside the table, so a row can go or come) rather
  /// than the text and the line break after it, which would take the table's end
  /// with it or leave the new lines outside the table.
  private func tablesKeepingTheirLastLine(
    _ diff: TokenDiff, oldIDs: [Int], newIDs: [Int], oldTokens: [(range: Range<Int>, kind: WordTokenizer.Kind)]
  ) -> TokenDiff {
    let tables = elementSpans.filter { attributes[Int(oldAttributes[$0.lowerBound])].element?.isBlock == true }
    guard !tables.isEmpty, diff.changes.contains(where: { $0.new.isEmpty || $0.old.isEmpty }) else { return diff }
    let tableAt = Dictionary(tables.map { ($0.upperBound, $0) }, uniquingKeysWith: { first, _ in first })
    return diff.slidingBack(old: oldIDs, new: newIDs) { change in
      guard change.old.lowerBound >= 1 else { return false }
      if change.old.isEmpty {
        // Typed just after the line break that follows a table.
        let before = oldTokens[change.old.lowerBound - 1]
        return before.kind == .lineBreak && tableAt[before.range.lowerBound] != nil
      }
      // Deleted from inside a table through the line break just after it.
      let last = oldTokens[change.old.upperBound - 1]
      let first = oldTokens[change.old.lowerBound]
      guard last.kind == .lineBreak, let table = tableAt[last.range.lowerBound] else { return false }
      return table.contains(first.range.lowerBound) && table.lowerBound < first.range.lowerBound
    }
  }

  func result() -> AttributedText {
    if newScalars == oldScalars { return base }
    let oldTokens = WordTokenizer.tokens(of: oldScalars)
    var newTokens = WordTokenizer.tokens(of: newScalars)
    let (oldIDs, newIDs) = ScalarTokenInterner.intern(
      old: oldScalars, oldTokens: oldTokens, new: newScalars, newTokens: newTokens)
    let diff = tablesKeepingTheirLastLine(
      TokenDiff(from: oldIDs, to: newIDs), oldIDs: oldIDs, newIDs: newIDs, oldTokens: oldTokens)

    // Source of every new scalar: the old scalar it was kept from, or -1 if typed.
    var source = [Int](repeating: -1, count: newScalars.count)
    for match in diff.matches {
      for tokenIndex in match.new..<(match.new + match.count) {
        let oldStart = oldTokens[match.old + tokenIndex - match.new].range.lowerBound
        let range = newTokens[tokenIndex].range
        for scalarIndex in range { source[scalarIndex] = oldStart + scalarIndex - range.lowerBound }
      }
    }
    var replaced = replacedScalars(diff, oldTokens: oldTokens, newTokens: newTokens)
    var scalars = newScalars
    var oldAttributes = oldAttributes
    var attributes = attributes
    var oldParagraph = oldParagraph
    if !elementSpans.isEmpty || !invisibleElements.isEmpty {
      var elements = PlainTextElements(
        spans: elementSpans, invisible: invisibleElements, oldTokens: oldTokens, newTokens: newTokens, diff: diff,
        source: source, newScalars: newScalars, oldScalars: oldScalars,
        oldAttributes: oldAttributes, oldParagraph: oldParagraph, attributes: attributes,
        lineMarkers: lineMarkers)
      elements.place()
      scalars = elements.scalars
      source = elements.source
      oldAttributes = elements.oldAttributes
      attributes = elements.attributes
      oldParagraph = elements.oldParagraph
      var moved = [Int32](repeating: -1, count: scalars.count)
      for (key, value) in replaced.enumerated() where value >= 0 {
        if let index = elements.newIndex[key], moved[index] < 0 { moved[index] = value }
      }
      replaced = moved
      newTokens = WordTokenizer.tokens(of: scalars)
    }
    let paragraphs = splitParagraphs(newTokens, scalars: scalars)
    let styles = paragraphStyles(paragraphs, tokens: newTokens, source: source, oldParagraph: oldParagraph)
    var result: [Paragraph] = []
    for (index, paragraph) in paragraphs.enumerated() {
      let formatting = PlainTextFormatting(
        tokens: newTokens[paragraph.tokens], scalars: scalars, source: source,
        replaced: replaced,
        oldAttributes: oldAttributes, attributes: attributes,
        fallback: firstRunAttributes(ofOldParagraph: styles[index]))
      result.append(Paragraph(runs: formatting.runs(), style: base.paragraphs[styles[index]].style))
    }
    var text = AttributedText(paragraphs: result, document: base.document)
    text.rtfSource = base.rtfSource
    return text
  }

  /// For typed tokens that replaced old ones (a change with text on both sides): the
  /// old scalar whose formatting they take, at the token's first new scalar (-1
  /// elsewhere). The n-th typed token of a kind takes the n-th replaced token of that
  /// kind (the last one when there are fewer), or the first replaced token of any kind.
  private func replacedScalars(
    _ diff: TokenDiff, oldTokens: [(range: Range<Int>, kind: WordTokenizer.Kind)],
    newTokens: [(range: Range<Int>, kind: WordTokenizer.Kind)]
  ) -> [Int32] {
    var result = [Int32](repeating: -1, count: newScalars.count)
    // The replaced tokens' first scalars by kind, refilled per change: the work stays
    // linear in the change's size.
    var byKind: [[Int32]] = [[], [], [], []]
    var seen = [0, 0, 0, 0]
    func slot(_ kind: WordTokenizer.Kind) -> Int {
      switch kind {
      case .word: 0
      case .whitespace: 1
      case .lineBreak: 2
      case .other: 3
      }
    }
    for change in diff.changes where !change.old.isEmpty && !change.new.isEmpty {
      for kind in 0..<4 { byKind[kind].removeAll(keepingCapacity: true) }
      var first: Int32 = -1
      for token in oldTokens[change.old] where token.kind != .lineBreak {
        let start = Int32(token.range.lowerBound)
        if first < 0 { first = start }
        byKind[slot(token.kind)].append(start)
      }
      guard first >= 0 else { continue }
      seen = [0, 0, 0, 0]
      for token in newTokens[change.new] where token.kind != .lineBreak {
        let kind = slot(token.kind)
        let ordinal = seen[kind]
        seen[kind] = ordinal + 1
        let sameKind = byKind[kind]
        result[token.range.lowerBound] = sameKind.isEmpty ? first : sameKind[min(ordinal, sameKind.count - 1)]
      }
    }
    return result
  }

  /// A paragraph of the new text: its content tokens and the separator before it.
  struct NewParagraph {
    var tokens: Range<Int>
    var separator: Int?
  }

  private func splitParagraphs(
    _ tokens: [(range: Range<Int>, kind: WordTokenizer.Kind)], scalars: [Unicode.Scalar]
  ) -> [NewParagraph] {
    var paragraphs: [NewParagraph] = []
    var start = 0
    var separator: Int?
    for (index, token) in tokens.enumerated() where scalars[token.range.lowerBound] == "\n" {
      paragraphs.append(NewParagraph(tokens: start..<index, separator: separator))
      separator = index
      start = index + 1
    }
    paragraphs.append(NewParagraph(tokens: start..<tokens.count, separator: separator))
    return paragraphs
  }

  /// For each new paragraph, the old paragraph whose style it takes: the one its
  /// first kept word came from; else the one its kept separator started, unless that
  /// paragraph's words went elsewhere; else the style of the paragraph before it.
  private func paragraphStyles(
    _ paragraphs: [NewParagraph], tokens: [(range: Range<Int>, kind: WordTokenizer.Kind)],
    source: [Int], oldParagraph: [Int32]
  ) -> [Int] {
    var origins = [Int?](repeating: nil, count: paragraphs.count)
    var claimed = Set<Int>()
    for (index, paragraph) in paragraphs.enumerated() {
      for token in tokens[paragraph.tokens] where source[token.range.lowerBound] >= 0 {
        let origin = Int(oldParagraph[source[token.range.lowerBound]])
        origins[index] = origin
        claimed.insert(origin)
        break
      }
    }
    var styles: [Int] = []
    for (index, paragraph) in paragraphs.enumerated() {
      if let origin = origins[index] {
        styles.append(origin)
      } else if let separator = paragraph.separator,
        case let kept = source[tokens[separator].range.lowerBound], kept >= 0,
        // A kept line break inside the last paragraph (a table's row) starts none.
        Int(oldParagraph[kept]) + 1 < base.paragraphs.count,
        !claimed.contains(Int(oldParagraph[kept]) + 1)
      {
        styles.append(Int(oldParagraph[kept]) + 1)
      } else {
        styles.append(styles.last ?? 0)
      }
    }
    return styles
  }

  private func firstRunAttributes(ofOldParagraph index: Int) -> CharacterAttributes {
    var attributes = base.paragraphs[index].runs.first?.attributes ?? CharacterAttributes()
    attributes.link = nil
    attributes.element = nil
    return attributes
  }
}
