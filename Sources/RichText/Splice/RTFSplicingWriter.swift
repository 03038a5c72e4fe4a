/// Writes a body back into the RTF file it was read from, changing only the
/// paragraphs that changed.
///
/// The paragraphs are diffed against the file's (`TokenDiff` over whole
/// paragraphs). Paragraphs the body kept keep their bytes; each changed stretch is
/// widened to clean boundaries (see ``RTFSource``), written in the writer's own way
/// with the file's font, colour and list numbers, and followed by the state the
/// file's next paragraph expects. Gives nil when that is not possible (the document
/// attributes changed, or the new paragraphs use a font, colour or list format the
/// file's tables lack): the caller then writes the whole body.
struct RTFSplicingWriter {
  let source: RTFSource

  /// Old paragraphs `oldLower..<oldUpper` of the file replaced by new paragraphs
  /// `newLower..<newUpper` of the body.
  private struct Stretch {
    var oldLower: Int
    var oldUpper: Int
    var newLower: Int
    var newUpper: Int
  }

  /// The bytes of `text` written into the file, or nil.
  ///
  /// - Complexity: O(n) in the size of the file and the body, plus the paragraph
  ///   diff (see `TokenDiff`).
  func write(_ text: AttributedText) -> [UInt8]? {
    guard text.document == source.document else { return nil }
    let old = source.paragraphs
    let new = text.paragraphs
    if old == new { return source.bytes }
    var interner = TokenInterner<Paragraph>()
    let diff = TokenDiff(from: interner.intern(old), to: interner.intern(new))
    let stretches = changedStretches(diff, count: old.count)
    let lists = RTFListTable(planning: new)
    // Each list of the new body takes the `\ls` of an item it kept from the file.
    var keptListNumbers: [Int: Int] = [:]
    let fileNumbers = source.tables.paragraphListNumbers
    for (index, oldIndex) in diff.oldIndices().enumerated() {
      guard let oldIndex, oldIndex < fileNumbers.count, let number = fileNumbers[oldIndex],
        let list = lists.items[index]?.list, keptListNumbers[list] == nil
      else { continue }
      keptListNumbers[list] = number
    }
    var listNumbers: [Int: Int] = [:]
    for stretch in stretches {
      for index in stretch.newLower..<stretch.newUpper {
        guard let marker = new[index].style.list, let list = lists.items[index]?.list else { continue }
        guard let number = keptListNumbers[list] ?? source.tables.listNumbers[marker] else { return nil }
        listNumbers[index] = number
      }
    }
    guard let tables = tables(for: new, in: stretches) else { return nil }
    let body = RTFBodyWriter(tables: tables, lists: lists, documentUsesCodePage1252: false)

    let bytes = source.bytes
    var out = RTFByteBuffer(capacity: bytes.count + 1024)
    var copied = 0
    for stretch in stretches {
      out.append(contentsOf: bytes[copied..<source.boundaries[stretch.oldLower]])
      let endsDocument = stretch.oldUpper == old.count
      for index in stretch.newLower..<stretch.newUpper {
        let paragraph = new[index]
        RTFParagraphStyleWriter.write(paragraph.style, to: &out)
        if let number = listNumbers[index], let list = paragraph.style.list {
          out.word("\\ls", number)
          out.word("\\ilvl", max(0, list.level))
        }
        out.raw("\\plain ")
        var state = CharacterAttributes()
        body.writeRuns(
          of: paragraph, marker: lists.items[index]?.marker, state: &state, forcingColor: true,
          to: &out)
        if (!endsDocument || index + 1 < stretch.newUpper) && !paragraph.endsWithBlockElement {
          out.raw("\\\n")
        }
      }
      copied = source.boundaries[stretch.oldUpper]
      // The next paragraph may begin by setting the whole state itself (the words a
      // splice before wrote there): then the state words would only stack up before
      // them, one more run with every write.
      if !endsDocument, let state = source.state(at: stretch.oldUpper), !Self.setsWholeState(bytes, at: copied) {
        // When it begins with `\plain`, the character words would be read over: left
        // out, so a deleted paragraph's formatting (a conflict marker's highlight) is
        // not written again where nothing shows it.
        RTFStateWriter.write(state, characters: !Self.beginsWithPlain(bytes, at: copied), to: &out)
      }
    }
    out.append(contentsOf: bytes[copied...])
    return out.finished()
  }

  /// Whether the bytes at `offset` begin with control words alone that set the whole
  /// state a paragraph is read in, as `RTFStateWriter` writes it: `\pard`, then `\plain`
  /// and `\ucN` among words (no text, group or symbol before them). The state before
  /// such words does not matter to what follows.
  static func setsWholeState(_ bytes: [UInt8], at offset: Int) -> Bool {
    var index = offset
    var names: [Substring] = []
    while index < bytes.count {
      let byte = bytes[index]
      if byte == 0x0A || byte == 0x0D || byte == UInt8(ascii: " ") && !names.isEmpty {
        index += 1
        continue
      }
      guard byte == UInt8(ascii: "\\"), let word = RTFWordScan(bytes, at: index) else { break }
      if names.isEmpty, word.name != "pard" { return false }
      names.append(word.name)
      if word.name == "uc" { return names.contains("plain") }
      index = word.end
    }
    return false
  }

  /// Whether the first word at `offset`, after line ends, is `\plain`, which resets
  /// the character state before any text is read.
  static func beginsWithPlain(_ bytes: [UInt8], at offset: Int) -> Bool {
    var index = offset
    // A space would be text read in the state before the word: not skipped.
    while index < bytes.count, bytes[index] == 0x0A || bytes[index] == 0x0D { index += 1 }
    guard index < bytes.count, bytes[index] == UInt8(ascii: "\\"), let word = RTFWordScan(bytes, at: index) else {
      return false
    }
    return word.name == "plain"
  }

  /// The stretches to replace, in order, each between clean boundaries of the file.
  private func changedStretches(_ diff: TokenDiff, count: Int) -> [Stretch] {
    var pending = diff.changes[...]
    var stretches: [Stretch] = []
    while let change = pending.popFirst() {
      var stretch = Stretch(
        oldLower: change.old.lowerBound, oldUpper: change.old.upperBound,
        newLower: change.new.lowerBound, newUpper: change.new.upperBound)
      while true {
        if stretch.oldLower == count || !source.isClean(stretch.oldLower) {
          // Nothing can follow the last paragraph, which has no `\par`; and a
          // stretch starts where the reader was in the document's own group.
          stretch.oldLower -= 1
          stretch.newLower -= 1
        } else if let last = stretches.last, stretch.oldLower < last.oldUpper {
          stretches.removeLast()
          stretch.oldLower = last.oldLower
          stretch.newLower = last.newLower
        } else if stretch.oldUpper == count, stretch.newUpper <= stretch.newLower,
          stretch.oldLower > 0
        {
          // A stretch that ends the document writes its last paragraph.
          stretch.oldLower -= 1
          stretch.newLower -= 1
        } else if stretch.oldUpper < count, source.state(at: stretch.oldUpper) == nil {
          // The paragraph after the stretch needs the state it was read in.
          if let next = pending.first, next.old.lowerBound == stretch.oldUpper {
            pending.removeFirst()
            stretch.oldUpper = next.old.upperBound
            stretch.newUpper = next.new.upperBound
          } else {
            stretch.oldUpper += 1
            stretch.newUpper += 1
          }
        } else {
          break
        }
      }
      stretches.append(stretch)
    }
    return stretches
  }

  /// The file's tables, if they hold every font and colour of the new paragraphs
  /// of `stretches`.
  private func tables(for new: [Paragraph], in stretches: [Stretch]) -> RTFResourceTables? {
    let fonts = source.tables.fontNumbers
    let colors = source.tables.colorNumbers
    for stretch in stretches {
      for paragraph in new[stretch.newLower..<stretch.newUpper] {
        for run in paragraph.runs {
          let attributes = run.attributes
          if let font = attributes.font, fonts[font] == nil { return nil }
          if let color = attributes.foregroundColor, colors[color] == nil { return nil }
          if let color = attributes.backgroundColor, colors[color] == nil { return nil }
          if let resources = attributes.element?.resources,
            !resources.fonts.values.allSatisfy({ fonts[$0] != nil })
              || !resources.colors.values.allSatisfy({ colors[$0] != nil })
          {
            return nil
          }
        }
      }
    }
    return RTFResourceTables(fontNumbers: fonts, colorNumbers: colors)
  }
}
