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

  /// Rewrites the `listID` of every item of `paragraphs`.
  static func canonicalize(_ paragraphs: inout [Paragraph]) -> Identities {
    guard paragraphs.contains(where: { $0.style.list?.listID != nil }) else { return Identities() }
    let fileListIDs = paragraphs.map { $0.style.list?.listID }
    var anonymous = paragraphs
    for index in anonymous.indices where anonymous[index].style.list != nil {
      anonymous[index].style.list?.listID = nil
    }
    let blocks = RTFListTable(planning: anonymous)
    // The block list of each file list's items (-1: more than one), and the file
    // list of each block list's items (-1: more than one).
    var blockOf: [Int: Int] = [:]
    var fileListOf: [Int: Int] = [:]
    var order: [Int] = []
    for (index, paragraph) in paragraphs.enumerated() {
      guard let id = paragraph.style.list?.listID, let block = blocks.items[index]?.list else {
        if let block = blocks.items[index]?.list { fileListOf[block] = -1 }
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
    var result = Identities(paragraphFileListIDs: fileListIDs)
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
    for index in paragraphs.indices {
      guard let id = paragraphs[index].style.list?.listID else { continue }
      paragraphs[index].style.list?.listID = canonical[id] ?? nil
    }
    return result
  }
}
