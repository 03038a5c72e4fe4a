/// Collects the body: the runs of the paragraph being read and the finished
/// paragraphs.
struct BodyBuilder {
  var paragraphs: [Paragraph] = []
  /// The list marker of each paragraph `endParagraph` made (`style.list`), kept as they
  /// are made so that list identities need no second look at every paragraph. Whoever
  /// changes a paragraph's list afterwards changes its entry too.
  var listMarkers: [ListMarker?] = []
  var runs: [TextRun] = []
  /// UTF-8 text of the run being read, all with `runAttributes`.
  var runText = RunTextBuffer()
  var runAttributes = CharacterAttributes()
  /// `\cell`s read since the last text: each becomes a tab unless a `\row` ends
  /// the row first (the last cell of a row gets no tab).
  var pendingCellTabs = 0
  /// Whether `runs` may break `Paragraph`'s normal form (two neighbours with equal
  /// attributes), so the paragraph must normalize them. Runs that `flushRun`
  /// appended, each when the attributes had changed since the run before, never
  /// do: each has text and differs from the one before. Set when a run is flushed
  /// with the last run's attributes still current (a field flushes the text before
  /// it), when one is flushed with attributes that changed while no text waited
  /// and came back to the last run's, and when a run is added some other way
  /// (`append(_:)`).
  private var runsMayNeedJoining = false
  /// Whether the last run has `runAttributes` (nothing changed them since it was
  /// flushed).
  private var lastRunHasRunAttributes = false
  /// Whether the attributes changed while no text waited since the last run was
  /// flushed: they may have come back to the last run's, which the next flush
  /// checks (once, instead of a pass over every run at the paragraph's end).
  private var attributesChangedWithoutText = false

  /// Starts a new run when `attributes` differ from the current run's.
  mutating func setAttributes(_ attributes: consuming CharacterAttributes) {
    guard attributes != runAttributes else { return }
    if runText.isEmpty {
      if !runs.isEmpty { attributesChangedWithoutText = true }
    } else {
      flushRun()
    }
    runAttributes = attributes
    lastRunHasRunAttributes = false
  }

  mutating func flushRun() {
    guard !runText.isEmpty else { return }
    if lastRunHasRunAttributes {
      runsMayNeedJoining = true
    } else if attributesChangedWithoutText, !runsMayNeedJoining, runs.last?.attributes == runAttributes {
      runsMayNeedJoining = true
    }
    attributesChangedWithoutText = false
    runs.append(TextRun(text: runText.string, attributes: runAttributes))
    runText.removeAll()
    lastRunHasRunAttributes = true
  }

  /// Appends a run made elsewhere (an element), after the text read so far.
  mutating func append(_ run: TextRun) {
    flushRun()
    runs.append(run)
    runsMayNeedJoining = true
    lastRunHasRunAttributes = false
  }

  /// Replaces the runs from `index` on with `run` (a field's result with its element).
  mutating func replaceRuns(from index: Int, with run: TextRun) {
    flushRun()
    runs.removeSubrange(index...)
    runs.append(run)
    runsMayNeedJoining = true
    lastRunHasRunAttributes = false
  }

  mutating func endParagraph(style: ParagraphStyle) {
    flushRun()
    let lastCount = runs.count
    // The paragraph takes the runs' buffer: no copy, no second pass over them.
    listMarkers.append(style.list)
    paragraphs.append(
      runsMayNeedJoining ? Paragraph(runs: runs, style: style) : Paragraph(normalizedRuns: runs, style: style))
    // The next paragraph's runs in one buffer of the size this one's took (mostly
    // about right; the array grows as any does when it is not), not one per doubling.
    runs = []
    if lastCount > 1 { runs.reserveCapacity(lastCount) }
    runsMayNeedJoining = false
    lastRunHasRunAttributes = false
    attributesChangedWithoutText = false
  }
}

extension ReaderMachine {
  /// Makes the body ready for text: the current attributes, pending cell tabs.
  mutating func prepareBody() {
    recorder.noteBody(at: tokenizer.tokenStart, depth: depth)
    if !hiddenText.isEmpty { flushHiddenText() }
    if characterMayHaveChanged {
      characterMayHaveChanged = false
      if usesRecentCaches {
        resolveRunAttributes()
      } else if resolvedFor != state.character {
        body.setAttributes(resolveCharacter())
        resolvedFor = state.character
      }
    }
    if body.pendingCellTabs > 0 {
      body.runText.append(UInt8(ascii: "\t"), count: body.pendingCellTabs)
      body.pendingCellTabs = 0
    }
  }

  /// Ends the paragraph (`\par`, `\sect`, `\page`, `\` + newline).
  mutating func endParagraph() {
    if pendingHighSurrogate != nil { emitUnpairedSurrogate() }
    if body.pendingCellTabs > 0 || !hiddenText.isEmpty { prepareBody() }
    recorder.noteBody(at: tokenizer.tokenStart, depth: depth)
    tables.noteParagraphEnd(
      body.paragraphs.count, at: tokenizer.tokenStart, end: tokenizer.position, depth: depth)
    body.endParagraph(style: currentParagraphStyle())
    if isCleanBoundary {
      noteCleanParagraphEnd()
    } else {
      recorder.noteUncleanParagraphEnd(at: tokenizer.position)
    }
  }

  /// A group closed at `brace` right after a paragraph's end (Word writes each
  /// paragraph as `{…\par }`): the paragraph ends past the brace instead, in the
  /// enclosing group, a clean boundary when that is the document's own. So an edit
  /// to one such paragraph rewrites that paragraph, not the stretch up to the next
  /// paragraph that ends outside a group.
  mutating func noteGroupEnd(at brace: Int) {
    guard recorder.lastParagraphEnds(justBefore: brace, in: bytes) else { return }
    recorder.removeLastParagraphEnd()
    if isCleanBoundary {
      noteCleanParagraphEnd()
    } else {
      recorder.noteUncleanParagraphEnd(at: tokenizer.position)
    }
  }

  /// Records a clean paragraph end at the tokenizer's position with the state there,
  /// read where it lies.
  private mutating func noteCleanParagraphEnd() {
    let offset = tokenizer.position
    let fallback = state.unicodeFallback
    withUnsafePointer(to: &state.character) { character in
      withUnsafePointer(to: &state.paragraph) { paragraph in
        recorder.noteCleanParagraphEnd(
          at: offset, character: character, paragraph: paragraph, unicodeFallback: fallback)
      }
    }
  }

  /// Whether a replaced stretch of paragraphs can stop at the paragraph end here:
  /// in the document's own group, outside fields, tables and legacy lists.
  private var isCleanBoundary: Bool {
    mutating get {
      depth == 1 && state.destination == .body && fieldInstructions.isEmpty
        && !recorder.isInTable && pendingAttachmentDepth == nil
        && !withUnsafePointer(to: &state.paragraph) { ReaderStateComparison.hasLegacyList($0) }
    }
  }

  /// Ends a table row (`\row`, `\nestrow`): the last cell gets no tab.
  mutating func endRow() {
    body.pendingCellTabs = max(0, body.pendingCellTabs - 1)
    endParagraph()
  }

  /// Ends the last paragraph, which always exists (empty after a final `\par`).
  mutating func finishBody() {
    body.pendingCellTabs = max(0, body.pendingCellTabs - 1)
    if pendingHighSurrogate != nil { emitUnpairedSurrogate() }
    if body.pendingCellTabs > 0 || !hiddenText.isEmpty { prepareBody() }
    body.endParagraph(style: currentParagraphStyle())
    // The empty paragraph after a final `\par` is no list item: LibreOffice and pandoc
    // show no marker there. Only a Cocoa file's empty last item with its own
    // `{\listtext}` marker is one (TextEdit keeps the marker in the text).
    let last = body.paragraphs.count - 1
    if last > 0, body.paragraphs[last].runs.isEmpty, body.paragraphs[last].style.list != nil,
      document.cocoaVersion == nil || markedParagraph != last
    {
      body.paragraphs[last].style.list = nil
      body.listMarkers[last] = nil
    }
  }

  /// Forgets the resolved attributes (the font, colour or list tables changed).
  mutating func invalidateResolvedCharacter() {
    resolvedFor = nil
    recentResolutions.removeAll()
    resolvedSlot = nil
    recentParagraphStyles.removeAll()
    characterMayHaveChanged = true
  }

  /// Gives the body the attributes of the current character state, through the
  /// recently resolved states: the run being read goes on when the state is the one
  /// it was resolved from, and a new run starts only when the attributes differ.
  private mutating func resolveRunAttributes() {
    if let slot = withUnsafePointer(to: state.character, { recentResolutions.slot(of: $0) }) {
      if slot != resolvedSlot {
        body.setAttributes(recentResolutions.attributes(at: slot))
        resolvedSlot = slot
      }
      return
    }
    // After `\deff`, the state of the run being read, whose attributes stay.
    if let kept = resolvedFor {
      if kept == state.character { return }
      resolvedFor = nil
    }
    let attributes = resolveCharacter()
    resolvedSlot = recentResolutions.insert(state.character, resolvedTo: attributes)
    body.setAttributes(attributes)
  }

  /// The character attributes of the current state, fonts and colours by value.
  ///
  /// An `\fN` not in the font table falls back to `\deffN`; no `\f` at all means
  /// no font. Colour index 0 or an empty table entry means the default colour.
  /// `\cb` wins over `\highlight` for the background.
  func resolveCharacter() -> CharacterAttributes {
    let character = state.character
    let font = character.fontIndex == nil ? nil : currentFont()?.font
    var size: Double?
    if let milli = character.milliPoints {
      size = Double(milli) / 1000
    } else if let half = character.halfPoints {
      size = Double(half) / 2
    }
    return CharacterAttributes(
      font: font, fontSize: size, isBold: character.isBold, isItalic: character.isItalic,
      underline: character.underline, strikethrough: character.strikethrough,
      foregroundColor: color(at: character.foreground),
      backgroundColor: color(at: character.background) ?? color(at: character.highlight),
      link: character.link, verticalPosition: character.verticalPosition,
      unknown: character.unknown)
  }

  private func color(at index: Int32?) -> Color? {
    guard let index, index >= 0, Int(index) < colors.count else { return nil }
    return colors[Int(index)]
  }

  /// The paragraph style of the current state, the same as a recent paragraph's
  /// when the state is (consecutive paragraphs mostly share a style, list items and
  /// plain paragraphs take turns).
  mutating func currentParagraphStyle() -> ParagraphStyle {
    guard usesRecentCaches else { return resolveParagraph() }
    // Compared where it lies: no copy of the state.
    if let style = withUnsafePointer(to: &state.paragraph, { recentParagraphStyles.style(of: $0) }) {
      return style
    }
    let style = resolveParagraph()
    recentParagraphStyles.insert(state.paragraph, resolvedTo: style)
    return style
  }

  /// The paragraph style of the current state. List membership comes from
  /// `\lsN` (through the list override and list tables) and `\ilvlN`, else from a
  /// legacy `\*\pn` group when the paragraph has no `\lsN`; tab stops are sorted by
  /// position.
  func resolveParagraph() -> ParagraphStyle {
    let paragraph = state.paragraph
    var list = paragraph.legacyList
    if paragraph.listOverride != nil {
      // An `\lsN` of the paragraph wins over `\pn`; one the list tables do not define
      // makes no list (LibreOffice shows no marker, whatever `\pn` says).
      list = nil
    }
    if let override = paragraph.listOverride, let id = listOverrides[override],
      let levels = lists[id], !levels.isEmpty
    {
      list = levels[min(paragraph.listLevel, levels.count - 1)]
      list?.level = paragraph.listLevel
      // The file's own list number for now; `ReaderListIdentities` makes it canonical.
      list?.listID = Int(id)
    }
    var tabs = paragraph.tabStops
    if zip(tabs, tabs.dropFirst()).contains(where: { $0.position > $1.position }) {
      tabs = tabs.enumerated().sorted { ($0.element.position, $0.offset) < ($1.element.position, $1.offset) }
        .map(\.element)
    }
    return ParagraphStyle(
      alignment: paragraph.alignment, firstLineIndent: paragraph.firstLineIndent,
      leftIndent: paragraph.leftIndent, rightIndent: paragraph.rightIndent, tabStops: tabs,
      spacingBefore: paragraph.spacingBefore, spacingAfter: paragraph.spacingAfter,
      list: list, unknown: paragraph.unknown)
  }
}
