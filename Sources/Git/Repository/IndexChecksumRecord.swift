import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// `.git/notes-index-checked`: which version of `.git/index` (inode, size, modification
/// time and its trailing checksum) was last written by ``Repository/editIndexFile(_:)``
/// or had its checksum verified, so that the next command trusts that file without
/// hashing its 4 MB again: a command hashes the index once, when it writes a new one.
///
/// Any other writer (git, libgit2) replaces the file, which gives it another inode or
/// time and another checksum, so a record never vouches for a file it did not see. A
/// record that is missing or does not parse only costs the hash.
struct IndexChecksumRecord: Equatable {
  var stamp: IndexSnapshot.Stamp
  /// The file's trailing SHA-1, as an id (20 bytes).
  var checksum: ObjectID?

  static let fileName = "notes-index-checked"

  /// The record of `index` as it is now.
  init(_ index: IndexSnapshot) {
    stamp = index.stamp
    checksum = ObjectID(bytes: UnsafeRawBufferPointer(rebasing: index.bytes.suffix(20)))
  }

  init(stamp: IndexSnapshot.Stamp, checksum: ObjectID?) {
    self.stamp = stamp
    self.checksum = checksum
  }

  /// The record kept in `gitDirectory`, or nil.
  static func read(in gitDirectory: String) -> IndexChecksumRecord? {
    guard let data = FileManager.default.contents(atPath: gitDirectory + "/" + fileName) else { return nil }
    let fields = String(decoding: data, as: UTF8.self).split(separator: " ")
    guard fields.count == 5, let inode = UInt64(fields[0]), let size = Int64(fields[1]), let seconds = Int(fields[2]),
      let nanoseconds = Int(fields[3]), let checksum = ObjectID(hex: String(fields[4]))
    else { return nil }
    return IndexChecksumRecord(
      stamp: IndexSnapshot.Stamp(inode: inode, size: size, seconds: seconds, nanoseconds: nanoseconds),
      checksum: checksum)
  }

  /// Keeps the record in `gitDirectory` (a temporary file renamed over the old one); a
  /// failure only costs the next command a hash.
  func write(in gitDirectory: String) {
    guard let checksum else { return }
    let text = "\(stamp.inode) \(stamp.size) \(stamp.seconds) \(stamp.nanoseconds) \(checksum.hex)"
    try? DerivedFile.replace(Array(text.utf8), at: gitDirectory + "/" + Self.fileName)
  }
}

extension Repository {
  /// Whether the checksum of `index` is known to be valid: this process, or a command
  /// before it (``IndexChecksumRecord``), verified or wrote this very file.
  func indexChecksumIsKnown(_ index: IndexSnapshot) -> Bool {
    if verifiedIndex == index.stamp { return true }
    guard let record = IndexChecksumRecord.read(in: gitDirectory), record.checksum != nil, record == IndexChecksumRecord(index)
    else { return false }
    verifiedIndex = index.stamp
    return true
  }

  /// Records that the checksum of `index` is valid (just verified or written).
  func rememberValidIndex(_ index: IndexSnapshot) {
    rememberValidIndex(IndexChecksumRecord(index))
  }

  /// Records that the index `record` describes has a valid checksum.
  func rememberValidIndex(_ record: IndexChecksumRecord) {
    verifiedIndex = record.stamp
    record.write(in: gitDirectory)
  }
}
