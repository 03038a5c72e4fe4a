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

  /// The number of each run's set, in body order, when collected with the tables.
  var runNumbers: [Int32] = []
  /// The UTF-8 bytes of the runs' text, counted with the tables.
  var textBytes = 0

  /// The number of `attributes`' set, adding the set when it is new.
  mutating func number(of attributes: CharacterAttributes) -> Int {
    for number in recent where sets[number] == attributes { return number }
    let number: Int
    if let known = numbers[attributes] {
      number = known
    } else {
      number = sets.count
      sets.append(attributes)
      isCopyable.append(attributes.unknown.allSatisfy { control in control.name.utf8.allSatisfy { $0 < 0x80 } })
      numbers[attributes] = number
    }
    recent[nextRecent] = number
    nextRecent = nextRecent + 1 == Self.recentCount ? 0 : nextRecent + 1
    return number
  }

  /// Writes the words that turn set `old` into set `new`, as
  /// `RTFCharacterStateWriter.write(from:to:tables:forcingColor:to:)` writes them.
  mutating func write(
    from old: Int, to new: Int, tables: RTFResourceTables, forcingColor: Bool,
    to out: inout RTFByteBuffer
  ) {
    let key = old << 32 | new << 1 | (forcingColor ? 1 : 0)
    if let known = words[key] {
      // Nothing written leaves a `\uc0` stretch open, as writing nothing does.
      if !known.isEmpty { out.append(contentsOf: known) }
      return
    }
    guard words.count < Self.keptWordCount, isCopyable[old], isCopyable[new] else {
      RTFCharacterStateWriter.write(
        from: sets[old], to: sets[new], tables: tables, forcingColor: forcingColor, to: &out)
      return
    }
    var piece = RTFByteBuffer(capacity: 64)
    RTFCharacterStateWriter.write(
      from: sets[old], to: sets[new], tables: tables, forcingColor: forcingColor, to: &piece)
    let bytes = piece.finished()
    words[key] = bytes
    if !bytes.isEmpty { out.append(contentsOf: bytes) }
  }
}
