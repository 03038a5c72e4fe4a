import Foundation
import Git

#if canImport(Glibc)
  import Glibc
#endif

/// The plain text of note bodies by blob id, kept under `.git/notes-search/` (derived
/// data, never committed), so a search reads each RTF body once in its life.
///
/// It also remembers which body blob each package tree holds, so a search over an
/// unchanged store reads no package tree: one file read and a scan.
///
/// The file holds, after an 8-byte header, a u32 count and that many pairs
/// `[20-byte package tree id][20-byte body blob id, zeros when none]`, then records
/// `[20-byte blob id][u32 length][text][u32 length][folded text]`. A file that does not
/// parse is ignored and rewritten; the cache is never trusted for anything but speed,
/// since an object id names its content.
final class PlainTextCache {
  /// One body's texts.
  struct Entry {
    /// The plain text, as UTF-8 (a slice of the loaded file: nothing is copied).
    var text: ArraySlice<UInt8>
    /// The text folded for search, as UTF-8 (see ``SearchFolding``).
    var folded: ArraySlice<UInt8>
  }

  static let header = Array("NSPTC02\n".utf8)

  let path: String
  private(set) var entries: [ObjectID: Entry] = [:]
  /// The body blob of each package tree seen (nil: the package has no body).
  private(set) var bodies: [ObjectID: ObjectID?] = [:]
  private var added = 0

  /// Loads the cache at `path` (an empty cache when it is missing or unreadable).
  init(path: String) {
    self.path = path
    guard let data = FileManager.default.contents(atPath: path) else { return }
    if let parsed = Self.parse([UInt8](data)) { (bodies, entries) = parsed }
  }

  /// The body blob of the package `tree`, finding it with `read` when it is not cached.
  func body(ofPackage tree: ObjectID, read: () throws -> ObjectID?) rethrows -> ObjectID? {
    if let known = bodies[tree] { return known }
    let blob = try read()
    bodies[tree] = .some(blob)
    added += 1
    return blob
  }

  /// The entry for `blob`, computing it with `plainText` when it is not cached.
  func entry(for blob: ObjectID, plainText: () throws -> String) rethrows -> Entry {
    if let entry = entries[blob] { return entry }
    let text = try plainText()
    let entry = Entry(text: Array(text.utf8)[...], folded: Array(SearchFolding.fold(text).utf8)[...])
    entries[blob] = entry
    added += 1
    return entry
  }

  /// Writes the cache back when entries were added: to a temporary file, then renamed
  /// over the old one, so a reader never sees half a file. A failure only costs speed.
  func saveIfChanged() {
    guard added > 0 else { return }
    var bytes = Self.header
    bytes.reserveCapacity(
      12 + bodies.count * 40 + entries.values.reduce(0) { $0 + $1.text.count + $1.folded.count + 28 })
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
    }
    let directory = (path as NSString).deletingLastPathComponent
    let temporary = path + ".tmp-\(ProcessInfo.processInfo.processIdentifier)"
    do {
      try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
      try Data(bytes).write(to: URL(fileURLWithPath: temporary))
      guard rename(temporary, path) == 0 else {
        unlink(temporary)
        return
      }
      added = 0
    } catch {
      unlink(temporary)
    }
  }

  private static func append(_ field: ArraySlice<UInt8>, to bytes: inout [UInt8]) {
    append(count: field.count, to: &bytes)
    bytes += field
  }

  private static func append(count: Int, to bytes: inout [UInt8]) {
    let count = UInt32(count)
    bytes += [UInt8(count & 0xFF), UInt8((count >> 8) & 0xFF), UInt8((count >> 16) & 0xFF), UInt8(count >> 24)]
  }

  private static func parse(_ bytes: [UInt8]) -> (bodies: [ObjectID: ObjectID?], entries: [ObjectID: Entry])? {
    guard bytes.starts(with: header) else { return nil }
    var entries: [ObjectID: Entry] = [:]
    var index = header.count
    func count() -> Int? {
      guard index + 4 <= bytes.count else { return nil }
      defer { index += 4 }
      return Int(bytes[index]) | Int(bytes[index + 1]) << 8 | Int(bytes[index + 2]) << 16 | Int(bytes[index + 3]) << 24
    }
    func field() -> ArraySlice<UInt8>? {
      guard let count = count(), index + count <= bytes.count else { return nil }
      defer { index += count }
      return bytes[index..<(index + count)]
    }
    func id() -> ObjectID?? {
      guard index + ObjectID.byteCount <= bytes.count else { return nil }
      let raw = bytes[index..<(index + ObjectID.byteCount)]
      index += ObjectID.byteCount
      if raw.allSatisfy({ $0 == 0 }) { return .some(nil) }
      return ObjectID(bytes: raw).map { .some($0) }
    }
    guard let bodyCount = count(), bodyCount <= (bytes.count - index) / (2 * ObjectID.byteCount) else { return nil }
    var bodies: [ObjectID: ObjectID?] = Dictionary(minimumCapacity: bodyCount)
    for _ in 0..<bodyCount {
      guard let tree = id(), let tree, let blob = id() else { return nil }
      bodies[tree] = .some(blob)
    }
    entries.reserveCapacity(bodyCount)
    while index < bytes.count {
      guard index + ObjectID.byteCount <= bytes.count,
        let id = ObjectID(bytes: bytes[index..<(index + ObjectID.byteCount)])
      else { return nil }
      index += ObjectID.byteCount
      guard let text = field(), let folded = field() else { return nil }
      entries[id] = Entry(text: text, folded: folded)
    }
    return (bodies, entries)
  }
}
