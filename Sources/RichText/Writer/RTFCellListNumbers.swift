/// The `\lsN` words of a table whose cells are list items, for a body written whole:
/// the table keeps its RTF, whose `\lsN` named the lists of the file it was read
/// from; the body's new list table numbers its lists anew (`RTFListTable`, cells
/// included), so each cell paragraph's `\lsN` becomes its list's new number.
enum RTFCellListNumbers {
  /// The RTF of each table of `paragraphs` whose cells are list items, with its `\lsN`
  /// renumbered to `lists` (tables whose cells cannot be placed in the RTF are left
  /// out, and keep their numbers).
  static func renumberedTables(of paragraphs: [Paragraph], lists: RTFListTable) -> [RTFElement: [UInt8]] {
    var result: [RTFElement: [UInt8]] = [:]
    for (index, items) in lists.cellItems.sorted(by: { $0.key < $1.key }) {
      guard let element = TableCellMarkers.table(of: paragraphs[index]), result[element] == nil,
        let rtf = renumbered(element, items: items)
      else { continue }
      result[element] = rtf
    }
    return result
  }

  /// `element`'s RTF with each `\lsN` set to the new number of the list of the cell
  /// paragraph it stands in (the first cell that ends after it); nil when the cells'
  /// places are unknown.
  static func renumbered(_ element: RTFElement, items: [RTFListTable.Item?]) -> [UInt8]? {
    guard let cells = element.cells, cells.count == items.count else { return nil }
    let rtf = element.rtf
    var out: [UInt8] = []
    out.reserveCapacity(rtf.count + 16)
    var copied = 0
    var cell = 0
    var index = 0
    while index < rtf.count {
      guard rtf[index] == UInt8(ascii: "\\") else {
        index += 1
        continue
      }
      let wordStart = index + 1
      var end = wordStart
      while end < rtf.count, isLetter(rtf[end]) { end += 1 }
      guard end > wordStart else {
        index = wordStart + 1  // a control symbol
        continue
      }
      let digitsStart = end
      if end < rtf.count, rtf[end] == UInt8(ascii: "-") { end += 1 }
      while end < rtf.count, end - digitsStart < 11, rtf[end] >= 0x30, rtf[end] <= 0x39 { end += 1 }
      let word = rtf[wordStart..<digitsStart]
      if word.elementsEqual("bin".utf8),
        let length = Int(String(decoding: rtf[digitsStart..<end], as: UTF8.self)), length > 0
      {
        if end < rtf.count, rtf[end] == UInt8(ascii: " ") { end += 1 }
        index = min(rtf.count, end + length)
        continue
      }
      if word.elementsEqual("ls".utf8), end > digitsStart {
        while cell < cells.count, cells[cell].insertion < index { cell += 1 }
        if cell < cells.count, let item = items[cell] {
          out.append(contentsOf: rtf[copied..<digitsStart])
          out.append(contentsOf: Array(String(item.list + 1).utf8))
          copied = end
        }
      }
      index = end
    }
    out.append(contentsOf: rtf[copied...])
    return out
  }

  private static func isLetter(_ byte: UInt8) -> Bool {
    (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A)
  }
}
