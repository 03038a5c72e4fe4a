/// The elements of a body (tables, pictures, footnotes, hidden text) through an
/// edit of its plain text, for `applyingPlainText`: after the word diff, the new
/// text's scalars are rebuilt so that each element is one U+FFFC again.
///
/// - An element whose shown text was kept whole is kept (its U+FFFC replaces the
///   shown text).
/// - A table whose cells were edited (the changes lie inside its text, or were typed
///   at the start or end of its line, and its shape is the same, or list items were
///   typed in its cells as `RTFCellEdit` allows) becomes the table with those cells
///   edited, also when no word of it was kept (a one-cell table's
///   only word replaced); any other partly edited element becomes ordinary text
///   (what is left of its shown text).
/// - An element whose shown text was deleted, or replaced by text it cannot take,
///   goes.
/// - An element that shows nothing (a picture, hidden text) cannot be seen, so it
///   stays: beside the words around it, and goes only with its whole paragraph.
struct PlainTextElements {
  /// An element that shows nothing, standing before old scalar `anchor`.
  struct Invisible {
    var anchor: Int
    var attribute: Int32
    var paragraph: Int32
  }

  let spans: [Range<Int>]
  let invisible: [Invisible]
  let oldTokens: [(range: Range<Int>, kind: WordTokenizer.Kind)]
  let newTokens: [(range: Range<Int>, kind: WordTokenizer.Kind)]
  let diff: TokenDiff
  let newScalars: [Unicode.Scalar]
  let oldScalars: [Unicode.Scalar]
  /// The list marker typed on each line of the new text (`ListMarkerText.strip`),
  /// for a table's cells to take new list items; empty when unknown.
  let lineMarkers: [ListMarkerText.Parsed?]
  /// The index in `newScalars` where each line starts, worked out when needed.
  private var lineStarts: [Int]?

  // In: the overlay's arrays; out: the same, extended with entries for edited
  // elements and for element text that became ordinary text.
  private(set) var source: [Int]
  private(set) var oldAttributes: [Int32]
  private(set) var oldParagraph: [Int32]
  private(set) var attributes: [CharacterAttributes]

  /// The rebuilt new text.
  private(set) var scalars: [Unicode.Scalar] = []
  /// The index in `scalars` of each new scalar that is still there.
  private(set) var newIndex: [Int: Int] = [:]

  init(
    spans: [Range<Int>], invisible: [Invisible],
    oldTokens: [(range: Range<Int>, kind: WordTokenizer.Kind)],
    newTokens: [(range: Range<Int>, kind: WordTokenizer.Kind)], diff: TokenDiff, source: [Int],
    newScalars: [Unicode.Scalar], oldScalars: [Unicode.Scalar], oldAttributes: [Int32],
    oldParagraph: [Int32], attributes: [CharacterAttributes], lineMarkers: [ListMarkerText.Parsed?] = []
  ) {
    self.lineMarkers = lineMarkers
    self.spans = spans
    self.invisible = invisible
    self.oldTokens = oldTokens
    self.newTokens = newTokens
    self.diff = diff
    self.source = source
    self.newScalars = newScalars
    self.oldScalars = oldScalars
    self.oldAttributes = oldAttributes
    self.oldParagraph = oldParagraph
    self.attributes = attributes
  }

  mutating func place() {
    // The old token of every old scalar.
    var tokenOfOld = [Int](repeating: 0, count: oldScalars.count)
    for (index, token) in oldTokens.enumerated() {
      for scalar in token.range { tokenOfOld[scalar] = index }
    }
    // The new scalar each old scalar was kept as.
    var keptAs = [Int](repeating: -1, count: oldScalars.count)
    for (index, old) in source.enumerated() where old >= 0 { keptAs[old] = index }
    // The element (span index) each old scalar shows.
    var elementOfOld = [Int](repeating: -1, count: oldScalars.count)
    for (index, span) in spans.enumerated() {
      for scalar in span { elementOfOld[scalar] = index }
    }

    /// What becomes of each new scalar: nil keeps it; a collapse puts one scalar
    /// with the given old source in place of a stretch.
    var collapseAt: [Int: (end: Int, source: Int)] = [:]
    /// Invisible elements to insert before new scalar `key`, in order.
    var insertions: [Int: [Int]] = [:]
    /// New scalars whose element attributes go (element text that became text).
    var flatten = Set<Int>()

    for element in invisible {
      guard let position = insertionPoint(of: element.anchor, keptAs: keptAs, tokenOfOld: tokenOfOld)
      else { continue }
      insertions[position, default: []].append(
        addOld(attributes[Int(element.attribute)], paragraph: element.paragraph))
    }
    for (index, range) in spans.enumerated() {
      let firstToken = tokenOfOld[range.lowerBound]
      let lastToken = tokenOfOld[range.upperBound - 1]
      let oldAttribute = attributes[Int(oldAttributes[range.lowerBound])]
      let kept = range.map { keptAs[$0] }.filter { $0 >= 0 }
      // The new text of the element: its kept scalars and the changes that lie inside
      // its tokens. For a table, first also what was typed at the start or end of its
      // line (its paragraph holds nothing else, so that text is in its first or last
      // cell), if its cells can take it.
      let isBlock = oldAttribute.element?.isBlock == true
      let inner = extent(kept: kept, firstToken: firstToken, lastToken: lastToken, edges: false)
      let outer = isBlock
        ? extent(kept: kept, firstToken: firstToken, lastToken: lastToken, edges: true,
                 rowCells: oldAttribute.element.flatMap(Self.lastRowCells)) : inner
      var placed = false
      for (lower, upper) in outer == inner ? [inner] : [outer, inner] where lower < upper {
        if kept.count == range.count, lower == kept.first, upper == lower + kept.count {
          collapseAt[lower] = (upper, range.lowerBound)  // kept whole
          placed = true
          break
        }
        let text = String(String.UnicodeScalarView(newScalars[lower..<upper]))
        if let element = oldAttribute.element,
          let edited = element.editingCells(text, typedMarkers: typedMarkers(from: lower, for: element)),
          !(lower..<upper).contains(where: { collapseAt[$0] != nil })
        {
          var value = oldAttribute
          value.element = edited
          collapseAt[lower] = (upper, addOld(value, paragraph: oldParagraph[range.lowerBound]))
          placed = true
          break
        }
      }
      // Deleted, or its text replaced by text it cannot take: it goes.
      guard !placed, inner.lower < inner.upper, !kept.isEmpty else { continue }
      for scalar in inner.lower..<inner.upper where source[scalar] >= 0 && elementOfOld[source[scalar]] == index {
        flatten.insert(scalar)
      }
    }

    var rebuilt: [Unicode.Scalar] = []
    var rebuiltSource: [Int] = []
    rebuilt.reserveCapacity(newScalars.count)
    var index = 0
    var flattened: [Int32: Int] = [:]
    while index <= newScalars.count {
      for old in insertions[index] ?? [] {
        rebuilt.append("\u{FFFC}")
        rebuiltSource.append(old)
      }
      guard index < newScalars.count else { break }
      if let collapse = collapseAt[index] {
        newIndex[index] = rebuilt.count
        rebuilt.append("\u{FFFC}")
        rebuiltSource.append(collapse.source)
        for inside in (index + 1)..<max(index + 1, collapse.end) {
          for old in insertions[inside] ?? [] {
            rebuilt.append("\u{FFFC}")
            rebuiltSource.append(old)
          }
        }
        index = collapse.end
        continue
      }
      newIndex[index] = rebuilt.count
      rebuilt.append(newScalars[index])
      var old = source[index]
      if flatten.contains(index) {
        let attribute = oldAttributes[old]
        if let known = flattened[attribute] {
          old = known
        } else {
          var value = attributes[Int(attribute)]
          value.element = nil
          let added = addOld(value, paragraph: oldParagraph[old])
          flattened[attribute] = added
          old = added
        }
      }
      rebuiltSource.append(old)
      index += 1
    }
    scalars = rebuilt
    source = rebuiltSource
  }

  /// The new scalars of the element whose old tokens are `firstToken...lastToken`:
  /// from its first to its last kept scalar (`kept`), widened to the text typed
  /// inside it (with `edges`, also at its start and end; see `typedInside`). Empty
  /// (lower ≥ upper) when nothing is kept or typed.
  private func extent(kept: [Int], firstToken: Int, lastToken: Int, edges: Bool, rowCells: Int? = nil) -> (lower: Int, upper: Int) {
    var lower = kept.first ?? Int.max
    var upper = kept.last.map { $0 + 1 } ?? Int.min
    for change in diff.changes where !change.new.isEmpty {
      guard let typed = typedInside(change, firstToken: firstToken, lastToken: lastToken, edges: edges, rowCells: rowCells)
      else { continue }
      lower = min(lower, newTokens[typed.lowerBound].range.lowerBound)
      upper = max(upper, newTokens[typed.upperBound - 1].range.upperBound)
    }
    return (lower, upper)
  }

  /// The new tokens of `change` that belong to the element whose old tokens are
  /// `firstToken...lastToken`, or nil: a replacement or deletion of its tokens only,
  /// an insertion between them; with `edges` (a table, a paragraph of its own), also
  /// an insertion at its start (what follows the inserted text's last line break) or
  /// at its end (what comes before the first; for a table whose last line has
  /// `rowCells` cells, two or more, also the lines typed after it with as many cells,
  /// its new rows).
  private func typedInside(
    _ change: TokenDiff.Change, firstToken: Int, lastToken: Int, edges isBlock: Bool, rowCells: Int? = nil
  ) -> Range<Int>? {
    guard change.old.isEmpty else {
      let inside = change.old.lowerBound >= firstToken && change.old.upperBound <= lastToken + 1
      return inside ? change.new : nil
    }
    let at = change.old.lowerBound
    if at > firstToken && at <= lastToken { return change.new }
    guard isBlock else { return nil }
    let isBreak = { (token: Int) in newTokens[token].kind == .lineBreak }
    var typed = change.new
    if at == firstToken {
      if let lastBreak = typed.last(where: isBreak) { typed = (lastBreak + 1)..<typed.upperBound }
    } else if at == lastToken + 1 {
      if let firstBreak = typed.first(where: isBreak) {
        typed = typed.lowerBound..<(firstBreak == typed.lowerBound ? rowsTyped(typed, cells: rowCells) : firstBreak)
      }
    } else {
      return nil
    }
    return typed.isEmpty ? nil : typed
  }

  /// Where the lines of `typed` (new tokens that start with a line break) stop
  /// having `cells` tab-separated cells: the end of the last line that has them, or
  /// the start when none does (or `cells` is under two: any line would do).
  private func rowsTyped(_ typed: Range<Int>, cells: Int?) -> Int {
    guard let cells, cells >= 2 else { return typed.lowerBound }
    var end = typed.lowerBound
    var lineStart = typed.lowerBound + 1
    while lineStart < typed.upperBound {
      let lineEnd = (lineStart..<typed.upperBound).first { newTokens[$0].kind == .lineBreak } ?? typed.upperBound
      let tabs = (lineStart..<lineEnd).reduce(0) { count, token in
        count + newScalars[newTokens[token].range].reduce(0) { $0 + ($1 == "\t" ? 1 : 0) }
      }
      guard tabs + 1 == cells else { break }
      end = lineEnd
      lineStart = lineEnd + 1
    }
    return end
  }

  /// The cells of a table's last line, when its rows are known (rows can be typed).
  private static func lastRowCells(_ element: RTFElement) -> Int? {
    guard element.kind == .table, element.rows != nil,
      let last = element.shownText.split(separator: "\n", omittingEmptySubsequences: false).last
    else { return nil }
    return RTFRowEdit.cellCount(last)
  }

  /// The markers typed on the lines of the new text from the one holding new scalar
  /// `lower` on, for `element` when its cells are list items (else none).
  private mutating func typedMarkers(from lower: Int, for element: RTFElement) -> [ListMarkerText.Parsed?] {
    guard element.cellLists != nil, !lineMarkers.isEmpty else { return [] }
    if lineStarts == nil {
      var starts = [0]
      for (index, scalar) in newScalars.enumerated() where scalar == "\n" { starts.append(index + 1) }
      lineStarts = starts
    }
    guard let starts = lineStarts, starts.count == lineMarkers.count else { return [] }
    // The last line that starts at or before `lower`.
    var low = 0
    var high = starts.count
    while high - low > 1 {
      let middle = (low + high) / 2
      if starts[middle] <= lower { low = middle } else { high = middle }
    }
    return Array(lineMarkers[low...])
  }

  /// Adds an old scalar entry with `value`, for a rebuilt scalar to take its
  /// formatting from.
  private mutating func addOld(_ value: CharacterAttributes, paragraph: Int32) -> Int {
    attributes.append(value)
    oldAttributes.append(Int32(attributes.count - 1))
    oldParagraph.append(paragraph)
    return oldAttributes.count - 1
  }

  /// Where an element that shows nothing goes in the new text: before the new
  /// scalar its next old scalar was kept as, else after the one its previous old
  /// scalar was kept as, else at the edge of the change that replaced both; nil when
  /// that change only deleted, and deleted a paragraph break (its paragraph went).
  private func insertionPoint(of anchor: Int, keptAs: [Int], tokenOfOld: [Int]) -> Int? {
    if anchor < keptAs.count, keptAs[anchor] >= 0 { return keptAs[anchor] }
    if anchor > 0, keptAs[anchor - 1] >= 0 { return keptAs[anchor - 1] + 1 }
    guard !oldTokens.isEmpty else { return 0 }
    let token = anchor < tokenOfOld.count ? tokenOfOld[anchor] : oldTokens.count - 1
    guard let change = diff.changes.first(where: { $0.old.contains(token) }) else { return nil }
    let newStart = change.new.lowerBound < newTokens.count
      ? newTokens[change.new.lowerBound].range.lowerBound : newScalars.count
    if change.new.isEmpty {
      let removesBreak = oldTokens[change.old].contains { oldScalars[$0.range.lowerBound] == "\n" }
      return removesBreak ? nil : newStart
    }
    if token == change.old.lowerBound && (anchor == oldTokens[token].range.lowerBound) { return newStart }
    return newTokens[change.new.upperBound - 1].range.upperBound
  }
}
