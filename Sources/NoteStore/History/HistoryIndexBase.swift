import Foundation
import Git

/// The base file of the history index, read in place: fixed-size records looked up by
/// position, so a query decodes only the records it reads.
///
/// Layout (integers little-endian; see ``HistoryIndexBaseLayout`` for the offsets):
///
/// ```
/// header      "NSHI" version:u8 (``HistoryIndexFile/version``) kind:u8=0 0:u16, then u32 counts: tips, tipBytes,
///             strings, stringBytes, commits, parents, changes, postings
/// tips        (length:u32, reference, commit:20)…
/// strings     offsets:(strings+1)×u32, then the UTF-8 bytes; sorted by bytes, so a
///             path is found by binary search
/// commits     56-byte records: id:20 generation:u32 date:i64 author:u32 device:u32
///             summary:u32 resolution:i32 (-1: none) firstParent:u32 parentCount:u32
/// parents     u32 commit positions (each before its child)
/// ids         24-byte records: id:20 position:u32, sorted by id
/// changes     60-byte records: commit:u32 kind:u8 flags:u8 0:u16 path:u32 from:i32
///             tree:20 previous:20 attachments:u32 (flags: 1 tree, 2 previous, 4 new content)
/// postings    starts:(strings+1)×u32, then u32 change positions: for each string, the
///             changes that name it as path or rename source, oldest first
/// checksum    u64: ``HistoryIndexChecksum`` of every byte before it
/// ```
///
/// Opening it checks the header, that the counts account for every byte, the checksum
/// over the whole file, and that every reference points inside its table, so a
/// corrupt or truncated file is refused (and rebuilt) rather than misread. Those checks
/// are one pass over memory (a few milliseconds for 50,000 commits); once a version of
/// the file has passed them, ``HistoryIndexStamp`` lets later opens of that same
/// version skip them.
final class HistoryIndexBase {
  private let file: MappedFile
  private let bytes: UnsafeRawPointer
  /// The checksum stored in the file, which a delta names to say what it extends.
  let checksum: UInt64
  let tips: [HistoryIndex.Tip]
  let stringCount: Int
  let commitCount: Int
  let changeCount: Int
  private let layout: HistoryIndexBaseLayout

  /// Opens the base file at `path`; nil when there is none. With `stamp`, a file the
  /// stamp there records as checked already (``HistoryIndexStamp``) skips the checksum
  /// and reference checks, and a file that passes them is stamped.
  ///
  /// - Throws: `HistoryIndexFileError` when it is unreadable or corrupt.
  static func open(path: String, stamp: String? = nil) throws -> HistoryIndexBase? {
    let mapped: MappedFile?
    do {
      mapped = try MappedFile(path: path)
    } catch {
      throw HistoryIndexFileError.unreadable(path: error.path, errno: error.errno)
    }
    guard let file = mapped else { return nil }
    return try HistoryIndexBase(file: file, path: path, stamp: stamp)
  }

  private init(file: MappedFile, path: String, stamp: String?) throws {
    self.file = file
    guard let bytes = file.base, file.count >= HistoryIndexBaseLayout.headerSize + 8 else {
      throw HistoryIndexFileError.corrupt("truncated")
    }
    self.bytes = bytes
    let buffer = file.buffer
    guard buffer[0] == 0x4E, buffer[1] == 0x53, buffer[2] == 0x48, buffer[3] == 0x49,
      buffer[4] == HistoryIndexFile.version, buffer[5] == 0
    else { throw HistoryIndexFileError.corrupt("header") }
    func header(_ field: Int) -> Int { Int(bytes.loadUnaligned(fromByteOffset: 8 + 4 * field, as: UInt32.self).littleEndian) }
    let layout = HistoryIndexBaseLayout(
      tips: header(0), tipBytes: header(1), strings: header(2), stringBytes: header(3), commits: header(4),
      parents: header(5), changes: header(6), postings: header(7))
    guard layout.fileSize == file.count else { throw HistoryIndexFileError.corrupt("size") }
    let stored = bytes.loadUnaligned(fromByteOffset: file.count - 8, as: UInt64.self).littleEndian
    let checked = stamp.map { HistoryIndexStamp.matches(file.identity, checksum: stored, at: $0) } ?? false
    if !checked {
      guard HistoryIndexChecksum.of(UnsafeRawBufferPointer(start: bytes, count: file.count - 8)) == stored else {
        throw HistoryIndexFileError.corrupt("checksum")
      }
    }
    self.layout = layout
    checksum = stored
    stringCount = layout.strings
    commitCount = layout.commits
    changeCount = layout.changes
    tips = try Self.readTips(bytes, layout)
    if !checked {
      try validate()
      if let stamp { HistoryIndexStamp.record(file.identity, checksum: stored, of: path, at: stamp) }
    }
  }

  private static func readTips(_ bytes: UnsafeRawPointer, _ layout: HistoryIndexBaseLayout) throws -> [HistoryIndex.Tip] {
    var tips: [HistoryIndex.Tip] = []
    var offset = layout.tipsOffset
    let end = layout.tipsOffset + layout.tipBytes
    for _ in 0..<layout.tips {
      guard offset + 4 <= end else { throw HistoryIndexFileError.corrupt("tips") }
      let length = Int(bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self).littleEndian)
      offset += 4
      guard length <= end - offset - ObjectID.byteCount else { throw HistoryIndexFileError.corrupt("tips") }
      let name = String(decoding: UnsafeRawBufferPointer(start: bytes + offset, count: length), as: UTF8.self)
      offset += length
      tips.append(HistoryIndex.Tip(reference: name, commit: objectID(bytes + offset)))
      offset += ObjectID.byteCount
    }
    guard offset == end else { throw HistoryIndexFileError.corrupt("tips") }
    return tips
  }

  /// Every reference points inside its table, and parents come before their children.
  private func validate() throws {
    let strings = stringCount
    var previous = 0
    for index in 0...strings {
      let offset = u32(layout.stringOffsetsOffset + 4 * index)
      guard offset >= previous, offset <= layout.stringBytes else { throw HistoryIndexFileError.corrupt("strings") }
      previous = offset
    }
    for index in 0..<commitCount {
      let record = layout.commitsOffset + HistoryIndexBaseLayout.commitSize * index
      guard u32(record + 32) < strings, u32(record + 36) < strings, u32(record + 40) < strings,
        i32(record + 44) < strings, i32(record + 44) >= -1
      else { throw HistoryIndexFileError.corrupt("commit strings") }
      let first = u32(record + 48)
      let count = u32(record + 52)
      guard first <= layout.parents, count <= layout.parents - first else { throw HistoryIndexFileError.corrupt("parents") }
      for parent in first..<(first + count) where u32(layout.parentsOffset + 4 * parent) >= index {
        throw HistoryIndexFileError.corrupt("parent order")
      }
      let position = u32(layout.idsOffset + HistoryIndexBaseLayout.idSize * index + ObjectID.byteCount)
      guard position < commitCount else { throw HistoryIndexFileError.corrupt("ids") }
    }
    for index in 0..<changeCount {
      let record = layout.changesOffset + HistoryIndexBaseLayout.changeSize * index
      guard u32(record) < commitCount, u32(record + 8) < strings, i32(record + 12) < strings, i32(record + 12) >= -1,
        HistoryIndexFile.kind(forCode: bytes.load(fromByteOffset: record + 4, as: UInt8.self)) != nil
      else { throw HistoryIndexFileError.corrupt("change") }
    }
    previous = 0
    for index in 0...strings {
      let start = u32(layout.postingStartsOffset + 4 * index)
      guard start >= previous, start <= layout.postings else { throw HistoryIndexFileError.corrupt("postings") }
      previous = start
    }
    for index in 0..<layout.postings where u32(layout.postingsOffset + 4 * index) >= changeCount {
      throw HistoryIndexFileError.corrupt("postings")
    }
  }

  // MARK: Strings

  /// The string at `index` (< `stringCount`).
  func string(_ index: Int) -> String {
    String(decoding: stringBytes(index), as: UTF8.self)
  }

  /// The UTF-8 bytes of the string at `index` (< `stringCount`), in the mapped file.
  func stringBytes(_ index: Int) -> UnsafeRawBufferPointer {
    let start = u32(layout.stringOffsetsOffset + 4 * index)
    let end = u32(layout.stringOffsetsOffset + 4 * index + 4)
    return UnsafeRawBufferPointer(start: bytes + layout.stringBytesOffset + start, count: end - start)
  }

  /// The position of `value` among the strings, found by binary search.
  func index(ofString value: String) -> Int? {
    var key = value
    return key.withUTF8 { searchStrings(for: UnsafeRawBufferPointer($0), in: 0..<stringCount) }
  }

  /// The position of the string whose bytes are `target`, searched for in `range` by
  /// bisection; nil when it is not there.
  func searchStrings(for target: UnsafeRawBufferPointer, in range: Range<Int>) -> Int? {
    var low = range.lowerBound
    var high = range.upperBound
    while low < high {
      let middle = (low + high) / 2
      let order = Self.compare(stringBytes(middle), target)
      if order == 0 { return middle }
      if order < 0 { low = middle + 1 } else { high = middle }
    }
    return nil
  }

  /// Byte order, as the strings are sorted.
  static func compare(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Int {
    let common = min(a.count, b.count)
    if common > 0, let x = a.baseAddress, let y = b.baseAddress {
      let order = memcmp(x, y, common)
      if order != 0 { return Int(order) }
    }
    return a.count - b.count
  }

  // MARK: Commits

  private func commitRecord(_ index: Int) -> Int { layout.commitsOffset + HistoryIndexBaseLayout.commitSize * index }

  func commit(_ index: Int) -> HistoryIndex.CommitRecord {
    let record = commitRecord(index)
    return HistoryIndex.CommitRecord(
      id: Self.objectID(bytes + record), parents: parents(of: index), generation: u32(record + 20),
      date: bytes.loadUnaligned(fromByteOffset: record + 24, as: Int64.self).littleEndian, author: u32(record + 32),
      device: u32(record + 36), summary: u32(record + 40), resolution: i32(record + 44))
  }

  func date(_ index: Int) -> Int64 {
    bytes.loadUnaligned(fromByteOffset: commitRecord(index) + 24, as: Int64.self).littleEndian
  }

  func generation(_ index: Int) -> Int { u32(commitRecord(index) + 20) }

  func device(_ index: Int) -> Int { u32(commitRecord(index) + 36) }

  func parents(of index: Int) -> [Int] {
    let record = commitRecord(index)
    let first = u32(record + 48)
    let count = u32(record + 52)
    return (first..<(first + count)).map { u32(layout.parentsOffset + 4 * $0) }
  }

  /// Calls `body` with each parent position of the commit at `index`.
  func forEachParent(of index: Int, _ body: (Int) -> Void) {
    let record = commitRecord(index)
    let first = u32(record + 48)
    for parent in first..<(first + u32(record + 52)) { body(u32(layout.parentsOffset + 4 * parent)) }
  }

  /// The position of the commit `id`, by binary search in the sorted id table.
  func position(of id: ObjectID) -> Int? {
    let key = id.bytes
    return key.withUnsafeBytes { (target: UnsafeRawBufferPointer) -> Int? in
      guard let pointer = target.baseAddress else { return nil }
      var low = 0
      var high = commitCount
      while low < high {
        let middle = (low + high) / 2
        let record = layout.idsOffset + HistoryIndexBaseLayout.idSize * middle
        let order = memcmp(bytes + record, pointer, ObjectID.byteCount)
        if order == 0 { return u32(record + ObjectID.byteCount) }
        if order < 0 { low = middle + 1 } else { high = middle }
      }
      return nil
    }
  }

  // MARK: Changes

  private func changeRecord(_ index: Int) -> Int { layout.changesOffset + HistoryIndexBaseLayout.changeSize * index }

  func change(_ index: Int) -> HistoryIndex.ChangeRecord {
    let record = changeRecord(index)
    let flags = bytes.load(fromByteOffset: record + 5, as: UInt8.self)
    return HistoryIndex.ChangeRecord(
      commit: u32(record), kind: HistoryIndexFile.kind(forCode: bytes.load(fromByteOffset: record + 4, as: UInt8.self)) ?? .edited,
      path: u32(record + 8), from: i32(record + 12), tree: flags & 1 != 0 ? Self.objectID(bytes + record + 16) : nil,
      previous: flags & 2 != 0 ? Self.objectID(bytes + record + 36) : nil, attachments: u32(record + 56),
      isNewContent: flags & 4 != 0)
  }

  func changeCommit(_ index: Int) -> Int { u32(changeRecord(index)) }

  func changePath(_ index: Int) -> Int { u32(changeRecord(index) + 8) }

  /// The changes naming the string at `index` as path or rename source, oldest first.
  func postings(of index: Int) -> [Int] {
    var result: [Int] = []
    forEachPosting(of: index) { result.append($0) }
    return result
  }

  /// Calls `body` with each change naming the string at `index` as path or rename
  /// source, oldest first.
  func forEachPosting(of index: Int, _ body: (Int) -> Void) {
    let start = u32(layout.postingStartsOffset + 4 * index)
    let end = u32(layout.postingStartsOffset + 4 * index + 4)
    for posting in start..<end { body(u32(layout.postingsOffset + 4 * posting)) }
  }

  // MARK: Bytes

  private func u32(_ offset: Int) -> Int { Int(bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self).littleEndian) }
  private func i32(_ offset: Int) -> Int { Int(Int32(bitPattern: UInt32(u32(offset)))) }

  static func objectID(_ pointer: UnsafeRawPointer) -> ObjectID {
    ObjectID(bytes: UnsafeRawBufferPointer(start: pointer, count: ObjectID.byteCount)) ?? .zero
  }
}

/// Where each section of a base file starts, from the counts in its header.
struct HistoryIndexBaseLayout {
  static let headerSize = 40
  static let commitSize = 56
  static let idSize = 24
  static let changeSize = 60

  var tips: Int
  var tipBytes: Int
  var strings: Int
  var stringBytes: Int
  var commits: Int
  var parents: Int
  var changes: Int
  var postings: Int

  var tipsOffset: Int { Self.headerSize }
  var stringOffsetsOffset: Int { tipsOffset + tipBytes }
  var stringBytesOffset: Int { stringOffsetsOffset + 4 * (strings + 1) }
  var commitsOffset: Int { stringBytesOffset + stringBytes }
  var parentsOffset: Int { commitsOffset + Self.commitSize * commits }
  var idsOffset: Int { parentsOffset + 4 * parents }
  var changesOffset: Int { idsOffset + Self.idSize * commits }
  var postingStartsOffset: Int { changesOffset + Self.changeSize * changes }
  var postingsOffset: Int { postingStartsOffset + 4 * (strings + 1) }
  var fileSize: Int { postingsOffset + 4 * postings + 8 }
}

/// The checksum of the index files: a 64-bit multiply-and-fold over 8-byte words,
/// several gigabytes a second, so it is checked on every read.
enum HistoryIndexChecksum {
  static func of(_ buffer: UnsafeRawBufferPointer) -> UInt64 {
    var hash: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(buffer.count)
    guard let base = buffer.baseAddress else { return hash }
    let words = buffer.count / 8
    var index = 0
    while index < words {
      let word = base.loadUnaligned(fromByteOffset: 8 * index, as: UInt64.self).littleEndian
      hash = (hash ^ word) &* 0xFF51_AFD7_ED55_8CCD
      hash ^= hash >> 29
      index += 1
    }
    for offset in (8 * words)..<buffer.count {
      hash = (hash ^ UInt64(base.load(fromByteOffset: offset, as: UInt8.self))) &* 0xFF51_AFD7_ED55_8CCD
      hash ^= hash >> 29
    }
    return hash
  }

  static func of(_ bytes: [UInt8]) -> UInt64 {
    bytes.withUnsafeBytes { of($0) }
  }
}
