extension ReaderMachine {
  // MARK: Font table

  mutating func fontTableWord(_ keyword: RTFKeyword, _ parameter: Int32?) {
    switch keyword {
    case .f:
      commitFontDraft()
      fontDraft = FontDraft(index: parameter ?? 0)
      state.closeAction = .commitFontEntry
    case .fnil: fontDraft?.family = .nil
    case .froman: fontDraft?.family = .roman
    case .fswiss: fontDraft?.family = .swiss
    case .fmodern: fontDraft?.family = .modern
    case .fscript: fontDraft?.family = .script
    case .fdecor: fontDraft?.family = .decor
    case .ftech: fontDraft?.family = .tech
    case .fbidi: fontDraft?.family = .bidi
    case .fcharset:
      fontDraft?.charset = Int(parameter ?? 0)
      fontDraft?.hasCharset = true
    case .cpg: fontDraft?.codePageNumber = Int(parameter ?? 0)
    case .uc: state.unicodeFallback = max(0, parameter ?? 1)
    case .u: unicode(parameter ?? 0)
    default: return
    }
    codePageIsStale = true
  }

  /// Font names end at `;`.
  mutating func fontTableText(_ start: Int, _ end: Int) {
    var segmentStart = start
    for index in start..<end where bytes[index] == UInt8(ascii: ";") {
      if segmentStart < index { decodeText(segmentStart, index) }
      if decoder.hasPending { flushDecoder() }
      commitFontDraft()
      segmentStart = index + 1
    }
    if segmentStart < end { decodeText(segmentStart, end) }
  }

  mutating func commitFontDraft() {
    guard let draft = fontDraft else { return }
    fontDraft = nil
    codePageIsStale = true
    invalidateResolvedCharacter()
    var codePage: CodePage?
    if let number = draft.codePageNumberInEffect {
      codePage = CodePage.numbered(number)
      if codePage == nil { warnings.add(.unknownCodePage(number), at: tokenizer.tokenStart) }
    }
    let name = String(decoding: draft.name, as: UTF8.self)
      .trimmingCharacters(in: " \t")
    codePageChoice = nil
    fonts[draft.index] = FontEntry(
      font: Font(name: name, family: draft.family, charset: draft.charset), codePage: codePage)
  }

  /// The code page of a font table entry being read.
  var fontDraftCodePage: CodePage {
    guard let draft = fontDraft,
      let number = draft.codePageNumberInEffect,
      let page = CodePage.numbered(number)
    else { return documentCodePage }
    return page
  }

  // MARK: Colour table

  mutating func colorTableWord(_ keyword: RTFKeyword, _ parameter: Int32?) {
    let component = UInt8(clamping: parameter ?? 0)
    switch keyword {
    case .red: colorDraft.red = component
    case .green: colorDraft.green = component
    case .blue: colorDraft.blue = component
    default: return
    }
    colorDraft.isSet = true
  }

  /// Colour entries end at `;`; other text in the table means nothing.
  mutating func colorTableText(_ start: Int, _ end: Int) {
    for index in start..<end where bytes[index] == UInt8(ascii: ";") {
      let draft = colorDraft
      colors.append(draft.isSet ? Color(red: draft.red, green: draft.green, blue: draft.blue) : nil)
      colorDraft = ColorDraft()
    }
  }

  // MARK: Lists

  mutating func listTableWord(_ keyword: RTFKeyword, _ parameter: Int32?) {
    switch keyword {
    case .listid: listDraft.id = parameter
    case .levelnfc: levelDraft.numberFormat = parameter
    case .levelstartat: levelDraft.start = Int(max(0, parameter ?? 1))
    case .levelfollow: levelDraft.follow = ListMarker.Follow(rawValue: Int(parameter ?? 0)) ?? .tab
    default: break
    }
  }

  mutating func listOverrideWord(_ keyword: RTFKeyword, _ parameter: Int32?) {
    switch keyword {
    case .listid: overrideDraft.listID = parameter
    case .ls: overrideDraft.override = parameter
    default: break
    }
  }

  mutating func legacyListWord(_ keyword: RTFKeyword, _ parameter: Int32?) {
    switch keyword {
    case .pnlvlblt:
      legacyDraft.isList = true
      legacyDraft.format = .disc
      legacyDraft.level = 0
    case .pnlvlbody:
      legacyDraft.isList = true
      legacyDraft.level = 0
    case .pnlvl:
      legacyDraft.isList = true
      legacyDraft.level = min(max(Int(parameter ?? 1) - 1, 0), 8)
    case .pnstart: legacyDraft.start = Int(max(0, parameter ?? 1))
    case .pndec: legacyDraft.format = .decimal
    case .pnucltr: legacyDraft.format = .upperAlpha
    case .pnlcltr: legacyDraft.format = .lowerAlpha
    case .pnucrm: legacyDraft.format = .upperRoman
    case .pnlcrm: legacyDraft.format = .lowerRoman
    default: break
    }
  }

  // MARK: Closing groups

  mutating func runCloseAction(_ action: GroupCloseAction) {
    switch action {
    case .none: break
    case .commitFontEntry: commitFontDraft()
    case .commitListLevel: listDraft.levels.append(levelDraft.marker(level: listDraft.levels.count))
    case .commitList:
      if let id = listDraft.id { lists[id] = listDraft.levels }
      invalidateResolvedCharacter()
    case .commitListOverride:
      if let id = overrideDraft.listID, let override = overrideDraft.override {
        listOverrides[override] = id
        recentParagraphStyles.removeAll()
      }
    case .commitLegacyList:
      if legacyDraft.isList {
        let format = legacyDraft.format ?? .decimal
        var marker = ListMarker(format: format, level: legacyDraft.level, start: legacyDraft.start)
        if !marker.isBullet {
          let end = tokenizer.tokenStart
          let page: SingleByteCodePage
          if case .singleByte(let single) = documentCodePage { page = single } else { page = SingleByteCodePage(number: 1252) }
          let text = LegacyListText.read(bytes[min(legacyDraft.groupStart, end)..<end], codePage: page)
          marker.prefix = text.before
          marker.suffix = text.after
        }
        state.paragraph.legacyList = marker
      }
    case .closeField:
      closeField()
    }
  }
}

extension String {
  /// The string without leading and trailing characters in `set`.
  fileprivate func trimmingCharacters(in set: String) -> String {
    let trimmed = drop(while: { set.contains($0) })
    var end = trimmed.endIndex
    while end > trimmed.startIndex, set.contains(trimmed[trimmed.index(before: end)]) {
      end = trimmed.index(before: end)
    }
    return String(trimmed[..<end])
  }
}
