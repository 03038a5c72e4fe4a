/// Makes the list identities of read paragraphs canonical, so that the same lists
/// read from any file (and from the writer's own output) give the same model.
///
/// While reading, an item's ``ListMarker/listID`` is the file's `\listid`. Here it
/// becomes nil when the list's items are exactly one list of `RTFListTable`'s block
/// planning (consecutive items, nothing else among them): numbering by blocks gives
/// the same numbers. Every other list (interrupted by a paragraph and going on after
/// it, or next to another list of the same format) is numbered 0, 1, 2… in order of
/// first appearance.
enum ReaderListIdentities {
  /// What `canonicalize` found: each `\listid` the body uses, in order of first use,
  /// with the `listID` its items now have; and each paragraph's `\listid`.
  struct Identities {
    var lists: [(fileListID: Int, listID: Int?)] = []
    var paragraphFileListIDs: [Int?] = []
  }

  /// Rewrites the `listID` of every item of `paragraphs`, the cell paragraphs of
  /// tables included (in reading order, as `TableCellMarkers` numbers them).
  /// `markers`, each paragraph's list marker when the reader read no table, spares a
  /// look at every paragraph (its last run for a table, its style for a list).
  static func canonicalize(_ paragraphs: inout [Paragraph], markers known: [ListMarker?]? = nil) -> Identities {
    assert(known.map { $0 == paragraphs.map(\.listMarker) } ?? true, "the markers are not the paragraphs' markers")
    let entries = known == nil ? TableCellMarkers.entries(of: paragraphs) : nil
    let markers = entries?.markers ?? known ?? paragraphs.map(\.listMarker)
    guard markers.contains(where: { $0?.listID != nil }) else { return Identities() }
    let fileListIDs = markers.map { $0?.listID }
    let blocks = blockLists(markers)
    // The block list of each file list's items (-1: more than one), and the file
    // list of each block list's items (-1: more than one).
    var blockOf: [Int: Int] = [:]
    var fileListOf: [Int: Int] = [:]
    var order: [Int] = []
    for index in markers.indices {
      guard let id = fileListIDs[index], let block = blocks[index] else {
        if let block = blocks[index] { fileListOf[block] = -1 }
        continue
      }
      if let seen = blockOf[id] {
        if seen != block { blockOf[id] = -1 }
      } else {
        blockOf[id] = block
        order.append(id)
      }
      if let seen = fileListOf[block] {
        if seen != id { fileListOf[block] = -1 }
      } else {
        fileListOf[block] = id
      }
    }
    var canonical: [Int: Int?] = [:]
    var result = Identities()
    var next = 0
    for id in order {
      if let block = blockOf[id], block >= 0, fileListOf[block] == id {
        canonical[id] = .some(nil)
        result.lists.append((id, nil))
      } else {
        canonical[id] = next
        result.lists.append((id, next))
        next += 1
      }
    }
    guard let entries else {
      result.paragraphFileListIDs = fileListIDs
      for index in paragraphs.indices {
        guard let id = fileListIDs[index] else { continue }
        let listID = canonical[id] ?? nil
        if listID != id { paragraphs[index].modifyStyle { $0.list?.listID = listID } }
      }
      return result
    }
    result.paragraphFileListIDs = Array(repeating: nil, count: paragraphs.count)
    var cellLists: [Int: [ListMarker?]] = [:]
    for entry in markers.indices {
      let paragraph = entries.owner[entry]
      var marker = markers[entry]
      if let id = fileListIDs[entry] { marker?.listID = canonical[id] ?? nil }
      if entries.cell[entry] != nil {
        cellLists[paragraph, default: []].append(marker)
      } else if let id = fileListIDs[entry] {
        result.paragraphFileListIDs[paragraph] = id
        if marker?.listID != id { paragraphs[paragraph].modifyStyle { $0.list = marker } }
      }
    }
    for (index, lists) in cellLists {
      // The table is the paragraph's last run (bookmarks read before it come first).
      var runs = paragraphs[index].runs
      guard var run = runs.last, run.attributes.element?.cellLists != lists else { continue }
      run.attributes.element?.cellLists = lists
      runs[runs.count - 1] = run
      paragraphs[index].setRuns(runs)
    }
    return result
  }

  /// The list of each paragraph in `RTFListTable`'s block planning of items
  /// without a `listID` (nil outside lists), from the paragraphs' markers alone,
  /// without building the marker texts: a block of consecutive items is one list
  /// until an item's level already has another format in it. (A test compares
  /// this with `RTFListTable(planning:)`.)
  static func blockLists(_ markers: [ListMarker?]) -> [Int?] {
    var result: [Int?] = []
    result.reserveCapacity(markers.count)
    var lists = 0
    // The levels of the list being planned, if the last paragraph was an item.
    var current: [ListMarker]?
    for marker in markers {
      guard var marker else {
        current = nil
        result.append(nil)
        continue
      }
      marker.listID = nil
      let level = max(0, marker.level)
      marker.level = level
      if var levels = current, level >= levels.count || levels[level] == marker {
        current = nil  // keeps `levels` uniquely referenced
        while levels.count <= level {
          levels.append(levels.count == level ? marker : ListMarker(format: .disc, level: levels.count))
        }
        current = levels
      } else {
        lists += 1
        current = (0...level).map { $0 == level ? marker : ListMarker(format: .disc, level: $0) }
      }
      result.append(lists - 1)
    }
    return result
  }
}
