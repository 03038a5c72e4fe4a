/// The distinct character attribute sets of a body being written, each with a small
/// number, and the character words from one set to another, worked out once per pair.
///
/// Runs of a body mostly cycle through a few formats (body text, bold, a link's
/// colour), so a run is turned into its set's number by comparing with the few sets
/// used last (hashing only on a miss), and the words between two sets are copied
/// after the first time. The writer then keeps the current state as a number instead
/// of copying a run's attributes, and the tables are collected once per set, not per
/// run. Set 0 is the unset attributes, the state a body starts in.
struct RTFAttributeSets {
  /// Every set seen, by number.
  private(set) var sets: [CharacterAttributes] = [CharacterAttributes()]
  /// Whether the words of a set may be copied for an equal set: its unknown words'
  /// names are ASCII, so an equal set (strings compare by canonical equivalence) has
  /// the same bytes.
  private var isCopyable: [Bool] = [true]
  private var numbers: [CharacterAttributes: Int] = [CharacterAttributes(): 0]
  /// The sets used last, compared before hashing.
  private var recent: [Int] = Array(repeating: 0, count: recentCount)
  private var nextRecent = 0
  private static let recentCount = 6

  /// The words from one set to another (`from << 32 | to << 1 | forcingColor`).
  private var words: [Int: [UInt8]] = [:]
  /// Pairs kept at most: a body whose runs rarely repeat a format writes its words
  /// directly instead of filling the table.
  private static let keptWordCount = 4096
  /// How many pairs are kept, by index and by hashing.
  private var keptCount = 0
  /// Sets below this number have their pairs' words found by index in
  /// `indexedWords`: a body mostly uses a few sets.
  private static let indexedSetCount = 64
  /// For each pair of sets below `indexedSetCount` (`(from * 64 + to) * 2 +
  /// forcingColor`), one more than the index of its words in `pieces`, or 0; made
  /// when the first pair is kept.
  private var indexedWords: [Int32] = []
  /// The words of the pairs found by index.
  private var pieces: [[UInt8]] = []

  /// The number of each run's set, in body order, when collected with the tables.
  var runNumbers: [Int32] = []
  /// The UTF-8 bytes of the runs' text, counted with the tables.
  var textBytes = 0

  /// Whether each set's font (if any) has character set 0, so that its text may be
  /// written with `\'hh` escapes in a code page 1252 document.
  private(set) var hasANSIFont: [Bool] = [true]
  /// Whether each set is raised or lowered (`verticalPosition` set).
  private(set) var isShifted: [Bool] = [false]
  /// Whether each set has a link, so that a run's is looked at only then.
  private(set) var hasLink: [Bool] = [false]
  /// Whether each set has an element, so that a run's is looked at only then.
  private(set) var hasElement: [Bool] = [false]

  /// The number of `attributes`' set, adding the set when it is new.
  ///
  /// Read in place: `attributes` (a run's, mostly) is compared field by field with
  /// the recent sets, the cheap fields first, and copied only when its set is new.
  mutating func number(of attributes: UnsafePointer<CharacterAttributes>) -> Int {
    let hit = sets.withUnsafeBufferPointer { known -> Int? in
      guard let base = known.baseAddress else { return nil }
      for number in recent where RTFInPlaceComparison.areEqual(base + number, attributes) { return number }
      return nil
    }
    if let hit { return hit }
    let number: Int
    if let known = numbers[attributes.pointee] {
      number = known
    } else {
      let added = attributes.pointee
      number = sets.count
      sets.append(added)
      isCopyable.append(added.unknown.allSatisfy { control in control.name.utf8.allSatisfy { $0 < 0x80 } })
      hasANSIFont.append((added.font?.charset ?? 0) == 0)
      isShifted.append(added.verticalPosition != nil)
      hasLink.append(added.link != nil)
      hasElement.append(added.element != nil)
      numbers[added] = number
    }
    recent[nextRecent] = number
    nextRecent = nextRecent + 1 == Self.recentCount ? 0 : nextRecent + 1
    return number
  }

  /// The number of `attributes`' set (one not in a run, such as a link's outside).
  mutating func number(of attributes: CharacterAttributes) -> Int {
    withUnsafePointer(to: attributes) { number(of: $0) }
  }

  /// Whether `a == b`, compared in place as `RTFInPlaceComparison` does.
  static func areEqual(_ a: CharacterAttributes, _ b: CharacterAttributes) -> Bool {
    withUnsafePointer(to: a) { a in withUnsafePointer(to: b) { b in RTFInPlaceComparison.areEqual(a, b) } }
  }

  /// Writes the words that turn set `old` into set `new`, as
  /// `RTFCharacterStateWriter.write(from:to:tables:forcingColor:to:)` writes them.
  mutating func write(
    from old: Int, to new: Int, tables: RTFResourceTables, forcingColor: Bool,
    to out: inout RTFByteBuffer
  ) {
    // Pairs of the first sets are found by index, the rest by hashing.
    let slot = old < Self.indexedSetCount && new < Self.indexedSetCount
      ? (old &* Self.indexedSetCount &+ new) &* 2 &+ (forcingColor ? 1 : 0) : -1
    if slot >= 0 {
      let piece = indexedWords.isEmpty ? 0 : Int(indexedWords[slot])
      if piece > 0 {
        // Nothing written leaves a `\uc0` stretch open, as writing nothing does.
        if !pieces[piece - 1].isEmpty { out.append(contentsOf: pieces[piece - 1]) }
        return
      }
    } else if let known = words[old << 32 | new << 1 | (forcingColor ? 1 : 0)] {
      if !known.isEmpty { out.append(contentsOf: known) }
      return
    }
    guard keptCount < Self.keptWordCount, isCopyable[old], isCopyable[new] else {
      RTFCharacterStateWriter.write(
        from: sets[old], to: sets[new], tables: tables, forcingColor: forcingColor, to: &out)
      return
    }
    var piece = RTFByteBuffer(capacity: 64)
    RTFCharacterStateWriter.write(
      from: sets[old], to: sets[new], tables: tables, forcingColor: forcingColor, to: &piece)
    let bytes = piece.finished()
    keptCount += 1
    if slot >= 0 {
      if indexedWords.isEmpty {
        indexedWords = Array(repeating: 0, count: Self.indexedSetCount * Self.indexedSetCount * 2)
      }
      pieces.append(bytes)
      indexedWords[slot] = Int32(pieces.count)
    } else {
      words[old << 32 | new << 1 | (forcingColor ? 1 : 0)] = bytes
    }
    if !bytes.isEmpty { out.append(contentsOf: bytes) }
  }
}
