/// The lists of a body as Cocoa writes them: one `\list` per list, with a level for
/// every nesting depth used, and the marker text of every item (bullets, or numbers
/// counted per level, a level's count starting again after an item of a lower level).
///
/// Items with the same ``ListMarker/listID`` are one list, numbered on across the
/// paragraphs between them. Items without one are grouped in blocks: a block of
/// consecutive list paragraphs starts a new list when a non-list paragraph or an item
/// with a `listID` interrupts it, or when an item's format differs from the format its
/// level already has in the current list (a list level has one format). Lists are
/// numbered in order of first use.
struct RTFListTable {
  /// One list: the format of each level, level 0 first.
  struct List {
    /// The marker of each level (its `level` is the index).
    var levels: [ListMarker]
    /// The count of the last item at each level so far, while planning.
    var counters: [Int?] = []
  }

  /// One list item: the list it belongs to (`\lsN` is `list + 1`), its marker text
  /// and what follows the marker.
  struct Item {
    var list: Int
    var marker: String
    var follow = ListMarker.Follow.tab

    /// The marker and what follows it, as `{\listtext}` and `plainText` show them.
    var listText: String { marker + follow.text }
  }

  private(set) var lists: [List] = []
  /// The item of each paragraph, or nil for paragraphs outside lists.
  private(set) var items: [Item?] = []

  /// The item of each cell paragraph of the tables whose cells are list items
  /// (`TableCellMarkers`), by paragraph index: numbered with the paragraphs, in
  /// reading order, as LibreOffice numbers them.
  private(set) var cellItems: [Int: [Item?]] = [:]

  init(planning paragraphs: [Paragraph]) {
    items.reserveCapacity(paragraphs.count)
    var current: Int?
    var byID: [Int: Int] = [:]
    for (paragraphIndex, paragraph) in paragraphs.enumerated() {
      // The style read in place, not copied: only its marker is.
      let marker = paragraph.withStyle({ RTFInPlaceComparison.hasList($0) ? $0.pointee.list : nil })
      items.append(plan(marker, current: &current, byID: &byID))
      guard let cells = TableCellMarkers.cellLists(of: paragraph) else { continue }
      cellItems[paragraphIndex] = cells.map { plan($0, current: &current, byID: &byID) }
    }
  }

  /// The item of `marker` (nil: a paragraph outside lists, which ends a block).
  private mutating func plan(_ marker: ListMarker?, current: inout Int?, byID: inout [Int: Int]) -> Item? {
    guard let marker else {
      current = nil
      return nil
    }
    let level = max(0, marker.level)
    var levelMarker = marker
    levelMarker.level = level
    let index: Int
    if let id = marker.listID {
      current = nil
      if let existing = byID[id], fits(existing, level, levelMarker) {
        index = existing
      } else {
        index = lists.count
        lists.append(List(levels: []))
        byID[id] = index
      }
    } else if let existing = current, fits(existing, level, levelMarker) {
      index = existing
    } else {
      index = lists.count
      lists.append(List(levels: []))
      current = index
    }
    while lists[index].levels.count <= level {
      let count = lists[index].levels.count
      lists[index].levels.append(count == level ? levelMarker : ListMarker(format: .disc, level: count))
    }
    // Counted in place (a copy of the counters would be an array per item).
    if lists[index].counters.count <= level {
      lists[index].counters += Array(repeating: nil, count: level + 1 - lists[index].counters.count)
    }
    let number = lists[index].counters[level].map { $0 + 1 } ?? levelMarker.start
    lists[index].counters[level] = number
    lists[index].counters.removeSubrange((level + 1)...)
    return Item(list: index, marker: marker.text(number: number), follow: marker.follow)
  }

  /// Whether an item of `marker` at `level` can join list `index`.
  private func fits(_ index: Int, _ level: Int, _ marker: ListMarker) -> Bool {
    level >= lists[index].levels.count || lists[index].levels[level] == marker
  }

  var isEmpty: Bool { lists.isEmpty }

  /// The text between the tabs of `{\listtext\t…\t}` for item `number` (1-based).
  static func markerText(_ format: ListMarker.Format, number: Int) -> String {
    switch format {
    case .disc: return "\u{2022}"
    case .circle: return "\u{25E6}"
    case .square: return "\u{25AA}"
    case .hyphen: return "\u{2043}"
    case .decimal: return "\(number)."
    case .lowerAlpha: return alphabetic(number, base: "a") + "."
    case .upperAlpha: return alphabetic(number, base: "A") + "."
    case .lowerRoman: return roman(number).lowercased() + "."
    case .upperRoman: return roman(number) + "."
    }
  }

  /// 1 → a, 26 → z, 27 → aa (bijective base 26).
  private static func alphabetic(_ number: Int, base: Unicode.Scalar) -> String {
    var number = max(1, number)
    var letters: [Character] = []
    while number > 0 {
      number -= 1
      letters.append(Character(Unicode.Scalar(base.value + UInt32(number % 26)) ?? base))
      number /= 26
    }
    return String(letters.reversed())
  }

  private static func roman(_ number: Int) -> String {
    let numerals: [(Int, String)] = [
      (1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"),
      (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I"),
    ]
    var number = max(1, number)
    var result = ""
    for (value, numeral) in numerals {
      while number >= value {
        result += numeral
        number -= value
      }
    }
    return result
  }

  /// Writes `{\*\listtable…}` and `{\*\listoverridetable…}`, each on its own line,
  /// as Cocoa's `NSTextList` export does.
  func write(to out: inout RTFByteBuffer) {
    out.raw("{\\*\\listtable")
    for (index, list) in lists.enumerated() {
      if index > 0 { out.raw("\n") }
      out.word("{\\list\\listtemplateid", index + 1)
      out.raw("\\listhybrid")
      for (level, marker) in list.levels.enumerated() {
        writeLevel(marker, level: level, templateID: index * 100 + level + 1, to: &out)
      }
      out.word("{\\listname ;}\\listid", index + 1)
      out.raw("}")
    }
    out.raw("}\n{\\*\\listoverridetable")
    for index in lists.indices {
      out.word("{\\listoverride\\listid", index + 1)
      out.word("\\listoverridecount0\\ls", index + 1)
      out.raw("}")
    }
    out.raw("}")
  }

  private func writeLevel(
    _ marker: ListMarker, level: Int, templateID: Int, to out: inout RTFByteBuffer
  ) {
    let format = marker.format
    let numberFormat = Self.numberFormat(format)
    out.word("{\\listlevel\\levelnfc", numberFormat)
    out.word("\\levelnfcn", numberFormat)
    out.word("\\leveljc0\\leveljcn0\\levelfollow", marker.follow.rawValue)
    out.word("\\levelstartat", marker.isBullet ? 1 : marker.start)
    out.raw("\\levelspace360\\levelindent0")
    out.raw("{\\*\\levelmarker ")
    if numberFormat != 23 { out.text(marker.prefix, usesCodePage1252: false) }
    out.raw("\\{")
    out.raw(Self.markerName(format))
    out.raw("\\}")
    if numberFormat != 23 { out.text(marker.suffix, usesCodePage1252: false) }
    out.word("}{\\leveltext\\leveltemplateid", templateID)
    if numberFormat == 23 {
      out.raw("\\'01")
      out.text(Self.markerText(format, number: 1), usesCodePage1252: false)
      out.raw(";}{\\levelnumbers;}")
    } else {
      // A length byte, the text before the number, the number, the text after it.
      let prefixLength = marker.prefix.unicodeScalars.count
      out.hexEscape(UInt8(clamping: prefixLength + 1 + marker.suffix.unicodeScalars.count))
      out.text(marker.prefix, usesCodePage1252: false)
      out.raw("\\'00")
      out.text(marker.suffix, usesCodePage1252: false)
      out.raw(";}{\\levelnumbers")
      out.hexEscape(UInt8(clamping: prefixLength + 1))
      out.raw(";}")
    }
    out.word("\\fi-360\\li", 720 * (level + 1))
    out.word("\\lin", 720 * (level + 1))
    out.raw(" }")
  }

  /// `\levelnfcN`: 0 decimal, 1 upper roman, 2 lower roman, 3 upper alpha,
  /// 4 lower alpha, 23 bullet.
  static func numberFormat(_ format: ListMarker.Format) -> Int {
    switch format {
    case .disc, .circle, .square, .hyphen: return 23
    case .decimal: return 0
    case .upperRoman: return 1
    case .lowerRoman: return 2
    case .upperAlpha: return 3
    case .lowerAlpha: return 4
    }
  }

  /// The `NSTextList` marker format name Cocoa writes in `\levelmarker`.
  static func markerName(_ format: ListMarker.Format) -> String {
    switch format {
    case .disc: return "disc"
    case .circle: return "circle"
    case .square: return "square"
    case .hyphen: return "hyphen"
    case .decimal: return "decimal"
    case .lowerAlpha: return "lower-alpha"
    case .upperAlpha: return "upper-alpha"
    case .lowerRoman: return "lower-roman"
    case .upperRoman: return "upper-roman"
    }
  }
}
