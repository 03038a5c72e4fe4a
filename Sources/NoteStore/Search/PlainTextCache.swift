import Foundation
import Git

#if canImport(Glibc)
  import Glibc
#endif

/// The plain text of note bodies by blob id, kept under `.git/notes-search/` (derived
/// data, never committed), so a search reads each RTF body once in its life.
///
/// It also remembers which body blob each package tree holds, so a search over an
/// unchanged store reads no package tree: one mapped file and a scan.
///
/// The file holds, after an 8-byte header, a u32 count and that many pairs
/// `[20-byte package tree id][20-byte body blob id, zeros when none]`, then records
/// `[20-byte blob id][u32 length][text][u32 length][folded text][u64 checksum of the
/// text][u64 checksum of the folded text]` (see ``CacheChecksum``). The file is mapped,
/// not read: loading walks the records once to check their lengths and note where each
/// starts, and a body's texts are only touched when it is searched, each checksum
/// checked before its text is used: the folded text for every body searched, the text
/// only for bodies that hold the words (``folded(for:plainText:)``, then ``entry(for:plainText:)``). A file that does not parse is ignored and rewritten, a record whose
/// checksum is wrong is computed again (and the file rewritten): the cache is never
/// trusted for anything but speed.
final class PlainTextCache {
  /// One body's texts, valid while the cache lives.
  struct Entry {
    /// The plain text, as UTF-8 (in the mapped file, or in memory the cache owns).
    var text: UnsafeBufferPointer<UInt8>
    /// The text folded for search, as UTF-8 (see ``SearchFolding``).
    var folded: UnsafeBufferPointer<UInt8>
  }

  static let header = Array("NSPTC04\n".utf8)

  let path: String
  private let file: MappedFile?
  /// Where each cached body's record starts in `file` (at its text's length).
  private var records: [BlobKey: Int] = [:]
  /// Bodies computed during this search, in memory the cache owns.
  private var fresh: [BlobKey: Entry] = [:]
  private var owned: [UnsafeMutableBufferPointer<UInt8>] = []
  /// The body blob of each package tree seen (nil: the package has no body).
  private var bodies: [BlobKey: BlobKey?] = [:]
  private var added = 0
  /// How many bodies this cache read from git and converted (not found in the file).
  private(set) var bodiesRead = 0

  /// Loads the cache at `path` (an empty cache when it is missing or does not parse).
  init(path: String) {
    self.path = path
    // A cache that cannot be read is rebuilt: that costs speed, never an answer.
    let file = try? MappedFile(path: path)
    if let file, let parsed = Self.parse(file.buffer) {
      (bodies, records) = parsed
      self.file = file
    } else {
      self.file = nil
    }
  }

  deinit {
    for buffer in owned { buffer.deallocate() }
  }

  /// The body blob of the package `tree`, finding it with `read` when it is not cached.
  func body(ofPackage tree: ObjectID, read: () throws -> ObjectID?) rethrows -> BlobKey? {
    let key = BlobKey(tree)
    if let known = bodies[key] { return known }
    let blob = try read().map(BlobKey.init)
    bodies[key] = .some(blob)
    added += 1
    return blob
  }

  /// The folded text of `blob`, computing it with `plainText` when it is not cached; only
  /// the folded text's checksum is checked (a search reads the text only when this holds
  /// its words).
  func folded(for blob: BlobKey, plainText: (ObjectID) throws -> String) rethrows -> UnsafeBufferPointer<UInt8> {
    if let entry = fresh[blob] { return entry.folded }
    if let file, let start = records[blob] {
      let entry = Self.entry(in: file.buffer, at: start)
      if Self.checksums(in: file.buffer, at: start).folded == CacheChecksum.of(entry.folded) { return entry.folded }
      records[blob] = nil
    }
    return try compute(blob, plainText: plainText).folded
  }

  /// The entry for `blob`, computing it with `plainText` when it is not cached.
  func entry(for blob: BlobKey, plainText: (ObjectID) throws -> String) rethrows -> Entry {
    if let entry = fresh[blob] { return entry }
    if let file, let start = records[blob] {
      let entry = Self.entry(in: file.buffer, at: start)
      if Self.isIntact(entry, in: file.buffer, at: start) { return entry }
      records[blob] = nil
    }
    return try compute(blob, plainText: plainText)
  }

  private func compute(_ blob: BlobKey, plainText: (ObjectID) throws -> String) rethrows -> Entry {
    let text = try plainText(blob.id)
    bodiesRead += 1
    let entry = Entry(text: own(Array(text.utf8)), folded: own(Array(SearchFolding.fold(text).utf8)))
    fresh[blob] = entry
    added += 1
    return entry
  }

  private func own(_ bytes: [UInt8]) -> UnsafeBufferPointer<UInt8> {
    let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
    _ = buffer.initialize(from: bytes)
    owned.append(buffer)
    return UnsafeBufferPointer(buffer)
  }

  /// Writes the cache back when entries were added: to a temporary file, then renamed
  /// over the old one, so a reader never sees half a file. A failure only costs speed.
  func saveIfChanged() {
    guard added > 0 else { return }
    var entries = fresh
    if let file {
      for (key, start) in records where entries[key] == nil {
        let entry = Self.entry(in: file.buffer, at: start)
        // A damaged record not searched this time is dropped rather than copied.
        guard Self.isIntact(entry, in: file.buffer, at: start) else { continue }
        entries[key] = entry
      }
    }
    var bytes = Self.header
    bytes.reserveCapacity(
      12 + bodies.count * 40 + entries.values.reduce(0) { $0 + $1.text.count + $1.folded.count + 44 })
    Self.append(count: bodies.count, to: &bytes)
    let none = [UInt8](repeating: 0, count: ObjectID.byteCount)
    for (tree, blob) in bodies {
      bytes += tree.bytes
      bytes += blob?.bytes ?? none
    }
    for (id, entry) in entries {
      bytes += id.bytes
      Self.append(entry.text, to: &bytes)
      Self.append(entry.folded, to: &bytes)
      withUnsafeBytes(of: CacheChecksum.of(entry.text).littleEndian) { bytes += $0 }
      withUnsafeBytes(of: CacheChecksum.of(entry.folded).littleEndian) { bytes += $0 }
    }
    // A cache that cannot be written costs speed next time, never an answer.
    guard (try? ReplacedFile.write(bytes, to: path)) != nil else { return }
    added = 0
  }

  private static func append(_ field: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]) {
    append(count: field.count, to: &bytes)
    bytes += field
  }

  private static func append(count: Int, to bytes: inout [UInt8]) {
    let count = UInt32(count)
    bytes += [UInt8(count & 0xFF), UInt8((count >> 8) & 0xFF), UInt8((count >> 16) & 0xFF), UInt8(count >> 24)]
  }

  private static func count(in bytes: UnsafeRawBufferPointer, at index: Int) -> Int {
    Int(bytes[index]) | Int(bytes[index + 1]) << 8 | Int(bytes[index + 2]) << 16 | Int(bytes[index + 3]) << 24
  }

  /// The checksums stored after the record that starts (at its text's length) at `start`.
  private static func checksums(in bytes: UnsafeRawBufferPointer, at start: Int) -> (text: UInt64, folded: UInt64) {
    let foldedStart = start + 4 + count(in: bytes, at: start)
    let end = foldedStart + 4 + count(in: bytes, at: foldedStart)
    return (
      UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: end, as: UInt64.self)),
      UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: end + 8, as: UInt64.self))
    )
  }

  /// Whether both texts of the record at `start` match their checksums.
  private static func isIntact(_ entry: Entry, in bytes: UnsafeRawBufferPointer, at start: Int) -> Bool {
    let stored = checksums(in: bytes, at: start)
    return stored.folded == CacheChecksum.of(entry.folded) && stored.text == CacheChecksum.of(entry.text)
  }

  /// The entry whose record starts (at its text's length) at `start`; `parse` checked it.
  private static func entry(in bytes: UnsafeRawBufferPointer, at start: Int) -> Entry {
    let textCount = count(in: bytes, at: start)
    let foldedStart = start + 4 + textCount
    let foldedCount = count(in: bytes, at: foldedStart)
    let base = bytes.bindMemory(to: UInt8.self)
    return Entry(
      text: UnsafeBufferPointer(rebasing: base[(start + 4)..<(start + 4 + textCount)]),
      folded: UnsafeBufferPointer(rebasing: base[(foldedStart + 4)..<(foldedStart + 4 + foldedCount)]))
  }

  private static func parse(_ bytes: UnsafeRawBufferPointer) -> (bodies: [BlobKey: BlobKey?], records: [BlobKey: Int])? {
    guard bytes.starts(with: header) else { return nil }
    var index = header.count
    func count() -> Int? {
      guard index + 4 <= bytes.count else { return nil }
      defer { index += 4 }
      return Self.count(in: bytes, at: index)
    }
    func key() -> BlobKey? {
      guard index + ObjectID.byteCount <= bytes.count else { return nil }
      defer { index += ObjectID.byteCount }
      return BlobKey(in: bytes, at: index)
    }
    guard let bodyCount = count(), bodyCount <= (bytes.count - index) / (2 * ObjectID.byteCount) else { return nil }
    var bodies: [BlobKey: BlobKey?] = Dictionary(minimumCapacity: bodyCount)
    for _ in 0..<bodyCount {
      guard let tree = key(), let blob = key() else { return nil }
      bodies[tree] = .some(blob.isZero ? nil : blob)
    }
    var records: [BlobKey: Int] = Dictionary(minimumCapacity: bodyCount)
    while index < bytes.count {
      guard let id = key() else { return nil }
      let start = index
      guard let textCount = count(), textCount <= bytes.count - index else { return nil }
      index += textCount
      guard let foldedCount = count(), foldedCount <= bytes.count - index else { return nil }
      index += foldedCount
      guard bytes.count - index >= 16 else { return nil }
      index += 16
      records[id] = start
    }
    return (bodies, records)
  }
}
