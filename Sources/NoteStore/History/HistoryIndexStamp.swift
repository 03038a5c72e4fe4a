import Foundation

/// A record that one version of the history index's base file passed every check on
/// open (the whole-file checksum and every internal reference), so later opens of
/// that same version skip the checks: `.git/notes-history.idx.checked`, one line of
/// ``FileIdentity`` fields and the file's stored checksum.
///
/// A base file that is replaced (a rebuild renames a new one into place) has another
/// inode, and one changed in place has a later change time, so neither matches the
/// stamp and both are checked in full again. As git does for racily clean index
/// entries, a file is stamped only when its change and modification times are at
/// least ``settledAge`` old: a write in the same clock tick as the stamp would leave
/// the times as they were.
enum HistoryIndexStamp {
  /// How old (in nanoseconds) a file's times must be before it is stamped.
  static let settledAge: Int64 = 2_000_000_000

  /// Whether the stamp at `path` records exactly this version of the file.
  static func matches(_ identity: FileIdentity, checksum: UInt64, at path: String) -> Bool {
    guard let data = FileManager.default.contents(atPath: path) else { return false }
    return String(decoding: data, as: UTF8.self) == line(identity, checksum: checksum)
  }

  /// Records at `path` that this version of `file` passed the checks, when its
  /// times are settled at `now` (nanoseconds since 1970; the clock when nil);
  /// otherwise (or when it cannot be written) nothing: the next open checks the file
  /// in full again.
  ///
  /// The file is synced to the disk first. Derived files are written without waiting
  /// for it (``ReplacedFile``), so a crash could otherwise keep a stamp and lose part of
  /// the file it vouches for. This happens once for each version of the file.
  static func record(_ identity: FileIdentity, checksum: UInt64, of file: String, at path: String, now: Int64? = nil) {
    guard (now ?? clock()) - max(identity.changed, identity.modified) >= settledAge else { return }
    let descriptor = open(file, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return }
    let synced = fsync(descriptor) == 0
    close(descriptor)
    guard synced else { return }
    do {
      try ReplacedFile.write(Array(line(identity, checksum: checksum).utf8), to: path)
    } catch {
      // Derived data about derived data: without a stamp the next open checks in full.
    }
  }

  private static func clock() -> Int64 {
    Int64((Date().timeIntervalSince1970 * 1e9).rounded(.down))
  }

  private static func line(_ identity: FileIdentity, checksum: UInt64) -> String {
    let fields: [String] = [
      "v1", String(identity.device), String(identity.inode), String(identity.size), String(identity.changed),
      String(identity.modified), String(checksum, radix: 16),
    ]
    return fields.joined(separator: " ") + "\n"
  }
}
