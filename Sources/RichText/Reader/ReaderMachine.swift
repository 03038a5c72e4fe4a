/// The reader's state machine: consumes tokens and keeps a stack of group states
/// (no recursion), building the body, the tables and the document attributes.
struct ReaderMachine {
  var tokenizer: RTFTokenizer
  let bytes: [UInt8]
  let limits: RTFLimits
  var warnings = WarningLog()
  /// The groups still open where the input ended (0 for a whole document).
  var groupsOpenAtEnd = 0

  // Groups.
  var stack: [GroupState] = []
  var state = GroupState()
  var depth = 0
  var groupCount = 0
  /// Above zero inside a skipped group: how many groups deep the skipping goes.
  var skipDepth = 0
  /// `\uN` fallback units still to skip.
  var fallbackToSkip: Int32 = 0
  var pendingHighSurrogate: UInt16?
  /// The depth at which a Cocoa attachment's 0xAC placeholder byte is expected.
  var pendingAttachmentDepth: Int?
  var skippedObjects = 0
  /// The offset just after the last `{`: `\*` counts only right after it.
  var groupContentStart = -1

  // Decoding.
  var decoder = ByteDecoder()
  var codePageIsStale = true
  /// The fonts the decoder's code page was last worked out for on the fast path, and
  /// that page: Word names the same fonts again in every run's group. Nil when the
  /// font table, `\deff` or the document's code page changed since.
  var codePageChoice: FontChoice?
  var codePageForChoice: CodePage = .windows1252
  var scratch: [UInt8] = []

  // Document and tables.
  var document = DocumentAttributes()
  var documentCodePage: CodePage = .windows1252
  var defaultFont: Int32?
  var fonts: [Int32: FontEntry] = [:]
  var colors: [Color?] = []
  var lists: [Int32: [ListMarker?]] = [:]
  var listOverrides: [Int32: Int32] = [:]
  var fontDraft: FontDraft?
  var colorDraft = ColorDraft()
  var listDraft = ListDraft()
  var levelDraft = ListLevelDraft()
  var overrideDraft = ListOverrideDraft()
  var legacyDraft = LegacyListDraft()
  /// The open fields, innermost last.
  var fieldInstructions: [FieldRecord] = []
  /// Where the text of Cocoa's `\*\expandedcolortbl` starts while it is skipped.
  var expandedColorTableStart: Int?
  /// The entries of `\*\expandedcolortbl` as written, one per colour table entry.
  var expandedColorEntries: [String] = []
  /// The offset of `\rtf`: spaces between the opening `{` and it are not text.
  var headerSpaceEnd = 0
  /// Where paragraphs start and end in the file, for writing back only what changed.
  var recorder = RTFSourceRecorder()

  // Elements (tables, pictures, footnotes, hidden text): see ReaderMachine+Elements.
  /// The skipped group being kept as an element, if any.
  var elementCapture: (kind: RTFElement.Kind, start: Int)?
  /// `\chftn` marks read in the body so far (a mark shows its number).
  var footnoteMarks = 0
  /// Hidden (`\v`) text read since the last visible text, as UTF-8.
  var hiddenText: [UInt8] = []
  /// The paragraph (its index in the body) whose `{\listtext}` or `{\pntext}` marker
  /// was read last: an empty last paragraph is a list item only with its marker.
  var markedParagraph: Int?
  /// Where the table being read keeps its cells.
  var tables = TableTracker()
  /// Whether any run of the body holds an element (set wherever one is made), so
  /// that a body without any needs no pass over its runs at the end.
  var bodyHasElements = false

  // Body.
  var body = BodyBuilder()
  /// The character state `body.runAttributes` was resolved from; nil when the
  /// tables changed since. (On the fast path: only after `\deff` emptied
  /// `recentResolutions`, until another state is resolved.)
  var resolvedFor: CharacterState?
  /// Set whenever `state.character` or the tables may have changed, so that text
  /// does not compare character states when nothing changed.
  var characterMayHaveChanged = true
  /// The character states resolved lately (used when `usesRecentCaches`), and the
  /// slot of the one `body.runAttributes` came from.
  var recentResolutions = RecentResolutions()
  var resolvedSlot: Int?
  /// Whether the reader looks states, boundaries and hyperlinks up among the
  /// recent ones (the fast path) or works each out afresh (the general path, which
  /// tests compare it with). Both give the same result.
  var usesRecentCaches = true
  /// Whether plain body text, escapes and control words are read straight from the
  /// bytes (`readBodyRun`) or each as a token (the general path, which tests compare
  /// it with). Both give the same result.
  var readsBodyRuns = true
  /// The last paragraph states resolved, with their styles (list tables as they
  /// are: emptied when a list or list override is added).
  var recentParagraphStyles = RecentParagraphStyles()
  /// The field instruction parsed last, with its link target.
  var recentHyperlink: RecentHyperlink?

  /// The longest field instruction or list level text kept, in bytes.
  static let maxSinkLength = 4096
  /// The longest font name kept, in bytes (names are compared whenever the font
  /// changes, so they must stay short).
  static let maxFontNameLength = 256
  /// The most tab stops a paragraph keeps (Word allows 64); more `\tx` are ignored.
  static let maxTabStops = 128

  init(bytes: [UInt8], start: Int, limits: RTFLimits) {
    self.bytes = bytes
    self.limits = limits
    self.tokenizer = RTFTokenizer(bytes: bytes, start: start, maxBinaryLength: limits.maxBinaryLength)
  }

  /// Reads the document from the opening `{` to its closing `}` (or the end).
  mutating func run() throws(RTFError) -> RTFReadResult {
    // One buffer pointer for the whole read: the tokenizer neither retains the
    // array nor checks bounds per token.
    let bytes = self.bytes
    try bytes.withUnsafeBufferPointer { buffer throws(RTFError) in try readTokens(buffer) }
    return finish()
  }

  /// Consumes tokens up to the document's closing `}` (or the end of `buffer`, the
  /// input's bytes).
  private mutating func readTokens(_ buffer: UnsafeBufferPointer<UInt8>) throws(RTFError) {
    loop: while true {
      if canReadBodyRun, readBodyRun(buffer) { continue }
      var token = try tokenizer.next(in: buffer)
      // A word the reader does not know does nothing unless it follows `\*`, counts
      // as a `\uN` fallback, ends multi-byte text or stands where a Cocoa
      // attachment's placeholder may come (Word writes dozens per paragraph).
      if case .word(nil, _) = token, skipDepth == 0, fallbackToSkip == 0, !state.ignorableNext,
        pendingAttachmentDepth == nil, !decoder.hasPending
      {
        continue
      }
      if skipDepth > 0 {
        switch token {
        case .groupStart: try openGroup()
        case .groupEnd:
          if skipDepth == 1 {
            skipDepth = 0
            if let start = expandedColorTableStart {
              expandedColorTableStart = nil
              readExpandedColors(bytes[start..<tokenizer.tokenStart])
            }
            closeGroup()
            if let capture = elementCapture {
              elementCapture = nil
              finishElementCapture(capture.kind, start: capture.start)
            }
            if depth == 0 { break loop }
          } else {
            skipDepth -= 1
            depth -= 1
          }
        case .end:
          warnings.add(.unclosedGroups(depth), at: bytes.count)
          groupsOpenAtEnd = depth
          break loop
        default: break
        }
        continue
      }

      if fallbackToSkip > 0 {
        switch token {
        case .groupStart, .groupEnd, .end:
          fallbackToSkip = 0
        case .text(let start, let end, let isASCII):
          let skipped = min(Int(fallbackToSkip), end - start)
          fallbackToSkip -= Int32(skipped)
          tables.extendCell(to: start + skipped)
          if start + skipped == end { continue }
          token = .text(start: start + skipped, end: end, isASCII: isASCII)
        default:
          fallbackToSkip -= 1
          tables.extendCell(to: tokenizer.position)
          continue
        }
      }
      switch token {
      case .text, .hex: break
      default: if decoder.hasPending { flushDecoder() }
      }
      if state.ignorableNext {
        if case .word = token {} else { state.ignorableNext = false }
      }
      if let attachmentDepth = pendingAttachmentDepth, depth <= attachmentDepth {
        pendingAttachmentDepth = nil
        switch token {
        case .hex(0xAC): continue
        case .text(let start, let end, let isASCII) where bytes[start] == 0xAC:
          if start + 1 == end { continue }
          token = .text(start: start + 1, end: end, isASCII: isASCII)
        default: break
        }
      }
      switch token {
      case .groupStart: try openGroup()
      case .groupEnd:
        closeGroup()
        if depth == 0 {
          recorder.documentEnd = tokenizer.tokenStart
          break loop
        }
        noteGroupEnd(at: tokenizer.tokenStart)
      case .word(let keyword, let parameter): word(keyword, parameter)
      case .symbol(let symbol): controlSymbol(symbol)
      case .hex(let byte): hexByte(byte)
      case .invalidHex: emit("\u{FFFD}")
      case .text(let start, _, _) where start < headerSpaceEnd: break
      case .text(let start, let end, let isASCII): text(start, end, isASCII: isASCII)
      case .binary: break
      case .end:
        warnings.add(.unclosedGroups(depth), at: bytes.count)
        groupsOpenAtEnd = depth
        break loop
      }
    }
  }

  private mutating func finish() -> RTFReadResult {
    if pendingHighSurrogate != nil { emitUnpairedSurrogate() }
    if decoder.hasPending { flushDecoder() }
    if hasTextAfterEnd() { warnings.add(.textAfterEnd, at: tokenizer.position) }
    finishBody()
    collapseTables()
    noteElementResources()
    // A table makes one paragraph of several: the markers kept are those of the
    // paragraphs before.
    let listIDs = ReaderListIdentities.canonicalize(
      &body.paragraphs, markers: tables.paragraphs.isEmpty ? body.listMarkers : nil)
    var text = AttributedText(paragraphs: body.paragraphs, document: document)
    text.rtfSource = recorder.source(
      bytes: bytes, paragraphs: text.paragraphs, document: document,
      tables: sourceTables(listIDs: listIDs))
    return RTFReadResult(
      text: text, skippedObjects: skippedObjects,
      warnings: tokenizer.warnings.merged(with: warnings), unclosedGroups: groupsOpenAtEnd)
  }

  private func hasTextAfterEnd() -> Bool {
    var index = tokenizer.position
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x09, 0x0A, 0x0D, 0x00, 0x1A: index += 1
      default: return true
      }
    }
    return false
  }

  // MARK: Groups

  private mutating func openGroup() throws(RTFError) {
    if pendingHighSurrogate != nil { emitUnpairedSurrogate() }
    depth += 1
    groupCount += 1
    guard depth <= limits.maxGroupDepth else {
      throw .groupTooDeep(limit: limits.maxGroupDepth, offset: tokenizer.tokenStart)
    }
    guard groupCount <= limits.maxGroupCount else {
      throw .tooManyGroups(limit: limits.maxGroupCount, offset: tokenizer.tokenStart)
    }
    if skipDepth > 0 {
      skipDepth += 1
      return
    }
    if depth == 2 { recorder.lastTopLevelGroupStart = tokenizer.tokenStart }
    stack.append(state)
    groupContentStart = tokenizer.position
    state.closeAction = .none
    state.ignorableNext = false
  }

  private mutating func closeGroup() {
    if pendingHighSurrogate != nil { emitUnpairedSurrogate() }
    let action = state.closeAction  // not the whole state: no copy of its arrays
    depth -= 1
    // The document's own group keeps its state: the last paragraph ends with it.
    guard stack.count > 1, let enclosing = stack.popLast() else { return }
    state = enclosing
    codePageIsStale = true
    characterMayHaveChanged = true
    runCloseAction(action)
  }

  /// Keeps the entries of `\*\expandedcolortbl` (`\cssrgb\c100000\c14913\c0`, …)
  /// as written: they are finer than the colour table's 8-bit values.
  mutating func readExpandedColors(_ text: ArraySlice<UInt8>) {
    let string = String(decoding: text, as: UTF8.self)
    let entries = string.split(separator: ";", omittingEmptySubsequences: false).dropLast()
    expandedColorEntries = entries.map { entry in
      String(entry.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
  }

  /// The file's font, colour and list numbers by value.
  /// `listIDs` holds each `\listid` the body used with the items' canonical `listID`.
  func sourceTables(listIDs: ReaderListIdentities.Identities) -> RTFSourceTables {
    var tables = RTFSourceTables()
    for (number, entry) in fonts.sorted(by: { $0.key < $1.key })
    where tables.fontNumbers[entry.font] == nil {
      tables.fontNumbers[entry.font] = Int(number)
    }
    for (number, color) in colors.enumerated() {
      guard let color, tables.colorNumbers[color] == nil else { continue }
      tables.colorNumbers[color] = number
      if number < expandedColorEntries.count, !expandedColorEntries[number].isEmpty {
        tables.expandedColors[color] = expandedColorEntries[number]
      }
    }
    var lowestOverride: [Int32: Int32] = [:]
    for (override, id) in listOverrides.sorted(by: { $0.key < $1.key }) where lowestOverride[id] == nil {
      lowestOverride[id] = override
    }
    // The lists the body uses first, then the others.
    var used: Set<Int32> = []
    for (fileListID, listID) in listIDs.lists {
      let id = Int32(clamping: fileListID)
      used.insert(id)
      guard let override = lowestOverride[id], let levels = lists[id] else { continue }
      for case var marker? in levels {
        marker.listID = listID
        if tables.listNumbers[marker] == nil { tables.listNumbers[marker] = Int(override) }
      }
    }
    for (id, override) in lowestOverride.sorted(by: { $0.value < $1.value }) where !used.contains(id) {
      guard let levels = lists[id] else { continue }
      for case let marker? in levels where tables.listNumbers[marker] == nil {
        tables.listNumbers[marker] = Int(override)
      }
    }
    tables.paragraphListNumbers = listIDs.paragraphFileListIDs.map { id in
      id.flatMap { lowestOverride[Int32(clamping: $0)] }.map { Int($0) }
    }
    return tables
  }

  /// Skips the rest of the current group; `counted` adds one skipped object.
  mutating func skipGroup(counted: Bool) {
    if counted { skippedObjects += 1 }
    skipDepth = 1
  }
}
