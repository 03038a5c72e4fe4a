/// How a table's edited shown text maps onto its cell paragraphs (the pieces of
/// `RTFElement.shownText`, split at tabs and line feeds): the new text of each old
/// piece, and the list items typed as new lines inside the table.
///
/// In a table's shown text a line feed ends a row and also a paragraph inside a
/// cell, so a typed line cannot be told from a new row by its text alone. The rule:
/// a line typed between two lines of the table (never before its first or after its
/// last line: that text stays a paragraph of its own before or after the table),
/// without a tab, starting with a list marker of the same kind (bullet or numbered)
/// and level as the list item that ends the line above it, becomes a new item right
/// after that item, in its cell and its list. When the new text has fewer lines, a
/// piece deleted whole with the line feed before it goes with its paragraph, when
/// that is a cell's second or later paragraph (`editingCells` checks: the paragraph
/// before it ends with `\par`). Any other new or deleted line changes the table's
/// shape, which `editingCells` refuses.
struct RTFCellEdit: Equatable {
  /// The new text of each old piece.
  var pieces: [Substring]
  /// The paragraphs typed after old piece `key`, in order.
  var added: [Int: [Substring]]
  /// The old pieces whose lines were deleted (their entry in `pieces` is empty).
  var removed: Set<Int> = []

  /// An edit of these pieces, with these paragraphs added and removed.
  init(pieces: [Substring], added: [Int: [Substring]], removed: Set<Int> = []) {
    self.pieces = pieces
    self.added = added
    self.removed = removed
  }

  /// The edit from `old` (a table's shown text) to `new`, with `typedMarkers` the
  /// list marker typed on each line of `new` (nil: none, or an old cell line's) and
  /// `cellLists` the list of each old piece; nil when the lines of `new` do not keep
  /// the old lines' cells (a line of as many lines with another number of cells
  /// included), or a new line is not an item that can be added.
  init?(old: String, new: String, typedMarkers: [ListMarkerText.Parsed?], cellLists: [ListMarker?]?) {
    let isPieceEnd = { (character: Character) in character == "\t" || character == "\n" }
    let oldLines = old.split(separator: "\n", omittingEmptySubsequences: false)
    let newLines = new.split(separator: "\n", omittingEmptySubsequences: false)
    guard newLines.count != oldLines.count else {
      // Each line keeps its cells (else a row's cells changed: `RTFColumnEdit`).
      guard zip(oldLines, newLines).allSatisfy({ RTFRowEdit.cellCount($0) == RTFRowEdit.cellCount($1) }) else { return nil }
      pieces = new.split(omittingEmptySubsequences: false, whereSeparator: isPieceEnd)
      added = [:]
      return
    }
    guard newLines.count > oldLines.count else {
      guard let removal = Self.removing(old: old, new: new) else { return nil }
      self = removal
      return
    }
    guard let cellLists else { return nil }
    let oldPieces = oldLines.map { $0.split(separator: "\t", omittingEmptySubsequences: false) }
    // The index of each old line's last piece.
    var lastPiece: [Int] = []
    var count = 0
    for line in oldPieces {
      count += line.count
      lastPiece.append(count - 1)
    }
    guard count == cellLists.count else { return nil }

    var interner = TokenInterner<Substring>()
    let diff = TokenDiff(from: interner.intern(oldLines), to: interner.intern(newLines))
    var pieces: [Substring] = []
    var added: [Int: [Substring]] = [:]
    var oldLine = 0
    var newLine = 0
    /// Takes new line `newLine` as the text of old line `oldLine`'s cells.
    func pair() -> Bool {
      let cells = newLines[newLine].split(separator: "\t", omittingEmptySubsequences: false)
      guard cells.count == oldPieces[oldLine].count else { return false }
      pieces += cells
      oldLine += 1
      newLine += 1
      return true
    }
    for change in diff.changes + [TokenDiff.Change(old: oldLines.count..<oldLines.count, new: newLines.count..<newLines.count)] {
      while oldLine < change.old.lowerBound {
        guard pair() else { return nil }
      }
      guard change.new.count >= change.old.count else { return nil }
      for _ in 0..<change.old.count {
        guard pair() else { return nil }
      }
      // The rest of the change's new lines are typed after its last old line.
      let after = change.old.upperBound - 1
      guard newLine == change.new.upperBound || (after >= 0 && after < oldLines.count - 1) else { return nil }
      while newLine < change.new.upperBound {
        let line = newLines[newLine]
        let piece = lastPiece[max(0, after)]
        guard !line.contains("\t"), newLine < typedMarkers.count, let typed = typedMarkers[newLine],
          let list = cellLists[piece], list.level == typed.level, list.isBullet == typed.isBullet
        else { return nil }
        added[piece, default: []].append(line)
        newLine += 1
      }
    }
    guard pieces.count == count else { return nil }
    self.pieces = pieces
    self.added = added
  }

  /// The edit from `old` to `new` when `new` has fewer lines: pieces deleted whole,
  /// each with the line feed before it (a paragraph of a cell, not its first, went:
  /// `editingCells` checks), the other pieces kept or edited in place.
  private static func removing(old: String, new: String) -> RTFCellEdit? {
    let oldTokens = tokens(old)
    let newTokens = tokens(new)
    var interner = TokenInterner<Substring>()
    let diff = TokenDiff(from: interner.intern(oldTokens), to: interner.intern(newTokens))
    var pieces: [Substring] = []
    var removed: Set<Int> = []
    let text = { (index: Int, token: Substring) in index == 0 ? token : token.dropFirst() }
    let separator = { (token: Substring) in token.first == "\t" || token.first == "\n" ? token.first : nil }
    var oldIndex = 0
    var newIndex = 0
    for change in diff.changes + [TokenDiff.Change(old: oldTokens.count..<oldTokens.count, new: newTokens.count..<newTokens.count)] {
      while oldIndex < change.old.lowerBound {
        pieces.append(text(oldIndex, oldTokens[oldIndex]))
        oldIndex += 1
        newIndex += 1
      }
      guard change.old.count >= change.new.count else { return nil }
      // The old pieces the new ones stand for: the first ones, else the last ones;
      // the others were deleted, each with the line feed before it.
      let extra = change.old.count - change.new.count
      var chosen: [Int]?
      for first in Set([change.old.lowerBound, change.old.lowerBound + extra]).sorted() {
        let kept = Array(first..<(first + change.new.count))
        let fits = zip(kept, change.new).allSatisfy { separator(oldTokens[$0]) == separator(newTokens[$1]) }
          && change.old.allSatisfy { kept.contains($0) || ($0 > 0 && oldTokens[$0].first == "\n") }
        if fits {
          chosen = kept
          break
        }
      }
      guard let chosen else { return nil }
      for index in change.old {
        if let position = chosen.firstIndex(of: index) {
          let newToken = change.new.lowerBound + position
          pieces.append(text(newToken, newTokens[newToken]))
        } else {
          removed.insert(index)
          pieces.append("")
        }
      }
      oldIndex = change.old.upperBound
      newIndex = change.new.upperBound
    }
    return RTFCellEdit(pieces: pieces, added: [:], removed: removed)
  }

  /// The pieces of a table's shown text, each after the tab or line feed before it.
  private static func tokens(_ text: String) -> [Substring] {
    var result: [Substring] = []
    var start = text.startIndex
    for index in text.indices where text[index] == "\t" || text[index] == "\n" {
      result.append(text[start..<index])
      start = index
    }
    result.append(text[start...])
    return result
  }
}
