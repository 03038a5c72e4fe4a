/// Notes, while the reader reads, where each paragraph of the body starts and ends
/// in the file and the reader's state at each paragraph boundary: the makings of
/// an ``RTFSource``.
struct RTFSourceRecorder {
  /// Where the body starts: the first token that adds to it, or the `{` of the
  /// top-level group that holds that token.
  private(set) var bodyStart: Int?
  /// The `{` of the last group opened directly inside the document's group.
  var lastTopLevelGroupStart = 0
  /// Where each paragraph but the last ends (just after its `\par`).
  private var ends: [Int] = []
  private var endStates: [Int32] = []
  private var states: [RTFBoundaryState] = []
  /// The number of the newest state of each quick hash (`quickHash`), and for each
  /// state the number of the one before it with the same hash (-1: none): states are
  /// found by hash and compared where they are kept, never copied to be looked up.
  private var newestStateOfHash: [Int: Int32] = [:]
  private var olderStateOfSameHash: [Int32] = []
  /// The quick hash of each state, compared before the state itself.
  private var stateHashes: [Int] = []
  /// The number of the state at the last clean paragraph end (`states` holds it).
  private var lastNumber: Int32?
  /// The numbers of the last few distinct states, looked at before the hash chains
  /// when `checksRecentStates` (the reader's fast path; either way gives the same
  /// numbers, as `states` holds each state once).
  private var recentStateNumbers: [Int32] = []
  var checksRecentStates = true
  static let recentStateCount = 16
  /// The offset of the document's closing `}`, once read.
  var documentEnd: Int?
  /// Inside a table row (`\trowd`, `\intbl`, `\cell` until `\row` or `\pard`):
  /// no paragraph boundary there is clean.
  var isInTable = false

  /// The `\pard` in the document's own group that begins the body's first paragraph,
  /// read before the body started with nothing after it but formatting words and
  /// that paragraph's groups (the reader forgets it at a document word or a table's
  /// destination).
  var paragraphStartBeforeBody: Int?

  /// Marks the body as started at `offset`, unless it started already: at the `\pard`
  /// that began its first paragraph, if one did. So a rewritten first paragraph
  /// replaces its formatting words too, as every other paragraph's are, instead of
  /// leaving them before the new ones on every write.
  @inline(__always) mutating func noteBody(at offset: Int, depth: Int) {
    guard bodyStart == nil else { return }
    let start = depth <= 1 ? offset : lastTopLevelGroupStart
    bodyStart = paragraphStartBeforeBody.map { min($0, start) } ?? start
  }

  /// Records the end of a paragraph at `offset` whose boundary is not clean.
  mutating func noteUncleanParagraphEnd(at offset: Int) {
    ends.append(offset)
    endStates.append(-1)
  }

  /// Records the end of a paragraph at `offset` with the reader's state there (a
  /// clean boundary) found neither at the last clean end nor among the recent ones:
  /// one lookup by hash, which adds the state when it is new.
  private mutating func noteParagraphEnd(
    at offset: Int, character: UnsafePointer<CharacterState>, paragraph: UnsafePointer<ParagraphState>,
    unicodeFallback: Int32, hash: Int
  ) {
    ends.append(offset)
    let newest = newestStateOfHash[hash]
    var found: Int32?
    if var candidate = newest {
      states.withUnsafeBufferPointer { kept in
        guard let base = kept.baseAddress else { return }
        while candidate >= 0 {
          if Self.isState(
            base + Int(candidate), character: character, paragraph: paragraph, unicodeFallback: unicodeFallback)
          {
            found = candidate
            return
          }
          candidate = olderStateOfSameHash[Int(candidate)]
        }
      }
    }
    let number: Int32
    if let found {
      number = found
    } else {
      number = Int32(states.count)
      states.append(
        RTFBoundaryState(character: character.pointee, paragraph: paragraph.pointee, unicodeFallback: unicodeFallback))
      olderStateOfSameHash.append(newest ?? -1)
      stateHashes.append(hash)
      newestStateOfHash[hash] = number
    }
    lastNumber = number
    endStates.append(number)
    if checksRecentStates, !recentStateNumbers.contains(number) {
      if recentStateNumbers.count == Self.recentStateCount { recentStateNumbers.removeFirst() }
      recentStateNumbers.append(number)
    }
  }

  /// A hash of the fields of a boundary state that tell states apart most often, read
  /// where they lie (not its arrays and strings, only their sizes): equal states hash
  /// the same, and `isState` compares everything. A multiply-and-xor mix, as cheap as
  /// a comparison: it only picks candidates, and the dictionary it keys hashes it
  /// again.
  @inline(__always)
  private static func quickHash(
    character: UnsafePointer<CharacterState>, paragraph: UnsafePointer<ParagraphState>, unicodeFallback: Int32
  ) -> Int {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    @inline(__always) func mix(_ value: Int) {
      hash = (hash ^ UInt64(bitPattern: Int64(value))) &* 0x0000_0100_0000_01B3
    }
    mix(Int(character.pointee.fontIndex ?? -1))
    mix(Int(character.pointee.halfPoints ?? -1))
    mix((character.pointee.isBold ? 1 : 0) | (character.pointee.isItalic ? 2 : 0))
    mix(Int(character.pointee.foreground ?? -1))
    mix(character.pointee.unknown.count)
    mix(Int(paragraph.pointee.listOverride ?? -1))
    mix(paragraph.pointee.listLevel)
    mix(Int(paragraph.pointee.leftIndent))
    mix(paragraph.pointee.tabStops.count)
    mix(Int(unicodeFallback))
    return Int(truncatingIfNeeded: hash)
  }

  /// Whether nothing but line breaks stands between the last paragraph end and
  /// `offset`: a group closing there closes right after the paragraph's `\par`.
  func lastParagraphEnds(justBefore offset: Int, in bytes: [UInt8]) -> Bool {
    guard let end = ends.last, end <= offset else { return false }
    return bytes.withUnsafeBufferPointer { buffer in
      buffer[end..<offset].allSatisfy { $0 == 0x0A || $0 == 0x0D }
    }
  }

  /// Forgets the last paragraph end, to note it again further on (past the `}` of a
  /// group that closed right after it: Word writes each paragraph as `{…\par }`).
  mutating func removeLastParagraphEnd() {
    guard !ends.isEmpty else { return }
    ends.removeLast()
    endStates.removeLast()
  }

  /// Records the end of a paragraph at `offset` whose boundary is clean, the
  /// reader's state there given by its parts. A state seen at the last clean end or
  /// lately (list items and plain paragraphs take turns, runs switch between a few
  /// styles) is compared where it is kept, and no state is made: only a state not
  /// among those is built and looked up by hash.
  /// The states are read where they lie (passing them by value would copy each).
  mutating func noteCleanParagraphEnd(
    at offset: Int, character: UnsafePointer<CharacterState>, paragraph: UnsafePointer<ParagraphState>,
    unicodeFallback: Int32
  ) {
    if let last = lastNumber,
      states.withUnsafeBufferPointer({ kept in
        kept.baseAddress.map {
          Self.isState($0 + Int(last), character: character, paragraph: paragraph, unicodeFallback: unicodeFallback)
        } ?? false
      })
    {
      ends.append(offset)
      endStates.append(last)
      return
    }
    let hash = Self.quickHash(character: character, paragraph: paragraph, unicodeFallback: unicodeFallback)
    let found: Int32? = states.withUnsafeBufferPointer { kept -> Int32? in
      guard checksRecentStates, let base = kept.baseAddress else { return nil }
      return stateHashes.withUnsafeBufferPointer { hashes in
        for number in recentStateNumbers where number != lastNumber && hashes[Int(number)] == hash {
          if Self.isState(
            base + Int(number), character: character, paragraph: paragraph, unicodeFallback: unicodeFallback)
          {
            return number
          }
        }
        return nil
      }
    }
    guard let found else {
      noteParagraphEnd(
        at: offset, character: character, paragraph: paragraph, unicodeFallback: unicodeFallback, hash: hash)
      return
    }
    ends.append(offset)
    endStates.append(found)
    lastNumber = found
  }

  /// Whether the state at `state` is the state of the given parts, compared where
  /// each lies.
  @inline(__always)
  private static func isState(
    _ state: UnsafePointer<RTFBoundaryState>, character: UnsafePointer<CharacterState>,
    paragraph: UnsafePointer<ParagraphState>, unicodeFallback: Int32
  ) -> Bool {
    state.pointee.unicodeFallback == unicodeFallback
      && ReaderStateComparison.areEqual(state.character, character)
      && ReaderStateComparison.areEqual(state.paragraph, paragraph)
  }

  /// Joins each range of paragraphs (a table read as paragraphs) into one: the
  /// boundaries inside a range go.
  /// A range's paragraph may end later than its last paragraph did (after the
  /// braces that close a Word table's last row): that boundary is not clean, unless
  /// the last paragraph's end was already moved there with the state read there.
  mutating func collapse(_ ranges: [(paragraphs: ClosedRange<Int>, end: Int?)]) {
    for (range, end) in ranges.reversed() {
      let removed = range.lowerBound..<min(range.upperBound, ends.count)
      ends.removeSubrange(removed)
      endStates.removeSubrange(removed)
      // An end already moved past those braces keeps the state recorded there.
      if let end, range.lowerBound < ends.count, ends[range.lowerBound] != end {
        ends[range.lowerBound] = end
        endStates[range.lowerBound] = -1
      }
    }
    lastNumber = nil
  }

  /// The source of a body of `paragraphs`, or nil when the file did not end
  /// properly (a document group left open) or the record does not fit.
  func source(
    bytes: [UInt8], paragraphs: [Paragraph], document: DocumentAttributes, tables: RTFSourceTables
  ) -> RTFSource? {
    guard let documentEnd, ends.count + 1 == paragraphs.count else { return nil }
    let start = bodyStart ?? documentEnd
    guard start <= (ends.first ?? documentEnd) else { return nil }
    return RTFSource(
      bytes: bytes, paragraphs: paragraphs, document: document,
      boundaries: [start] + ends + [documentEnd],
      boundaryStates: [-1] + endStates + [-1], states: states, tables: tables)
  }
}
