import Foundation
import Git

/// The history index on disk: a base file holding everything up to some tips, read in
/// place (``HistoryIndexBase``), and a small delta file holding what came after, so an
/// update after one commit writes a few hundred bytes instead of the whole index.
///
/// The delta (integers little-endian, strings UTF-8 with a 32-bit length):
///
/// ```
/// "NSHI" version:u8 kind:u8=1
/// baseChecksum:u64 (the base it extends)
/// firstString:u32 firstCommit:u32 firstChange:u32 (the base's counts)
/// tips:      count:u32, then (reference:string, commit:20 bytes)…   all tips covered
/// strings:   count:u32, then string…
/// commits:   count:u32, then (id:20, generation:u32, date:i64, author:u32, device:u32,
///            summary:u32, resolution:i32, parentCount:u8, parents:u32…)…
/// changes:   count:u32, then (commit:u32, kind:u8, flags:u8, path:u32, from:i32,
///            [tree:20] [previous:20] attachments:u32)…
/// checksum:u64  (``HistoryIndexChecksum`` of every byte before it)
/// ```
///
/// Each file is written to a temporary name and renamed into place. A file that does
/// not parse, whose checksum is wrong, or a delta that names another base, makes the
/// whole index untrusted: the caller rebuilds it.
enum HistoryIndexFile {
  static let magic: [UInt8] = Array("NSHI".utf8)
  /// 3: renames with an edit are judged by the text, not the RTF bytes; an index of
  /// version 2 may hold renames that are none, and is rebuilt.
  static let version: UInt8 = 3

  /// Where the index lives inside `.git`.
  struct Location {
    var base: String
    var delta: String
    /// The record that the base file passed its checks (``HistoryIndexStamp``).
    var stamp: String

    init(gitDirectory: String) {
      base = gitDirectory + "/notes-history.idx"
      delta = gitDirectory + "/notes-history.delta"
      stamp = gitDirectory + "/notes-history.idx.checked"
    }
  }

  // MARK: Writing

  /// The bytes of a base file holding all of `index`, strings sorted by bytes.
  static func encodeBase(_ index: HistoryIndex) -> [UInt8] {
    let stringCount = index.strings.count
    let utf8 = (0..<stringCount).map { Array(index.strings[$0].utf8) }
    let order = (0..<stringCount).sorted { utf8[$0].lexicographicallyPrecedes(utf8[$1]) }
    var remap = [Int](repeating: 0, count: stringCount)
    var sorted: [[UInt8]] = []
    for old in order {
      if sorted.last != utf8[old] { sorted.append(utf8[old]) }
      remap[old] = sorted.count - 1
    }
    func string(_ old: Int) -> Int { old >= 0 && old < stringCount ? remap[old] : -1 }

    var tips = ByteWriter()
    for tip in index.tips {
      tips.string(tip.reference)
      tips.bytes(tip.commit.bytes)
    }
    let commits = index.commits
    let changes = index.changes
    var parentCount = 0
    var records = ByteWriter()
    var parents = ByteWriter()
    records.data.reserveCapacity(HistoryIndexBaseLayout.commitSize * commits.count)
    for commit in commits {
      records.bytes(commit.id.bytes)
      records.u32(commit.generation)
      records.i64(commit.date)
      records.u32(string(commit.author))
      records.u32(string(commit.device))
      records.u32(string(commit.summary))
      records.i32(commit.resolution >= 0 ? string(commit.resolution) : -1)
      records.u32(parentCount)
      records.u32(commit.parents.count)
      for parent in commit.parents { parents.u32(parent) }
      parentCount += commit.parents.count
    }
    var ids = ByteWriter()
    for position in commits.indices.sorted(by: { commits[$0].id < commits[$1].id }) {
      ids.bytes(commits[position].id.bytes)
      ids.u32(position)
    }
    var postingLists = [[Int]](repeating: [], count: sorted.count)
    var changeRecords = ByteWriter()
    changeRecords.data.reserveCapacity(HistoryIndexBaseLayout.changeSize * changes.count)
    let zero = [UInt8](repeating: 0, count: ObjectID.byteCount)
    for (position, change) in changes.enumerated() {
      let path = string(change.path)
      let from = change.from >= 0 ? string(change.from) : -1
      postingLists[path].append(position)
      if from >= 0 && from != path { postingLists[from].append(position) }
      changeRecords.u32(change.commit)
      changeRecords.u8(code(of: change.kind))
      var flags: UInt8 = 0
      if change.tree != nil { flags |= 1 }
      if change.previous != nil { flags |= 2 }
      if change.isNewContent { flags |= 4 }
      changeRecords.u8(flags)
      changeRecords.u8(0)
      changeRecords.u8(0)
      changeRecords.u32(path)
      changeRecords.i32(from)
      changeRecords.bytes(change.tree?.bytes ?? zero)
      changeRecords.bytes(change.previous?.bytes ?? zero)
      changeRecords.u32(change.attachments)
    }
    var writer = ByteWriter()
    let stringBytes = sorted.reduce(0) { $0 + $1.count }
    let postingCount = postingLists.reduce(0) { $0 + $1.count }
    writer.bytes(magic)
    writer.u8(version)
    writer.u8(0)
    writer.u8(0)
    writer.u8(0)
    for count in [index.tips.count, tips.data.count, sorted.count, stringBytes, commits.count, parentCount, changes.count, postingCount] {
      writer.u32(count)
    }
    writer.bytes(tips.data)
    var offset = 0
    writer.u32(0)
    for value in sorted {
      offset += value.count
      writer.u32(offset)
    }
    for value in sorted { writer.bytes(value) }
    writer.bytes(records.data)
    writer.bytes(parents.data)
    writer.bytes(ids.data)
    writer.bytes(changeRecords.data)
    var start = 0
    writer.u32(0)
    for list in postingLists {
      start += list.count
      writer.u32(start)
    }
    for list in postingLists { for position in list { writer.u32(position) } }
    writer.u64(HistoryIndexChecksum.of(writer.data))
    return writer.data
  }

  /// The bytes of a delta file holding what `index` has after its base.
  static func encodeDelta(_ index: HistoryIndex) -> [UInt8] {
    var writer = ByteWriter()
    writer.bytes(magic)
    writer.u8(version)
    writer.u8(1)
    writer.u64(index.base?.checksum ?? 0)
    writer.u32(index.strings.baseCount)
    writer.u32(index.commits.baseCount)
    writer.u32(index.changes.baseCount)
    writer.u32(index.tips.count)
    for tip in index.tips {
      writer.string(tip.reference)
      writer.bytes(tip.commit.bytes)
    }
    writer.u32(index.strings.tail.count)
    for value in index.strings.tail { writer.string(value) }
    writer.u32(index.commits.tail.count)
    for commit in index.commits.tail {
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
    writer.u32(index.changes.tail.count)
    for change in index.changes.tail {
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
    writer.u64(HistoryIndexChecksum.of(writer.data))
    return writer.data
  }

  /// Writes `bytes` to `path` through a temporary file and a rename, not synced: the
  /// file's checksum tells a damaged one, which is then rebuilt from the history.
  static func write(_ bytes: [UInt8], to path: String) throws {
    try ReplacedFile.write(bytes, to: path)
  }

  // MARK: Reading

  /// Opens the base file (read in place) and decodes the delta file after it; nil when
  /// there is no base file.
  ///
  /// - Throws: `HistoryIndexFileError` when a file is corrupt.
  static func read(_ location: Location) throws -> HistoryIndex? {
    guard let base = try HistoryIndexBase.open(path: location.base, stamp: location.stamp) else { return nil }
    var index = HistoryIndex(base: base)
    if let delta = FileManager.default.contents(atPath: location.delta) {
      try decodeDelta([UInt8](delta), into: &index)
    }
    index.reindex()
    return index
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

  private static func decodeDelta(_ bytes: [UInt8], into index: inout HistoryIndex) throws {
    let body = bytes.withUnsafeBytes { HistoryIndexChecksum.of(UnsafeRawBufferPointer(rebasing: $0.prefix(max(0, $0.count - 8)))) }
    guard bytes.count >= 8, body == checksum(of: bytes) else {
      throw HistoryIndexFileError.corrupt("checksum")
    }
    var reader = ByteReader(bytes: bytes, end: bytes.count - 8)
    guard try reader.bytes(4) == magic, try reader.u8() == version else { throw HistoryIndexFileError.corrupt("header") }
    let kind = try reader.u8()
    let baseChecksum = try reader.u64()
    let firstString = try reader.int32()
    let firstCommit = try reader.int32()
    let firstChange = try reader.int32()
    guard kind == 1, baseChecksum == index.base?.checksum, firstString == index.strings.count,
      firstCommit == index.commits.count, firstChange == index.changes.count
    else { throw HistoryIndexFileError.corrupt("delta does not extend the base") }
    var tips: [HistoryIndex.Tip] = []
    for _ in 0..<(try reader.count()) {
      tips.append(HistoryIndex.Tip(reference: try reader.string(), commit: try reader.objectID()))
    }
    index.tips = tips
    for _ in 0..<(try reader.count()) {
      let position = index.strings.count
      guard index.strings.index(of: try reader.string()) == position else { throw HistoryIndexFileError.corrupt("strings") }
    }
    let stringCount = index.strings.count
    let commitCount = try reader.count()
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
      guard author < stringCount, device < stringCount, summary < stringCount, resolution < stringCount else {
        throw HistoryIndexFileError.corrupt("string reference")
      }
      index.commits.append(
        HistoryIndex.CommitRecord(
          id: id, parents: parents, generation: generation, date: date, author: author, device: device,
          summary: summary, resolution: resolution))
    }
    let changeCount = try reader.count()
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
  static func code(of kind: NoteChangeKind) -> UInt8 {
    let position: Int = NoteChangeKind.allCases.firstIndex(of: kind) ?? 0
    return UInt8(position + 1)
  }

  static func kind(forCode code: UInt8) -> NoteChangeKind? {
    let all: [NoteChangeKind] = NoteChangeKind.allCases
    let position = Int(code) - 1
    return position >= 0 && position < all.count ? all[position] : nil
  }
}

/// A history index file that cannot be trusted.
enum HistoryIndexFileError: Error, CustomStringConvertible {
  case corrupt(String)
  case unreadable(path: String, errno: Int32)

  var description: String {
    switch self {
    case .corrupt(let what): return "the history index is corrupt (\(what)); it is rebuilt from git"
    case .unreadable(let path, let code):
      return "cannot read the history index \(path): \(String(cString: strerror(code))); it is rebuilt from git"
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
