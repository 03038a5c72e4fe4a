// The code before the speed work of this round, kept word for word (renamed) so tests
// can check that the faster code gives the same results. Not used by the library.
// One fix is applied to both: a kept table row break in the last paragraph no longer
// names a paragraph after it (an index out of range).
@testable import RichText

/// The work behind `AttributedText.applyingPlainText(_:)`: the old body flattened to
/// scalars with their attributes, the new text's scalars, and a word diff between them
/// that says which new scalars were kept and which were typed.
struct ReferencePlainTextOverlay {
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
        for scalar in run.text.unicodeScalars {
          oldScalars.append(scalar)
          oldAttributes.append(attributeIndex)
          oldParagraph.append(Int32(index))
        }
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

  func result() -> AttributedText {
    if newScalars == oldScalars { return base }
    let oldTokens = WordTokenizer.tokens(of: oldScalars)
    var newTokens = WordTokenizer.tokens(of: newScalars)
    var interner = TokenInterner<ArraySlice<Unicode.Scalar>>()
    let oldIDs = oldTokens.map { interner.intern(oldScalars[$0.range]) }
    let newIDs = newTokens.map { interner.intern(newScalars[$0.range]) }
    let diff = TokenDiff(from: oldIDs, to: newIDs)
    let tokenSources = diff.oldIndices()

    // Source of every new scalar: the old scalar it was kept from, or -1 if typed.
    var source = [Int](repeating: -1, count: newScalars.count)
    for (tokenIndex, token) in newTokens.enumerated() {
      guard let oldToken = tokenSources[tokenIndex] else { continue }
      let oldStart = oldTokens[oldToken].range.lowerBound
      for (offset, scalarIndex) in token.range.enumerated() { source[scalarIndex] = oldStart + offset }
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
      replaced = Dictionary(
        replaced.compactMap { key, value in elements.newIndex[key].map { ($0, value) } },
        uniquingKeysWith: { first, _ in first })
      newTokens = WordTokenizer.tokens(of: scalars)
    }
    let paragraphs = splitParagraphs(newTokens, scalars: scalars)
    let styles = paragraphStyles(paragraphs, tokens: newTokens, source: source, oldParagraph: oldParagraph)
    var result: [Paragraph] = []
    for (index, paragraph) in paragraphs.enumerated() {
      let formatting = ReferencePlainTextFormatting(
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
  /// old scalar whose formatting they take, keyed by the token's first new scalar.
  /// The n-th typed token of a kind takes the n-th replaced token of that kind (the
  /// last one when there are fewer), or the first replaced token of any kind.
  private func replacedScalars(
    _ diff: TokenDiff, oldTokens: [(range: Range<Int>, kind: WordTokenizer.Kind)],
    newTokens: [(range: Range<Int>, kind: WordTokenizer.Kind)]
  ) -> [Int: Int] {
    var result: [Int: Int] = [:]
    for change in diff.changes where !change.old.isEmpty && !change.new.isEmpty {
      let candidates = oldTokens[change.old].filter { $0.kind != .lineBreak }
      guard let first = candidates.first else { continue }
      // Grouped once per change: the work stays linear in the change's size.
      let byKind = Dictionary(grouping: candidates, by: \.kind)
      var seen: [WordTokenizer.Kind: Int] = [:]
      for token in newTokens[change.new] where token.kind != .lineBreak {
        let sameKind = byKind[token.kind] ?? []
        let ordinal = seen[token.kind, default: 0]
        seen[token.kind] = ordinal + 1
        let chosen = sameKind.isEmpty ? first : sameKind[min(ordinal, sameKind.count - 1)]
        result[token.range.lowerBound] = chosen.range.lowerBound
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

/// The formatting of one paragraph of an edited plain text: kept scalars keep their
/// old attributes; typed tokens that replaced old ones take the replaced token's;
/// other typed tokens take those of the word before them (at the start of the
/// paragraph: the word after; with no kept word at all: the paragraph's old first
/// run).
struct ReferencePlainTextFormatting {
  let tokens: ArraySlice<(range: Range<Int>, kind: WordTokenizer.Kind)>
  let scalars: [Unicode.Scalar]
  let source: [Int]
  /// Old scalar whose formatting a replacing token takes, by the token's first scalar.
  let replaced: [Int: Int]
  let oldAttributes: [Int32]
  let attributes: [CharacterAttributes]
  let fallback: CharacterAttributes

  func runs() -> [TextRun] {
    // Formatting is chosen per scalar as an index into `table` (the old attributes,
    // plus the few values typed text makes up): copying and comparing whole attribute
    // values per scalar made this most of the time of a big edit.
    var table = attributes
    var fallbackIndex: Int32?
    func indexOfFallback() -> Int32 {
      if let fallbackIndex { return fallbackIndex }
      table.append(fallback)
      let index = Int32(table.count - 1)
      fallbackIndex = index
      return index
    }
    let unset: Int32 = -1
    var chosen: [Int32] = []
    chosen.reserveCapacity(tokens.reduce(0) { $0 + $1.range.count })
    // Kept scalars first.
    for token in tokens {
      for index in token.range {
        chosen.append(source[index] >= 0 ? oldAttributes[source[index]] : unset)
      }
    }
    // Then typed tokens, left to right, from the word before them.
    let tokenList = Array(tokens)
    var offset = 0
    var lastWord: Int32?
    for (position, token) in tokenList.enumerated() {
      let kept = source[token.range.lowerBound] >= 0
      var value: Int32
      if kept {
        value = chosen[offset + token.range.count - 1]
        if value == unset { value = indexOfFallback() }
      } else {
        if let old = replaced[token.range.lowerBound] {
          value = oldAttributes[old]
        } else {
          value = lastWord ?? wordAfter(position, in: tokenList) ?? indexOfFallback()
          let inherited = table[Int(value)].link
          let link = linkAround(position, in: tokenList, inheriting: inherited)
          if link != inherited {
            var linked = table[Int(value)]
            linked.link = link
            table.append(linked)
            value = Int32(table.count - 1)
          }
        }
        for index in 0..<token.range.count { chosen[offset + index] = value }
      }
      if token.kind != .whitespace { lastWord = value }
      offset += token.range.count
    }
    var runs: [TextRun] = []
    var text = String.UnicodeScalarView()
    var current: Int32 = unset
    offset = 0
    for token in tokenList {
      for index in token.range {
        var value = chosen[offset]
        if value == unset { value = indexOfFallback() }
        if value != current {
          if current != unset, table[Int(value)] != table[Int(current)] {
            runs.append(TextRun(text: String(text), attributes: table[Int(current)]))
            text = String.UnicodeScalarView()
            current = value
          } else if current == unset {
            current = value
          }
        }
        text.append(scalars[index])
        offset += 1
      }
    }
    if current != unset, !text.isEmpty {
      runs.append(TextRun(text: String(text), attributes: table[Int(current)]))
    }
    return runs
  }

  /// The attributes (an index into `attributes`) of the first kept word after
  /// `position` (a kept token of any kind when there is no kept word).
  private func wordAfter(
    _ position: Int, in list: [(range: Range<Int>, kind: WordTokenizer.Kind)]
  ) -> Int32? {
    var anyKept: Int32?
    for token in list[(position + 1)...] where source[token.range.lowerBound] >= 0 {
      let value = oldAttributes[source[token.range.lowerBound]]
      if token.kind != .whitespace { return value }
      if anyKept == nil { anyKept = value }
    }
    return anyKept
  }

  /// Typed text is part of a link only when the kept characters on both sides of it
  /// are.
  private func linkAround(
    _ position: Int, in list: [(range: Range<Int>, kind: WordTokenizer.Kind)],
    inheriting link: String?
  ) -> String? {
    guard let link else { return nil }
    let before = list[..<position].last { source[$0.range.lowerBound] >= 0 }
    let after = list[(position + 1)...].first { source[$0.range.lowerBound] >= 0 }
    guard let before, let after else { return nil }
    let beforeLink = attributes[Int(oldAttributes[source[before.range.upperBound - 1]])].link
    let afterLink = attributes[Int(oldAttributes[source[after.range.lowerBound]])].link
    return beforeLink == link && afterLink == link ? link : nil
  }
}

extension AttributedText {
  /// `applyingPlainText(_:)` as it was.
  func referenceApplyingPlainText(_ newText: String) -> AttributedText {
    // The footnote section came after these fast paths: it is taken off as the new code does.
    let bodyText = FootnoteSection.strip(newText, footnoteCount: FootnoteSection.lines(of: paragraphs).count)
    let (text, markers) = ReferenceListMarkerText.strip(bodyText, old: self)
    var result = ReferencePlainTextOverlay(base: self, newText: text, lineMarkers: markers).result()
    var paragraphs = result.paragraphs
    ListMarkerText.apply(markers, to: &paragraphs)
    if paragraphs != result.paragraphs { result.setParagraphs(paragraphs) }
    return result
  }
}

/// `ListMarkerText.strip` as it was.
enum ReferenceListMarkerText {
  static func strip(_ text: String, old: AttributedText) -> (text: String, markers: [ListMarkerText.Parsed?]) {
    var lines: [Substring] = []
    var lineStart = text.startIndex
    var index = text.startIndex
    while index < text.endIndex {
      let character = text[index]
      if character == "\n" || character == "\r\n" || character == "\r" {
        lines.append(text[lineStart..<index])
        lineStart = text.index(after: index)
      }
      index = text.index(after: index)
    }
    lines.append(text[lineStart...])
    // Every marker ends with a tab.
    guard lines.contains(where: { $0.contains("\t") }) else {
      return (text, Array(repeating: nil, count: lines.count))
    }
    let oldParagraphs = old.paragraphs
    let oldLines = old.bodyPlainText.split(separator: "\n", omittingEmptySubsequences: false)
    // The paragraph of each old line (a table takes a line per row); -1 for lines
    // after a paragraph's first.
    var lineParagraph: [Int] = []
    for (index, paragraph) in oldParagraphs.enumerated() {
      lineParagraph.append(index)
      for _ in 1..<max(1, paragraph.shownLineCount) { lineParagraph.append(-1) }
    }
    guard lineParagraph.count == oldLines.count else {
      return (text, Array(repeating: nil, count: lines.count))
    }
    var interner = TokenInterner<Substring>()
    let diff = TokenDiff(from: interner.intern(oldLines), to: interner.intern(lines))
    let matched = diff.oldIndices()
    var markers: [ListMarkerText.Parsed?] = []
    var stripped: [Substring] = []
    var anyMarker = false
    for (index, line) in lines.enumerated() {
      let isItem = matched[index].map { lineParagraph[$0] >= 0 && oldParagraphs[lineParagraph[$0]].style.list != nil } ?? true
      if isItem, let (marker, rest) = ListMarkerText.parse(line) {
        markers.append(marker)
        stripped.append(rest)
        anyMarker = true
      } else {
        markers.append(nil)
        stripped.append(line)
      }
    }
    guard anyMarker else { return (text, markers) }
    return (stripped.joined(separator: "\n"), markers)
  }
}
