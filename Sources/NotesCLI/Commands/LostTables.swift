import Foundation
import RichText

/// How the tables a plain-text write lost went: deleted with their text, or made plain
/// text, their cells' text kept outside any table (an edit that types a line with two
/// cells more or fewer than its row or the rows beside it, moves a paragraph of a cell
/// into another cell, or adds or removes part of a row, which a table cannot take from
/// plain text).
struct LostTables {
  /// Tables whose text is gone with them.
  var deleted = 0
  /// Tables whose text is still in the body, outside any table.
  var madePlain = 0

  /// The tables lost between `before` (the old body's tables) and the new body `after`.
  /// A lost table counts as made plain when most of its cells' texts are still in the
  /// body's plain text outside its tables.
  init(before: [RTFElement], after: AttributedText) {
    let kept = after.elements.filter { $0.kind == .table }
    let lost = before.count - kept.count
    guard lost > 0 else { return }
    var outside = after.plainText
    for table in kept {
      if let range = outside.range(of: table.shownText) { outside.removeSubrange(range) }
    }
    let stillShown = before.count { table in
      let cells = table.shownText.split(whereSeparator: { $0 == "\t" || $0 == "\n" })
        .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
      return !cells.isEmpty && cells.count { outside.contains($0) } * 2 >= cells.count
    }
    madePlain = min(stillShown, lost)
    deleted = lost - madePlain
  }
}
