import Foundation
import Git

#if canImport(Glibc)
  import Glibc
#endif

/// The plain text of note bodies by blob id, kept under `.git/notes-search/` (derived
/// data, never committed), so a search reads each RTF body once in its life.
///
/// The file holds records `[20-byte blob id][u32 length][text][u32 length][folded text]`
/// after an 8-byte header. A file that does not parse is ignored and rewritten; the cache
/// is never trusted for anything but speed, since a blob id names its content.
final class PlainTextCache {
  /// One body's texts.
  struct Entry {
    /// The plain text, as UTF-8 (a slice of the loaded file: nothing is copied).
    var text: ArraySlice<UInt8>
    /// The text folded for search, as UTF-8 (see ``SearchFolding``).
    var folded: ArraySlice<UInt8>
  }

  static let header = Array("NSPTC01\n".utf8)

  let path: String
  private(set) var entries: [ObjectID: Entry] = [:]
  private var added = 0

  /// Loads the cache at `path` (an empty cache when it is missing or unreadable).
  init(path: String) {
    self.path = path
    guard let data = FileManager.default.contents(atPath: path) else { return }
    entries = Self.parse([UInt8](data)) ?? [:]
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
    bytes.reserveCapacity(entries.values.reduce(0) { $0 + $1.text.count + $1.folded.count + 28 })
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
    let count = UInt32(field.count)
    bytes += [UInt8(count & 0xFF), UInt8((count >> 8) & 0xFF), UInt8((count >> 16) & 0xFF), UInt8(count >> 24)]
    bytes += field
  }

  private static func parse(_ bytes: [UInt8]) -> [ObjectID: Entry]? {
    guard bytes.starts(with: header) else { return nil }
    var entries: [ObjectID: Entry] = [:]
    var index = header.count
    func field() -> ArraySlice<UInt8>? {
      guard index + 4 <= bytes.count else { return nil }
      let count =
        Int(bytes[index]) | Int(bytes[index + 1]) << 8 | Int(bytes[index + 2]) << 16 | Int(bytes[index + 3]) << 24
      index += 4
      guard index + count <= bytes.count else { return nil }
      defer { index += count }
      return bytes[index..<(index + count)]
    }
    while index < bytes.count {
      guard index + ObjectID.byteCount <= bytes.count,
        let id = ObjectID(bytes: bytes[index..<(index + ObjectID.byteCount)])
      else { return nil }
      index += ObjectID.byteCount
      guard let text = field(), let folded = field() else { return nil }
      entries[id] = Entry(text: text, folded: folded)
    }
    return entries
  }
}
