import Foundation
import Git

/// The history index on disk: a base file holding everything up to some tips, and a
/// small delta file holding what came after, so an update after one commit writes a
/// few hundred bytes instead of the whole index.
///
/// Both files have the same layout (integers little-endian, strings UTF-8 with a
/// 32-bit length):
///
/// ```
/// "NSHI" version:u8 kind:u8 (0 base, 1 delta)
/// baseChecksum:u64 (delta: the base it extends; base: 0)
/// firstString:u32 firstCommit:u32 firstChange:u32 (where the delta continues the base)
/// tips:      count:u32, then (reference:string, commit:20 bytes)…   all tips covered
/// strings:   count:u32, then string…
/// commits:   count:u32, then (id:20, generation:u32, date:i64, author:u32, device:u32,
///            summary:u32, resolution:i32, parentCount:u8, parents:u32…)…
/// changes:   count:u32, then (commit:u32, kind:u8, flags:u8, path:u32, from:i32,
///            [tree:20] [previous:20] attachments:u32)…
/// checksum:u64  (FNV-1a of every byte before it)
/// ```
///
/// Each file is written to a temporary name and renamed into place. A file that does
/// not parse, whose checksum is wrong, or a delta that names another base, makes the
/// whole index untrusted: the caller rebuilds it.
enum HistoryIndexFile {
  static let magic: [UInt8] = Array("NSHI".utf8)
  static let version: UInt8 = 1

  /// Where the index lives inside `.git`.
  struct Location {
    var base: String
    var delta: String

    init(gitDirectory: String) {
      base = gitDirectory + "/notes-history.idx"
      delta = gitDirectory + "/notes-history.delta"
    }
  }

  /// What the base file held when it was read or written, so a delta can extend it.
  struct BaseMark: Hashable {
    var checksum: UInt64
    var strings: Int
    var commits: Int
    var changes: Int
  }

  // MARK: Writing

  /// The bytes of a file holding `index` from `mark` on (everything when `mark` is nil).
  static func encode(_ index: HistoryIndex, after mark: BaseMark?) -> [UInt8] {
    var writer = ByteWriter()
    writer.bytes(magic)
    writer.u8(version)
    writer.u8(mark == nil ? 0 : 1)
    writer.u64(mark?.checksum ?? 0)
    let firstString = mark?.strings ?? 0
    let firstCommit = mark?.commits ?? 0
    let firstChange = mark?.changes ?? 0
    writer.u32(firstString)
    writer.u32(firstCommit)
    writer.u32(firstChange)
    writer.u32(index.tips.count)
    for tip in index.tips {
      writer.string(tip.reference)
      writer.bytes(tip.commit.bytes)
    }
    let strings = index.strings.values
    writer.u32(strings.count - firstString)
    for value in strings[firstString...] { writer.string(value) }
    writer.u32(index.commits.count - firstCommit)
    for commit in index.commits[firstCommit...] {
      writer.bytes(commit.id.bytes)
      writer.u32(commit.generation)
      writer.i64(commit.date)
      writer.u32(commit.author)
      writer.u32(commit.device)
      writer.u32(commit.summary)
      writer.i32(commit.resolution)
      writer.u8(UInt8(min(commit.parents.count, 255)))
      for parent in commit.parents.prefix(255) { writer.u32(parent) }
    }
    writer.u32(index.changes.count - firstChange)
    for change in index.changes[firstChange...] {
      writer.u32(change.commit)
      writer.u8(code(of: change.kind))
      var flags: UInt8 = 0
      if change.tree != nil { flags |= 1 }
      if change.previous != nil { flags |= 2 }
      if change.isNewContent { flags |= 4 }
      writer.u8(flags)
      writer.u32(change.path)
      writer.i32(change.from)
      if let tree = change.tree { writer.bytes(tree.bytes) }
      if let previous = change.previous { writer.bytes(previous.bytes) }
      writer.u32(change.attachments)
    }
    writer.u64(fnv1a(writer.data))
    return writer.data
  }

  /// Writes `bytes` to `path` through a temporary file and a rename.
  static func write(_ bytes: [UInt8], to path: String) throws {
    let temporary = path + ".tmp-\(ProcessInfo.processInfo.processIdentifier)"
    do {
      try Data(bytes).write(to: URL(fileURLWithPath: temporary))
      if rename(temporary, path) != 0 {
        throw NoteStoreError.cannotWriteFile(path: path, underlying: POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO))
      }
    } catch let error as NoteStoreError {
      try? FileManager.default.removeItem(atPath: temporary)
      throw error
    } catch {
      try? FileManager.default.removeItem(atPath: temporary)
      throw NoteStoreError.cannotWriteFile(path: path, underlying: error)
    }
  }

  // MARK: Reading

  /// Reads the base and delta files; nil when there is no base file.
  ///
  /// - Throws: `HistoryIndexFileError` when a file is corrupt.
  static func read(_ location: Location) throws -> (index: HistoryIndex, mark: BaseMark)? {
    guard let base = FileManager.default.contents(atPath: location.base) else { return nil }
    var index = HistoryIndex()
    let baseBytes = [UInt8](base)
    try decode(baseBytes, into: &index, expectingBase: nil)
    let mark = BaseMark(
      checksum: checksum(of: baseBytes), strings: index.strings.values.count, commits: index.commits.count,
      changes: index.changes.count)
    if let delta = FileManager.default.contents(atPath: location.delta) {
      try decode([UInt8](delta), into: &index, expectingBase: mark)
    }
    index.reindex()
    return (index, mark)
  }

  /// The checksum stored at the end of a file's bytes.
  static func checksum(of bytes: [UInt8]) -> UInt64 {
    guard bytes.count >= 8 else { return 0 }
    var value: UInt64 = 0
    for byte in bytes.suffix(8).reversed() {
      value = (value << 8) | UInt64(byte)
    }
    return value
  }

  private static func decode(_ bytes: [UInt8], into index: inout HistoryIndex, expectingBase mark: BaseMark?) throws {
    guard bytes.count >= 8, fnv1a(bytes[..<(bytes.count - 8)]) == checksum(of: bytes) else {
      throw HistoryIndexFileError.corrupt("checksum")
    }
    var reader = ByteReader(bytes: bytes, end: bytes.count - 8)
    guard try reader.bytes(4) == magic, try reader.u8() == version else { throw HistoryIndexFileError.corrupt("header") }
    let kind = try reader.u8()
    let baseChecksum = try reader.u64()
    let firstString = try reader.int32()
    let firstCommit = try reader.int32()
    let firstChange = try reader.int32()
    if let mark {
      guard kind == 1, baseChecksum == mark.checksum, firstString == mark.strings, firstCommit == mark.commits,
        firstChange == mark.changes
      else { throw HistoryIndexFileError.corrupt("delta does not extend the base") }
    } else {
      guard kind == 0, firstString == 0, firstCommit == 0, firstChange == 0 else {
        throw HistoryIndexFileError.corrupt("base header")
      }
    }
    var tips: [HistoryIndex.Tip] = []
    for _ in 0..<(try reader.count()) {
      tips.append(HistoryIndex.Tip(reference: try reader.string(), commit: try reader.objectID()))
    }
    index.tips = tips
    var strings = index.strings.values
    for _ in 0..<(try reader.count()) { strings.append(try reader.string()) }
    index.strings = StringTable(values: strings)
    let commitCount = try reader.count()
    index.commits.reserveCapacity(index.commits.count + commitCount)
    for _ in 0..<commitCount {
      let id = try reader.objectID()
      let generation = try reader.int32()
      let date = try reader.i64()
      let author = try reader.int32()
      let device = try reader.int32()
      let summary = try reader.int32()
      let resolution = Int(try reader.i32())
      var parents: [Int] = []
      for _ in 0..<Int(try reader.u8()) {
        let parent = try reader.int32()
        guard parent < index.commits.count else { throw HistoryIndexFileError.corrupt("parent order") }
        parents.append(parent)
      }
      let stringCount: Int = strings.count
      guard author < stringCount, device < stringCount, summary < stringCount, resolution < stringCount else {
        throw HistoryIndexFileError.corrupt("string reference")
      }
      index.commits.append(
        HistoryIndex.CommitRecord(
          id: id, parents: parents, generation: generation, date: date, author: author, device: device,
          summary: summary, resolution: resolution))
    }
    let changeCount = try reader.count()
    index.changes.reserveCapacity(index.changes.count + changeCount)
    for _ in 0..<changeCount {
      let commit = try reader.int32()
      let kindCode = try reader.u8()
      let flags = try reader.u8()
      let path = try reader.int32()
      let from = Int(try reader.i32())
      var tree: ObjectID?
      if flags & 1 != 0 { tree = try reader.objectID() }
      var previous: ObjectID?
      if flags & 2 != 0 { previous = try reader.objectID() }
      let attachments = try reader.int32()
      let stringCount: Int = strings.count
      guard commit < index.commits.count, path < stringCount, from < stringCount else {
        throw HistoryIndexFileError.corrupt("change")
      }
      guard let changeKind = HistoryIndexFile.kind(forCode: kindCode) else { throw HistoryIndexFileError.corrupt("change kind") }
      index.changes.append(
        HistoryIndex.ChangeRecord(
          commit: commit, kind: changeKind, path: path, from: from, tree: tree, previous: previous,
          attachments: attachments, isNewContent: flags & 4 != 0))
    }
    guard reader.isAtEnd else { throw HistoryIndexFileError.corrupt("trailing bytes") }
  }

  /// A change kind's code on disk: its 1-based position in `NoteChangeKind.allCases`.
  private static func code(of kind: NoteChangeKind) -> UInt8 {
    let position: Int = NoteChangeKind.allCases.firstIndex(of: kind) ?? 0
    return UInt8(position + 1)
  }

  private static func kind(forCode code: UInt8) -> NoteChangeKind? {
    let all: [NoteChangeKind] = NoteChangeKind.allCases
    let position = Int(code) - 1
    return position >= 0 && position < all.count ? all[position] : nil
  }

  static func fnv1a<C: Collection>(_ bytes: C) -> UInt64 where C.Element == UInt8 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    let prime: UInt64 = 0x100_0000_01b3
    for byte in bytes {
      hash ^= UInt64(byte)
      hash = hash &* prime
    }
    return hash
  }
}

/// A history index file that cannot be trusted.
enum HistoryIndexFileError: Error, CustomStringConvertible {
  case corrupt(String)

  var description: String {
    switch self {
    case .corrupt(let what): return "the history index is corrupt (\(what)); it is rebuilt from git"
    }
  }
}

/// Appends little-endian integers and length-prefixed strings.
struct ByteWriter {
  var data: [UInt8] = []

  mutating func bytes(_ values: [UInt8]) { data.append(contentsOf: values) }
  mutating func u8(_ value: UInt8) { data.append(value) }
  mutating func u32(_ value: Int) {
    let word = UInt32(truncatingIfNeeded: value)
    appendLittleEndian(UInt64(word), count: 4)
  }

  mutating func i32(_ value: Int) {
    let signed = Int32(truncatingIfNeeded: value)
    appendLittleEndian(UInt64(UInt32(bitPattern: signed)), count: 4)
  }
  mutating func i64(_ value: Int64) { appendLittleEndian(UInt64(bitPattern: value), count: 8) }
  mutating func u64(_ value: UInt64) { appendLittleEndian(value, count: 8) }

  mutating func string(_ value: String) {
    let utf8 = Array(value.utf8)
    u32(utf8.count)
    data.append(contentsOf: utf8)
  }

  private mutating func appendLittleEndian(_ value: UInt64, count: Int) {
    var rest: UInt64 = value
    for _ in 0..<count {
      data.append(UInt8(truncatingIfNeeded: rest))
      rest >>= 8
    }
  }
}

/// Reads what ``ByteWriter`` wrote; every read checks the bounds.
struct ByteReader {
  let bytes: [UInt8]
  let end: Int
  var position = 0

  init(bytes: [UInt8], end: Int) {
    self.bytes = bytes
    self.end = end
  }

  var isAtEnd: Bool { position == end }

  mutating func bytes(_ count: Int) throws -> [UInt8] {
    guard count >= 0, position + count <= end else { throw HistoryIndexFileError.corrupt("truncated") }
    defer { position += count }
    return Array(bytes[position..<(position + count)])
  }

  mutating func u8() throws -> UInt8 {
    guard position < end else { throw HistoryIndexFileError.corrupt("truncated") }
    defer { position += 1 }
    return bytes[position]
  }

  mutating func littleEndian(_ count: Int) throws -> UInt64 {
    guard position + count <= end else { throw HistoryIndexFileError.corrupt("truncated") }
    var value: UInt64 = 0
    var offset = count - 1
    while offset >= 0 {
      let byte: UInt8 = bytes[position + offset]
      value = (value << 8) | UInt64(byte)
      offset -= 1
    }
    position += count
    return value
  }

  mutating func int32() throws -> Int { Int(try littleEndian(4)) }
  mutating func i32() throws -> Int32 { Int32(bitPattern: UInt32(try littleEndian(4))) }
  mutating func i64() throws -> Int64 { Int64(bitPattern: try littleEndian(8)) }
  mutating func u64() throws -> UInt64 { try littleEndian(8) }

  /// A count, checked against the bytes left so a corrupt count cannot ask for gigabytes.
  mutating func count() throws -> Int {
    let value = try int32()
    guard value <= end - position else { throw HistoryIndexFileError.corrupt("count") }
    return value
  }

  mutating func string() throws -> String {
    let length = try count()
    guard position + length <= end else { throw HistoryIndexFileError.corrupt("truncated") }
    defer { position += length }
    return String(decoding: bytes[position..<(position + length)], as: UTF8.self)
  }

  mutating func objectID() throws -> ObjectID {
    let count = ObjectID.byteCount
    guard position + count <= end, let id = RawTree.objectID(bytes[position..<(position + count)]) else {
      throw HistoryIndexFileError.corrupt("id")
    }
    position += count
    return id
  }
}
