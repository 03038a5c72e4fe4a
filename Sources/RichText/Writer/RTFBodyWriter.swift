/// Writes the paragraphs of a body after the header: `\pard` lines when the
/// paragraph style changes, list membership and markers, runs as attribute diffs,
/// links as `HYPERLINK` fields, paragraphs ended by `\` and a line feed.
struct RTFBodyWriter {
  let tables: RTFResourceTables
  let lists: RTFListTable
  /// Whether `\'hh` escapes are in code page 1252 (the document's code page).
  let documentUsesCodePage1252: Bool
  /// Whether the words of a paragraph style written before are copied, not worked
  /// out again (the same bytes; off only to test that).
  var reusesStyleWords = true
  /// The RTF to write for tables whose `\lsN` were renumbered (`RTFCellListNumbers`).
  var renumberedTables: [RTFElement: [UInt8]] = [:]

  /// How many recently written paragraph styles keep their words for reuse: bodies
  /// mostly alternate between a few (body text, list items, headings).
  private static let reusedStyleCount = 4

  /// Writes the paragraphs, each run's character words worked out from the state.
  func write(_ paragraphs: [Paragraph], to out: inout RTFByteBuffer) {
    var sets = RTFAttributeSets()
    write(paragraphs, sets: &sets, numbered: false, to: &out)
  }

  /// Writes the paragraphs with their runs numbered in `sets` (by
  /// `RTFResourceTables(collecting:numbering:)`): each run's character words are found
  /// by its set's number, and copied when written before. The same bytes.
  func write(_ paragraphs: [Paragraph], sets: inout RTFAttributeSets, to out: inout RTFByteBuffer) {
    write(paragraphs, sets: &sets, numbered: true, to: &out)
  }

  private func write(
    _ paragraphs: [Paragraph], sets: inout RTFAttributeSets, numbered: Bool, to out: inout RTFByteBuffer
  ) {
    var state = CharacterAttributes()
    var stateNumber = 0
    var runIndex = 0
    var previousStyle = ParagraphStyle()
    var hasPreviousStyle = false
    var recentStyles: [(style: ParagraphStyle, words: [UInt8])] = []
    var previousEndsWithBlockElement = false
    for (index, paragraph) in paragraphs.enumerated() {
      // A table's RTF ends its paragraph itself.
      if index > 0 && !previousEndsWithBlockElement { out.raw("\\\n") }
      // The style read in place: compared with the last one, copied only when it changed.
      let forcingColor = paragraph.withStyle { style -> Bool in
        if hasPreviousStyle && withUnsafePointer(to: &previousStyle, { RTFInPlaceComparison.areEqual(style, $0) }) {
          return false
        }
        if !reusesStyleWords {
          RTFParagraphStyleWriter.write(style.pointee, to: &out)
        } else if let words = Self.recentWords(of: style, in: recentStyles) {
          out.append(contentsOf: words)
        } else {
          var words = RTFByteBuffer(capacity: 128)
          RTFParagraphStyleWriter.write(style.pointee, to: &words)
          let bytes = words.finished()
          out.append(contentsOf: bytes)
          if recentStyles.count == Self.reusedStyleCount { recentStyles.removeFirst() }
          recentStyles.append((style.pointee, bytes))
        }
        out.byte(UInt8(ascii: "\n"))
        if RTFInPlaceComparison.hasList(style), let list = style.pointee.list, let item = lists.items[index] {
          out.word("\\ls", item.list + 1)
          out.word("\\ilvl", max(0, list.level))
        }
        previousStyle = style.pointee
        hasPreviousStyle = true
        return true
      }
      if numbered {
        previousEndsWithBlockElement = paragraph.withRuns { runs in
          let first = runIndex
          writeRuns(
            runs, marker: lists.items[index]?.listText, state: &stateNumber, runIndex: &runIndex,
            sets: &sets, forcingColor: forcingColor, to: &out)
          // Only a run with an element can end with a table.
          return runIndex > first && sets.hasElement[Int(sets.runNumbers[runIndex - 1])]
            && Self.endsWithBlockElement(runs)
        }
      } else {
        writeRuns(
          of: paragraph, marker: lists.items[index]?.listText, state: &state, forcingColor: forcingColor,
          to: &out)
        previousEndsWithBlockElement = paragraph.endsWithBlockElement
      }
    }
    out.raw("}")
  }

  /// The words of `style` when it is one of `recent`, compared in place (a search
  /// by `first(where:)` copies each entry's style).
  private static func recentWords(
    of style: UnsafePointer<ParagraphStyle>, in recent: [(style: ParagraphStyle, words: [UInt8])]
  ) -> [UInt8]? {
    recent.withUnsafeBufferPointer { entries in
      guard let base = entries.baseAddress else { return nil }
      for index in 0..<entries.count where (base + index).pointee.style == style.pointee {
        return (base + index).pointee.words
      }
      return nil
    }
  }

  /// Writes a paragraph's runs (and its list marker, if any) as diffs from `state`.
  func writeRuns(
    of paragraph: Paragraph, marker: String?, state: inout CharacterAttributes,
    forcingColor: Bool, to out: inout RTFByteBuffer
  ) {
    let runs = paragraph.runs
    var forcingColor = forcingColor
    var marker = marker
    var position = 0
    while position < runs.count {
      if let link = runs[position].attributes.link {
        var end = position + 1
        while end < runs.count && runs[end].attributes.link == link { end += 1 }
        // The field takes the formatting of its first run from outside, as Cocoa
        // writes it; only changes between the link's runs go inside the result.
        var outside = runs[position].attributes
        outside.link = nil
        if forcingColor || marker != nil || outside != state {
          RTFCharacterStateWriter.write(
            from: state, to: outside, tables: tables, forcingColor: forcingColor, to: &out)
          forcingColor = false
          state = outside
        }
        writeMarker(&marker, to: &out)
        writeLink(link, runs: runs[position..<end], outside: state, to: &out)
        position = end
      } else {
        // The run read in place, not copied (its attributes are large).
        RTFCharacterStateWriter.write(
          from: state, to: runs[position].attributes, tables: tables, forcingColor: forcingColor, to: &out)
        forcingColor = false
        state = runs[position].attributes
        writeMarker(&marker, to: &out)
        writeText(of: runs[position], to: &out)
        position += 1
      }
    }
    if state.verticalPosition != nil, !runs.isEmpty {
      // LibreOffice drops the text of a paragraph that ends raised or lowered.
      out.raw("\\nosupersub ")
      state.verticalPosition = nil
    }
    if forcingColor || marker != nil {
      // An empty paragraph: Cocoa still writes the colour after `\pard`, and a list
      // item still gets its marker.
      RTFCharacterStateWriter.write(
        from: state, to: state, tables: tables, forcingColor: forcingColor, to: &out)
      writeMarker(&marker, to: &out)
    }
  }

  /// Writes a paragraph's runs as `writeRuns(of:marker:state:forcingColor:to:)` does,
  /// with the state as a set number of `sets`: `runIndex` is the body-order index of
  /// the paragraph's first run in `sets.runNumbers`, and is moved past its runs.
  func writeRuns(
    of paragraph: Paragraph, marker: String?, state: inout Int, runIndex: inout Int,
    sets: inout RTFAttributeSets, forcingColor: Bool, to out: inout RTFByteBuffer
  ) {
    paragraph.withRuns { runs in
      writeRuns(
        runs, marker: marker, state: &state, runIndex: &runIndex, sets: &sets, forcingColor: forcingColor,
        to: &out)
    }
  }

  /// `writeRuns(of:marker:state:runIndex:sets:forcingColor:to:)` on runs read in
  /// place: no run, and no attributes but a link's, is copied.
  private func writeRuns(
    _ runs: UnsafeBufferPointer<TextRun>, marker: String?, state: inout Int, runIndex: inout Int,
    sets: inout RTFAttributeSets, forcingColor: Bool, to out: inout RTFByteBuffer
  ) {
    var forcingColor = forcingColor
    var marker = marker
    var position = 0
    if let base = runs.baseAddress {
      while position < runs.count {
        let run = base + position
        // The set's flags say whether the run has a link or an element: asking the
        // run would copy its attributes.
        let number = Int(sets.runNumbers[runIndex + position])
        if sets.hasLink[number], let link = run.pointee.attributes.link {
          var end = position + 1
          while end < runs.count && (base + end).pointee.attributes.link == link { end += 1 }
          var outside = run.pointee.attributes
          outside.link = nil
          let outsideNumber = sets.number(of: outside)
          if forcingColor || marker != nil || outsideNumber != state {
            sets.write(from: state, to: outsideNumber, tables: tables, forcingColor: forcingColor, to: &out)
            forcingColor = false
            state = outsideNumber
          }
          writeMarker(&marker, to: &out)
          writeFieldStart(link, to: &out)
          outside.link = link
          var inside = sets.number(of: outside)
          for index in position..<end {
            let number = Int(sets.runNumbers[runIndex + index])
            sets.write(from: inside, to: number, tables: tables, forcingColor: false, to: &out)
            inside = number
            writeText(base + index, number: number, sets: sets, to: &out)
          }
          out.raw("}}")
          position = end
        } else {
          sets.write(from: state, to: number, tables: tables, forcingColor: forcingColor, to: &out)
          forcingColor = false
          state = number
          writeMarker(&marker, to: &out)
          writeText(run, number: number, sets: sets, to: &out)
          position += 1
        }
      }
    }
    runIndex += runs.count
    if sets.isShifted[state], !runs.isEmpty {
      // LibreOffice drops the text of a paragraph that ends raised or lowered.
      out.raw("\\nosupersub ")
      var reset = sets.sets[state]
      reset.verticalPosition = nil
      state = sets.number(of: reset)
    }
    if forcingColor || marker != nil {
      sets.write(from: state, to: state, tables: tables, forcingColor: forcingColor, to: &out)
      writeMarker(&marker, to: &out)
    }
  }

  /// A run's text read in place, its code page mode looked up by its set's number.
  @inline(__always)
  private func writeText(
    _ run: UnsafePointer<TextRun>, number: Int, sets: borrowing RTFAttributeSets, to out: inout RTFByteBuffer
  ) {
    guard !sets.hasElement[number] else {
      writeText(of: run.pointee, to: &out)
      return
    }
    out.text(run.pointee.text, usesCodePage1252: documentUsesCodePage1252 && sets.hasANSIFont[number])
  }

  /// Whether runs end with a table, whose RTF ends the paragraph (as
  /// `Paragraph.endsWithBlockElement`).
  private static func endsWithBlockElement(_ runs: UnsafeBufferPointer<TextRun>) -> Bool {
    guard let base = runs.baseAddress, !runs.isEmpty else { return false }
    let last = base + (runs.count - 1)
    guard last.pointee.attributes.element?.isBlock == true else { return false }
    return last.pointee.text.unicodeScalars.last == "\u{FFFC}"
  }

  /// Writes `{\listtext\t<marker>\t}` (a space or nothing in place of the last tab,
  /// as the level's `\levelfollow` says) once, before the item's first character.
  private func writeMarker(_ marker: inout String?, to out: inout RTFByteBuffer) {
    guard let text = marker else { return }
    out.raw("{\\listtext\t")
    if text.hasSuffix("\t") {
      out.text(String(text.dropLast()), usesCodePage1252: false)
      out.raw("\t}")
    } else {
      out.text(text, usesCodePage1252: false)
      out.raw("}")
    }
    marker = nil
  }

  /// Writes `{\field{\*\fldinst{HYPERLINK "url"}}{\fldrslt …}}`; formatting inside
  /// the result is a diff against the formatting outside, which the group restores.
  private func writeLink(
    _ link: String, runs: ArraySlice<TextRun>, outside: CharacterAttributes,
    to out: inout RTFByteBuffer
  ) {
    writeFieldStart(link, to: &out)
    var inside = outside
    inside.link = link
    for run in runs {
      RTFCharacterStateWriter.write(
        from: inside, to: run.attributes, tables: tables, forcingColor: false, to: &out)
      inside = run.attributes
      writeText(of: run, to: &out)
    }
    out.raw("}}")
  }

  /// Writes `{\field{\*\fldinst{HYPERLINK "url"}}{\fldrslt `, the start of a link.
  private func writeFieldStart(_ link: String, to out: inout RTFByteBuffer) {
    out.raw("{\\field{\\*\\fldinst{HYPERLINK \"")
    out.text(link, usesCodePage1252: false)
    out.raw("\"}}{\\fldrslt ")
  }

  /// A run's text; each U+FFFC of an element's run is the element's RTF as read (a
  /// table in a group of its own, so its paragraph state ends with it).
  private func writeText(of run: TextRun, to out: inout RTFByteBuffer) {
    guard let element = run.attributes.element else {
      out.text(run.text, usesCodePage1252: usesCodePage1252(run.attributes))
      return
    }
    for scalar in run.text.unicodeScalars {
      guard scalar == "\u{FFFC}" else {
        out.text(String(scalar), usesCodePage1252: usesCodePage1252(run.attributes))
        continue
      }
      if element.isBlock { out.byte(UInt8(ascii: "{")) }
      if let rtf = renumberedTables[element] {
        var renumbered = element
        renumbered.rtf = rtf
        out.append(contentsOf: tables.renumbered(renumbered))
      } else {
        out.append(contentsOf: tables.renumbered(element))
      }
      if element.isBlock { out.byte(UInt8(ascii: "}")) }
    }
  }

  /// `\'hh` is decoded in the font's character set, so it is written only where that
  /// is code page 1252; elsewhere non-ASCII text goes out as `\u`.
  private func usesCodePage1252(_ attributes: CharacterAttributes) -> Bool {
    documentUsesCodePage1252 && (attributes.font?.charset ?? 0) == 0
  }
}

extension Paragraph {
  /// Whether the paragraph ends with a table, whose RTF ends the paragraph.
  var endsWithBlockElement: Bool {
    // Read in place: the last run and its element are not copied.
    let runs = self.runs
    guard let last = runs.indices.last, runs[last].attributes.element?.isBlock == true else { return false }
    return runs[last].text.unicodeScalars.last == "\u{FFFC}"
  }
}
