import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Directory modification times and the untracked, unignored names seen in each, kept
/// between scans in one file of NUL-terminated fields, in the order ``TrackedScan`` meets
/// the directories. Dropped whole when an ignore file changes.
///
/// Lookups come in that same order, so each is one comparison with the next record's
/// bytes: an unchanged tree of 20,000 directories costs no dictionary and no string.
/// When the order breaks (a folder was added or removed), the rest is found by name.
struct DirectoryCache {
  struct Time: Comparable {
    var seconds: Int
    var nanoseconds: Int
    init(_ time: timespec) {
      seconds = Int(time.tv_sec)
      nanoseconds = Int(time.tv_nsec)
    }
    init(seconds: Int, nanoseconds: Int) {
      self.seconds = seconds
      self.nanoseconds = nanoseconds
    }
    static func < (left: Time, right: Time) -> Bool {
      (left.seconds, left.nanoseconds) < (right.seconds, right.nanoseconds)
    }
  }

  /// One record of the file: where it lies, its directory's bytes and what it says.
  private struct Record {
    var range: Range<Int>
    var directory: Range<Int>
    var time: Time
    var names: [Range<Int>]
  }

  /// What the next save writes for one directory met by the scan, in scan order.
  private enum Slot {
    case kept(Range<Int>)
    case fresh([UInt8])
    /// A directory listed but not remembered (changed too recently to trust its time):
    /// saved with a time no directory has, so the next scan lists it again while the
    /// records after it keep their order.
    case pending(directory: [UInt8])
  }

  /// The nanoseconds of a record that never matches (a directory's are below 10⁹).
  private static let neverMatches = 1_000_000_000

  private static let version = "notes-scan-2 "
  private let file: String
  private let header: [UInt8]
  private var bytes: [UInt8] = []
  /// The next record expected, while lookups follow the saved order.
  private var cursor: Int?
  /// Records by directory, made once the order breaks.
  private var byName: [String: Record]?
  private var slots: [Slot] = []
  private var pendingSlots: [String: Int] = [:]
  private var changed = false

  init(file: String, ignoreFiles: [String], exclusionName: String = "") {
    self.file = file
    let stamp = ignoreFiles.map { path in
      var info = stat()
      return lstat(path, &info) == 0 ? "\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec).\(info.st_size)" : "-"
    }.joined(separator: ",")
    header = Array((Self.version + stamp + " " + exclusionName).utf8) + [0]
    guard let data = FileManager.default.contents(atPath: file), data.starts(with: header) else {
      changed = true
      byName = [:]
      return
    }
    bytes = Array(data)
    cursor = header.count
  }

  /// The untracked names of `directory` (its path bytes, empty for the root) when its time
  /// is still `time`; nil when it must be listed again (then ``remember(_:at:untracked:)``).
  mutating func untracked(_ directory: UnsafeBufferPointer<UInt8>, at time: Time) -> [String]? {
    var found: Record?
    if let position = cursor {
      if let record = record(at: position), bytes[record.directory].elementsEqual(directory) {
        found = record
        cursor = record.range.upperBound
      } else {
        cursor = nil  // the folders changed: find the rest by name
        changed = true
      }
    }
    if cursor == nil && found == nil {
      found = recordsByName()[String(decoding: directory, as: UTF8.self)]
    }
    guard let found, found.time == time else {
      changed = true
      pendingSlots[String(decoding: directory, as: UTF8.self)] = slots.count
      slots.append(.pending(directory: Array(directory)))
      return nil
    }
    slots.append(.kept(found.range))
    return found.names.map { String(decoding: bytes[$0], as: UTF8.self) }
  }

  /// Called after the last lookup: records of directories the scan no longer met are dropped.
  mutating func finishLookups() {
    if let cursor, cursor != bytes.count { changed = true }
  }

  /// Records what listing `directory` found (for a directory a lookup missed).
  mutating func remember(_ directory: String, at time: Time, untracked: [String]) {
    guard let slot = pendingSlots[directory] else { return }
    var record: [UInt8] = []
    for field in [directory, String(time.seconds), String(time.nanoseconds), String(untracked.count)] + untracked {
      record += Array(field.utf8) + [0]
    }
    slots[slot] = .fresh(record)
    changed = true
  }

  /// A record that keeps `directory`'s place without ever matching.
  private static func placeholder(_ directory: [UInt8]) -> [UInt8] {
    directory + [0] + Array("0".utf8) + [0] + Array(String(neverMatches).utf8) + [0] + Array("0".utf8) + [0]
  }

  /// Writes the cache if it changed (``DerivedFile``: a temporary file renamed over the old one).
  func save() {
    guard changed else { return }
    var output = header
    for slot in slots {
      switch slot {
      case .kept(let range): output += bytes[range]
      case .fresh(let record): output += record
      case .pending(let directory): output += Self.placeholder(directory)
      }
    }
    // A cache: never synced to the disk (Foundation's atomic write syncs, which cost a
    // sync at 10,000 notes up to 0.14 s while the disk was busy).
    try? DerivedFile.replace(output, at: file)
  }

  // MARK: - Reading records

  private mutating func recordsByName() -> [String: Record] {
    if let byName { return byName }
    var found: [String: Record] = [:]
    var position = header.count
    while let record = record(at: position) {
      found[String(decoding: bytes[record.directory], as: UTF8.self)] = record
      position = record.range.upperBound
    }
    byName = found
    return found
  }

  /// The record starting at `position`; nil at the end or where the file is damaged.
  private func record(at position: Int) -> Record? {
    var next = position
    func field() -> Range<Int>? {
      guard next < bytes.count, let end = bytes[next...].firstIndex(of: 0) else { return nil }
      defer { next = end + 1 }
      return next..<end
    }
    func number() -> Int? {
      guard let range = field(), !range.isEmpty else { return nil }
      var value = 0
      for byte in bytes[range] {
        guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
        value = value &* 10 &+ Int(byte - UInt8(ascii: "0"))
      }
      return value
    }
    guard let directory = field(), let seconds = number(), let nanoseconds = number(), let count = number(),
      count <= bytes.count
    else { return nil }
    var names: [Range<Int>] = []
    for _ in 0..<count {
      guard let name = field() else { return nil }
      names.append(name)
    }
    return Record(
      range: position..<next, directory: directory, time: Time(seconds: seconds, nanoseconds: nanoseconds),
      names: names)
  }
}
