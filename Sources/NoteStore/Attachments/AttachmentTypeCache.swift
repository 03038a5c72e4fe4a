import Foundation
import Git
import QuickLook

#if canImport(Glibc)
  import Glibc
#endif

/// What libmagic read from each attachment blob, and the blob's size, by blob id, kept
/// under `.git/notes-types` (derived data, never committed), so that listing a note's
/// attachments reads no blob and loads no libmagic database once its blobs have been
/// typed. The libmagic version is part of the file: another version types again.
///
/// The file holds an 8-byte header, the u32 libmagic version, then records
/// `[20-byte blob id][u64 size][u16 length][MIME type]`. A file that does not parse is
/// ignored and rewritten: the cache is only ever trusted for speed.
final class AttachmentTypeCache {
  /// One blob's facts.
  struct Entry: Equatable {
    /// The blob's size in bytes.
    var size: Int64
    /// The type libmagic read from the content alone (before the extension is considered).
    var sniffed: ContentType
  }

  static let header = Array("NSATC01\n".utf8)

  let path: String
  private let version: Int
  private(set) var entries: [ObjectID: Entry] = [:]
  private var added = 0

  /// Loads the cache at `path` for libmagic `version` (empty when missing, unreadable,
  /// damaged or made by another version).
  init(path: String, version: Int = ContentTypeDetector.libraryVersion) {
    self.path = path
    self.version = version
    guard let data = FileManager.default.contents(atPath: path) else { return }
    entries = Self.parse([UInt8](data), version: version) ?? [:]
  }

  /// The facts of `blob`, or nil when it was never typed.
  func entry(for blob: ObjectID) -> Entry? { entries[blob] }

  /// Records the facts of `blob`.
  func record(_ entry: Entry, for blob: ObjectID) {
    guard entries[blob] != entry else { return }
    entries[blob] = entry
    added += 1
  }

  /// Writes the cache back when entries were added, through a temporary file renamed
  /// over the old one. A failure only costs speed.
  func saveIfChanged() {
    guard added > 0 else { return }
    var bytes = Self.header
    Self.append(UInt64(version), width: 4, to: &bytes)
    for (id, entry) in entries {
      let type = Array(entry.sniffed.mimeType.utf8.prefix(Int(UInt16.max)))
      bytes += id.bytes
      Self.append(UInt64(max(0, entry.size)), width: 8, to: &bytes)
      Self.append(UInt64(type.count), width: 2, to: &bytes)
      bytes += type
    }
    // A cache that cannot be written costs speed next time, never an answer.
    guard (try? ReplacedFile.write(bytes, to: path)) != nil else { return }
    added = 0
  }

  private static func append(_ value: UInt64, width: Int, to bytes: inout [UInt8]) {
    for shift in 0..<width { bytes.append(UInt8(truncatingIfNeeded: value >> (8 * UInt64(shift)))) }
  }

  private static func parse(_ bytes: [UInt8], version: Int) -> [ObjectID: Entry]? {
    guard bytes.starts(with: header) else { return nil }
    var index = header.count
    func number(_ width: Int) -> UInt64? {
      guard index + width <= bytes.count else { return nil }
      var value: UInt64 = 0
      for shift in 0..<width { value |= UInt64(bytes[index + shift]) << (8 * UInt64(shift)) }
      index += width
      return value
    }
    guard let stored = number(4), stored == UInt64(version) else { return nil }
    var entries: [ObjectID: Entry] = [:]
    while index < bytes.count {
      guard index + ObjectID.byteCount <= bytes.count,
        let id = ObjectID(bytes: bytes[index..<(index + ObjectID.byteCount)])
      else { return nil }
      index += ObjectID.byteCount
      guard let size = number(8), size <= UInt64(Int64.max), let length = number(2), index + Int(length) <= bytes.count
      else { return nil }
      let type = String(decoding: bytes[index..<(index + Int(length))], as: UTF8.self)
      index += Int(length)
      entries[id] = Entry(size: Int64(size), sniffed: ContentType(type))
    }
    return entries
  }
}
