extension ReaderMachine {
  /// Handles a control word.
  mutating func word(_ keyword: RTFKeyword?, _ parameter: Int32?) {
    let ignorable = state.ignorableNext
    state.ignorableNext = false
    guard let keyword else {
      if ignorable { skipGroup(counted: false) }
      return
    }
    if !ignorable, state.destination == .body {
      // The words each handler takes are disjoint, so the order does not matter:
      // character and paragraph formatting, most of a body's words, are tried first.
      if characterWord(keyword, parameter) || paragraphWord(keyword, parameter) { return }
      // A document word or a table of the document's between the first `\pard` and the
      // body: the body's first paragraph starts after them.
      let beforeBody = recorder.bodyStart == nil
      if destinationWord(keyword, parameter) {
        if beforeBody, !Self.isParagraphDestination(keyword) { recorder.paragraphStartBeforeBody = nil }
        return
      }
      if headerWord(keyword, parameter) {
        if beforeBody, keyword != .uc, keyword != .u { recorder.paragraphStartBeforeBody = nil }
        return
      }
      specialCharacterWord(keyword, parameter)
      return
    }
    if destinationWord(keyword, parameter) { return }
    if ignorable {
      skipGroup(counted: false)
      return
    }
    switch state.destination {
    case .fontTable: fontTableWord(keyword, parameter)
    case .colorTable: colorTableWord(keyword, parameter)
    case .listTable: listTableWord(keyword, parameter)
    case .listOverrideTable: listOverrideWord(keyword, parameter)
    case .legacyList: legacyListWord(keyword, parameter)
    case .body, .fieldInstruction, .levelText, .levelMarker:
      if headerWord(keyword, parameter) { return }
      if characterWord(keyword, parameter) { return }
      if state.destination == .body, paragraphWord(keyword, parameter) { return }
      specialCharacterWord(keyword, parameter)
    }
  }

  /// Whether the destination `keyword` starts is part of the paragraph it is in (its
  /// list marker, a field, a picture, a footnote, a bookmark), not a table of the
  /// document's.
  private static func isParagraphDestination(_ keyword: RTFKeyword) -> Bool {
    switch keyword {
    case .listtext, .pntext, .pn, .pntxta, .pntxtb, .field, .fldinst, .fldrslt, .fldtype, .pict, .shppict,
      .object, .shp, .nextGraphic, .nonshppict, .drawingObject, .footnote, .bkmkstart, .bkmkend, .annotation,
      .atnid, .atnauthor, .nesttableprops, .xe, .tc, .txe:
      true
    default: false
    }
  }

  /// Handles a word that starts a destination; false for every other word.
  private mutating func destinationWord(_ keyword: RTFKeyword, _ parameter: Int32?) -> Bool {
    let destination = state.destination
    switch keyword {
    case .fonttbl:
      state.destination = .fontTable
      codePageIsStale = true
    case .colortbl:
      state.destination = .colorTable
      colors = []
      colorDraft = ColorDraft()
      invalidateResolvedCharacter()
    case .listtable: state.destination = .listTable
    case .listoverridetable: state.destination = .listOverrideTable
    case .list where destination == .listTable:
      listDraft = ListDraft()
      state.closeAction = .commitList
    case .listlevel where destination == .listTable:
      levelDraft = ListLevelDraft()
      state.closeAction = .commitListLevel
    case .leveltext where destination == .listTable: state.destination = .levelText
    case .levelmarker where destination == .listTable: state.destination = .levelMarker
    case .listoverride where destination == .listOverrideTable:
      overrideDraft = ListOverrideDraft()
      state.closeAction = .commitListOverride
    case .field where destination == .body:
      openField()
      state.closeAction = .closeField
    case .fldinst where destination == .body && !fieldInstructions.isEmpty:
      state.destination = .fieldInstruction
    case .fldrslt where destination == .body && !fieldInstructions.isEmpty:
      if let target = fieldInstructions[fieldInstructions.count - 1].hyperlinkTarget(
        recent: &recentHyperlink, usingRecent: usesRecentCaches)
      {
        state.character.link = target
        characterMayHaveChanged = true
      }
    case .pn where destination == .body:
      legacyDraft = LegacyListDraft(groupStart: tokenizer.position)
      state.destination = .legacyList
      state.closeAction = .commitLegacyList
    case .nesttableprops:
      // Word puts `\nestrow` inside this group: read it, there is no text.
      break
    case .pict, .shppict: captureElement(.picture, counted: true)
    case .object, .shp: captureElement(.object, counted: true)
    case .nextGraphic:
      captureElement(.picture, counted: true)
      pendingAttachmentDepth = depth - 1
    case .nonshppict: captureElement(.picture, counted: false)
    case .drawingObject: captureElement(.object, counted: false)
    case .footnote: captureElement(.footnote, counted: false)
    case .bkmkstart, .bkmkend, .annotation, .atnid, .atnauthor: captureElement(.bookmark, counted: false)
    case .expandedcolortbl:
      skipGroup(counted: false)
      expandedColorTableStart = tokenizer.position
    case .listtext, .pntext:
      markedParagraph = body.paragraphs.count
      skipGroup(counted: false)
    case .stylesheet, .info,
      .levelnumbers, .listname, .lfolevel, .header, .headerl, .headerr, .headerf, .footer,
      .footerl, .footerr, .footerf, .themedata, .colorschememapping,
      .datastore, .latentstyles, .xmlnstbl, .rsidtbl, .generator, .pgdsctbl, .filetbl,
      .revtbl, .nonesttables, .xe, .tc, .txe, .private, .docvar, .userprops, .fchars,
      .lchars, .falt, .panose, .fname, .template, .listpicture, .ftnsep, .ftnsepc, .aftnsep,
      .aftnsepc, .pntxta, .pntxtb, .fldtype, .mmathPr:
      skipGroup(counted: false)
    default:
      return false
    }
    return true
  }

  /// Header words and document controls; false for every other word.
  private mutating func headerWord(_ keyword: RTFKeyword, _ parameter: Int32?) -> Bool {
    switch keyword {
    case .rtf: break
    case .ansi: setDocumentCodePage(1252)
    case .mac: setDocumentCodePage(10000)
    case .pc: setDocumentCodePage(437)
    case .pca: setDocumentCodePage(850)
    case .ansicpg: setDocumentCodePage(Int(parameter ?? 0))
    case .deff:
      defaultFont = parameter ?? 0
      codePageChoice = nil
      // States resolved before may name other fonts now. As on the general path, the
      // run being read keeps its attributes until its state changes.
      if usesRecentCaches {
        if let slot = resolvedSlot { resolvedFor = recentResolutions.state(at: slot) }
        recentResolutions.removeAll()
        resolvedSlot = nil
      }
    case .cocoartf: document.cocoaVersion = Int(parameter ?? 0)
    case .cocoasubrtf: document.cocoaSubversion = Int(parameter ?? 0)
    case .uc: state.unicodeFallback = max(0, parameter ?? 1)
    case .u: unicode(parameter ?? 0)
    case .paperw, .paperh, .margl, .margr, .margt, .margb, .vieww, .viewh, .viewkind,
      .deftab, .readonlydoc, .hyphauto, .cocoatextscaling, .cocoaplatform:
      let control = OpaqueControl(name: keyword.rawValue, parameter: parameter.map(Int.init))
      if let index = document.controls.firstIndex(where: { $0.name == control.name }) {
        document.controls[index] = control
      } else {
        document.controls.append(control)
      }
    default: return false
    }
    return true
  }

  private mutating func setDocumentCodePage(_ number: Int) {
    if let page = CodePage.numbered(number) {
      documentCodePage = page
      document.codePage = number
    } else {
      warnings.add(.unknownCodePage(number), at: tokenizer.tokenStart)
      documentCodePage = .windows1252
      document.codePage = 1252
    }
    codePageChoice = nil
    codePageIsStale = true
  }

  /// Character formatting words; false for every other word.
  private mutating func characterWord(_ keyword: RTFKeyword, _ parameter: Int32?) -> Bool {
    let on = (parameter ?? 1) != 0
    switch keyword {
    case .plain:
      state.character.reset()
      codePageIsStale = true
    case .f:
      state.character.fontIndex = parameter ?? 0
      // After `\hich` or `\dbch`, `\f` is also the font of those characters (Word's
      // `\loch\af1\hich\af1\dbch\f13`): an `\af` given before, e.g. `\rtlch`'s, no
      // longer decodes them.
      switch state.character.characterKind {
      case .lowANSI: break
      case .highANSI: state.character.highANSIFont = parameter ?? 0
      case .doubleByte: state.character.doubleByteFont = parameter ?? 0
      }
      codePageIsStale = true
    case .fs:
      state.character.halfPoints = parameter ?? 24
      state.character.milliPoints = nil
    case .fsmilli: state.character.milliPoints = parameter
    case .b: state.character.isBold = on
    case .i: state.character.isItalic = on
    case .ul, .ulw: state.character.underline = on ? .single : nil
    case .uldb: state.character.underline = on ? .double : nil
    case .ulth, .ulthdash: state.character.underline = on ? .thick : nil
    case .uld, .ulthd: state.character.underline = on ? .dotted : nil
    case .uldash, .uldashd, .uldashdd: state.character.underline = on ? .dashed : nil
    case .ulwave, .ulhwave, .ululdbwave: state.character.underline = on ? .wavy : nil
    case .ulnone: state.character.underline = nil
    case .ulstyle: state.character.underline = Self.lineStyle(cocoaStyle: parameter ?? 0)
    case .strike: state.character.strikethrough = on ? .single : nil
    case .striked:
      if on {
        state.character.strikethrough = .double
      } else if state.character.strikethrough == .double {
        state.character.strikethrough = nil
      }
    case .cf: state.character.foreground = parameter ?? 0
    case .cb, .chcbpat: state.character.background = parameter ?? 0
    case .highlight: state.character.highlight = parameter ?? 0
    case .superscript:
      state.character.verticalPosition = .superscript
      state.character.raise = nil
    case .subscript:
      state.character.verticalPosition = .subscript
      state.character.raise = nil
    case .nosupersub:
      state.character.verticalPosition = nil
      state.character.raise = nil
    case .up:
      state.character.verticalPosition = (parameter ?? 6) > 0 ? .superscript : nil
      state.character.raise = (parameter ?? 6) > 0 ? parameter ?? 6 : nil
    case .dn:
      state.character.verticalPosition = (parameter ?? 6) > 0 ? .subscript : nil
      state.character.raise = nil
    case .v:
      state.character.isHidden = on
      return true
    case .loch, .hich, .dbch:
      state.character.characterKind =
        keyword == .loch ? .lowANSI : keyword == .hich ? .highANSI : .doubleByte
      codePageIsStale = true
      return true
    case .af:
      switch state.character.characterKind {
      case .lowANSI: break
      case .highANSI: state.character.highANSIFont = parameter ?? 0
      case .doubleByte: state.character.doubleByteFont = parameter ?? 0
      }
      codePageIsStale = true
      return true
    case .expnd, .expndtw, .kerning, .outl, .strokewidth, .strokec, .cocoaLigature, .shad,
      .obliqueness, .expansion, .caps, .scaps, .notesconflictmarker:
      state.character.setUnknown(
        OpaqueControl(name: keyword.rawValue, parameter: parameter.map(Int.init)))
    default: return false
    }
    characterMayHaveChanged = true
    return true
  }

  /// Cocoa's `\ulstyleN`: the low byte is the line (1 single, 2 thick, 9 double),
  /// 0x100–0x400 a dot or dash pattern.
  static func lineStyle(cocoaStyle: Int32) -> LineStyle? {
    switch cocoaStyle & 0xF00 {
    case 0x100: return .dotted
    case 0x200, 0x300, 0x400: return .dashed
    default: break
    }
    switch cocoaStyle & 0xFF {
    case 0: return nil
    case 2: return .thick
    case 9: return .double
    default: return .single
    }
  }

  /// Paragraph formatting and structure words; false for every other word.
  private mutating func paragraphWord(_ keyword: RTFKeyword, _ parameter: Int32?) -> Bool {
    let value = Int(parameter ?? 0)
    switch keyword {
    case .pard:
      if recorder.bodyStart == nil, depth == 1 { recorder.paragraphStartBeforeBody = tokenizer.tokenStart }
      // Most paragraphs set their tab stops again: the empty list keeps the old
      // one's room (a new buffer of that size when the old one is shared).
      var fresh = ParagraphState()
      swap(&fresh.tabStops, &state.paragraph.tabStops)
      fresh.tabStops.removeAll(keepingCapacity: true)
      // The same for the controls kept as read (Word sets `\sl` and `\slmult` again).
      swap(&fresh.unknown, &state.paragraph.unknown)
      fresh.unknown.removeAll(keepingCapacity: true)
      state.paragraph = fresh
      recorder.isInTable = false
    case .ql: state.paragraph.alignment = .left
    case .qc: state.paragraph.alignment = .center
    case .qr: state.paragraph.alignment = .right
    case .qj, .qd: state.paragraph.alignment = .justified
    case .qnatural: state.paragraph.alignment = .natural
    case .fi: state.paragraph.firstLineIndent = value
    case .li: state.paragraph.leftIndent = value
    case .ri: state.paragraph.rightIndent = value
    case .sb: state.paragraph.spacingBefore = value
    case .sa: state.paragraph.spacingAfter = value
    case .tqc: state.paragraph.nextTabKind = .center
    case .tqr: state.paragraph.nextTabKind = .right
    case .tqdec: state.paragraph.nextTabKind = .decimal
    case .tx:
      if state.paragraph.tabStops.count < Self.maxTabStops {
        state.paragraph.tabStops.append(TabStop(position: value, kind: state.paragraph.nextTabKind))
      }
      state.paragraph.nextTabKind = .left
    case .ls: state.paragraph.listOverride = parameter ?? 0
    case .ilvl: state.paragraph.listLevel = min(max(value, 0), 8)
    case .slleading, .slmaximum, .slminimum, .sl, .slmult, .pardeftab, .keepn, .rtlpar:
      state.paragraph.setUnknown(
        OpaqueControl(name: keyword.rawValue, parameter: parameter.map(Int.init)))
    case .par, .sect, .page: endParagraph()
    case .cell, .nestcell:
      recorder.isInTable = true
      recorder.noteBody(at: tokenizer.tokenStart, depth: depth)
      tables.noteCellEnd(at: tokenizer.tokenStart, depth: depth, list: currentParagraphStyle().list)
      body.pendingCellTabs += 1
    case .row:
      recorder.isInTable = false
      recorder.noteBody(at: tokenizer.tokenStart, depth: depth)
      tables.noteRowEnd(at: tokenizer.tokenStart, depth: depth, outer: true)
      endRow()
    case .nestrow:
      tables.noteRowEnd(at: tokenizer.tokenStart, depth: depth, outer: false)
      endRow()
    case .intbl, .trowd:
      recorder.isInTable = true
      recorder.noteBody(at: tokenizer.tokenStart, depth: depth)
      tables.noteTableWord(at: tokenizer.tokenStart, depth: depth)
    case .chftn: footnoteMark()
    default: return false
    }
    return true
  }

  /// Words that stand for a character (`\tab`, `\emdash`, …).
  private mutating func specialCharacterWord(_ keyword: RTFKeyword, _ parameter: Int32?) {
    switch keyword {
    case .tab: emit("\t")
    case .line: emit("\u{2028}")
    case .emdash: emit("\u{2014}")
    case .endash: emit("\u{2013}")
    case .bullet: emit("\u{2022}")
    case .lquote: emit("\u{2018}")
    case .rquote: emit("\u{2019}")
    case .ldblquote: emit("\u{201C}")
    case .rdblquote: emit("\u{201D}")
    case .emspace: emit("\u{2003}")
    case .enspace: emit("\u{2002}")
    case .qmspace: emit("\u{2005}")
    case .zwj: emit("\u{200D}")
    case .zwnj: emit("\u{200C}")
    case .ltrmark: emit("\u{200E}")
    case .rtlmark: emit("\u{200F}")
    default: break
    }
  }

  /// Handles a control symbol.
  mutating func controlSymbol(_ symbol: UInt8) {
    switch symbol {
    case UInt8(ascii: "*"):
      // `\*` marks a destination only at the start of a group; elsewhere it is noise.
      if groupContentStart >= 0, groupContentStart <= tokenizer.tokenStart,
        bytes[groupContentStart..<tokenizer.tokenStart].allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D })
      {
        state.ignorableNext = true
      }
    case UInt8(ascii: "\\"), UInt8(ascii: "{"), UInt8(ascii: "}"):
      emit(Unicode.Scalar(symbol))
    case UInt8(ascii: "~"): emit("\u{00A0}")
    case UInt8(ascii: "-"): emit("\u{00AD}")
    case UInt8(ascii: "_"): emit("\u{2011}")
    case UInt8(ascii: ":"): emit(":")
    default: break
    }
  }
}
