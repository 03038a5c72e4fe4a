/// The elements of a body (tables, pictures, footnotes, hidden text) through an
/// edit of its plain text, for `applyingPlainText`: after the word diff, the new
/// text's scalars are rebuilt so that each element is one U+FFFC again.
///
/// - An element whose shown text was kept whole is kept (its U+FFFC replaces the
///   shown text).
/// - A table whose cells were edited (the changes lie inside its text and its shape
///   is the same) becomes the table with those cells edited; any other partly
///   edited element becomes ordinary text (what is left of its shown text).
/// - An element whose shown text was deleted goes.
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
    oldParagraph: [Int32], attributes: [CharacterAttributes]
  ) {
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
      let span = (range: range, invisible: false)
      let firstToken = tokenOfOld[span.range.lowerBound]
      let lastToken = tokenOfOld[span.range.upperBound - 1]
      let kept = span.range.map { keptAs[$0] }.filter { $0 >= 0 }
      guard let firstKept = kept.first, let lastKept = kept.last else { continue }  // deleted
      if kept.count == span.range.count, lastKept - firstKept + 1 == kept.count {
        collapseAt[firstKept] = (lastKept + 1, span.range.lowerBound)
        continue
      }
      // Partly kept: the new text of the element is its kept scalars and the changes
      // that lie inside its tokens.
      var lower = firstKept
      var upper = lastKept + 1
      for change in diff.changes {
        let inside =
          change.old.isEmpty
          ? change.old.lowerBound > firstToken && change.old.lowerBound <= lastToken
          : change.old.lowerBound >= firstToken && change.old.upperBound <= lastToken + 1
        guard inside, !change.new.isEmpty else { continue }
        lower = min(lower, newTokens[change.new.lowerBound].range.lowerBound)
        upper = max(upper, newTokens[change.new.upperBound - 1].range.upperBound)
      }
      let oldAttribute = attributes[Int(oldAttributes[span.range.lowerBound])]
      let text = String(String.UnicodeScalarView(newScalars[lower..<upper]))
      if let element = oldAttribute.element, let edited = element.editingCells(text),
        !(lower..<upper).contains(where: { collapseAt[$0] != nil })
      {
        var value = oldAttribute
        value.element = edited
        collapseAt[lower] = (upper, addOld(value, paragraph: oldParagraph[span.range.lowerBound]))
      } else {
        for scalar in lower..<upper where source[scalar] >= 0 && elementOfOld[source[scalar]] == index {
          flatten.insert(scalar)
        }
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
