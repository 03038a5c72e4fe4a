import Foundation
import Git
import Testing

@testable import NoteStore

/// The stamp that lets an open of the history index skip its checks: only for the very
/// version of the base file that passed them, and only once that file's times are settled.
@Suite("History index stamp")
struct HistoryIndexStampTests {
  /// A store whose history index has a base file, and where that file lives.
  static func indexedStore() throws -> (group: DeviceGroup, location: HistoryIndexFile.Location) {
    let group = try DeviceGroup(devices: ["laptop"])
    let store = try group["laptop"]
    _ = try store.createNote(title: "Shopping", content: .plainText("Milk"))
    _ = try store.createNote(title: "Plans", content: .plainText("Paris"))
    #expect(try store.log(of: nil).count >= 2)
    let location = HistoryIndexFile.Location(gitDirectory: store.gitDirectory)
    try #require(FileManager.default.fileExists(atPath: location.base))
    return (group, location)
  }

  /// Stamps the base file as it is now, with a clock that says its times are settled.
  static func stamp(_ location: HistoryIndexFile.Location) throws -> FileIdentity {
    let base = try #require(try HistoryIndexBase.open(path: location.base))
    let identity = try #require(try MappedFile(path: location.base)).identity
    HistoryIndexStamp.record(
      identity, checksum: base.checksum, of: location.base, at: location.stamp,
      now: max(identity.changed, identity.modified) + HistoryIndexStamp.settledAge)
    #expect(HistoryIndexStamp.matches(identity, checksum: base.checksum, at: location.stamp))
    return identity
  }

  @Test("no stamp vouches for a file that cannot be synced to the disk (gone, or not readable)")
  func unsyncedFileIsNotStamped() throws {
    let (group, location) = try Self.indexedStore()
    _ = group
    try? FileManager.default.removeItem(atPath: location.stamp)
    let identity = try #require(try MappedFile(path: location.base)).identity
    let base = try #require(try HistoryIndexBase.open(path: location.base))
    HistoryIndexStamp.record(
      identity, checksum: base.checksum, of: location.base + ".gone", at: location.stamp,
      now: max(identity.changed, identity.modified) + HistoryIndexStamp.settledAge)
    #expect(!FileManager.default.fileExists(atPath: location.stamp))
  }

  @Test("a base file that passed its checks is stamped only once its times are settled")
  func stampsSettledFilesOnly() throws {
    let (group, location) = try Self.indexedStore()
    _ = group
    try? FileManager.default.removeItem(atPath: location.stamp)
    // Just written: checked in full and not stamped, whatever the clock says now.
    _ = try #require(try HistoryIndexBase.open(path: location.base, stamp: location.stamp))
    let identity = try #require(try MappedFile(path: location.base)).identity
    let base = try #require(try HistoryIndexBase.open(path: location.base))
    HistoryIndexStamp.record(
      identity, checksum: base.checksum, of: location.base, at: location.stamp,
      now: max(identity.changed, identity.modified) + HistoryIndexStamp.settledAge - 1)
    #expect(!FileManager.default.fileExists(atPath: location.stamp))

    _ = try Self.stamp(location)
    #expect(try HistoryIndexBase.open(path: location.base, stamp: location.stamp)?.checksum == base.checksum)
    #expect(!HistoryIndexStamp.matches(identity, checksum: base.checksum &+ 1, at: location.stamp))
  }

  @Test("a stamped base file replaced by a corrupt one of the same size is checked and refused")
  func replacedFileIsChecked() throws {
    let (group, location) = try Self.indexedStore()
    _ = group
    _ = try Self.stamp(location)
    var bytes = try #require(FileManager.default.contents(atPath: location.base))
    bytes[bytes.count / 2] ^= 0xFF
    let replacement = location.base + ".replacement"
    try bytes.write(to: URL(fileURLWithPath: replacement))
    try #require(rename(replacement, location.base) == 0)
    #expect(throws: HistoryIndexFileError.self) { _ = try HistoryIndexBase.open(path: location.base, stamp: location.stamp) }
  }

  @Test("a stamped base file changed in place, its times moved, is checked and refused")
  func changedInPlaceIsChecked() throws {
    let (group, location) = try Self.indexedStore()
    _ = group
    let identity = try Self.stamp(location)
    let handle = try #require(FileHandle(forUpdatingAtPath: location.base))
    let middle = UInt64(identity.size / 2)
    try handle.seek(toOffset: middle)
    let old = try #require(try handle.read(upToCount: 1)).first ?? 0
    try handle.seek(toOffset: middle)
    try handle.write(contentsOf: Data([old ^ 0xFF]))
    try handle.close()
    // The write moved the change time, unless it fell in the stamp's clock tick (the
    // case a settled file cannot meet): move the modification time on for certain.
    let later = Date(timeIntervalSince1970: TimeInterval(identity.modified / 1_000_000_000 + 5))
    try FileManager.default.setAttributes([.modificationDate: later], ofItemAtPath: location.base)
    #expect(throws: HistoryIndexFileError.self) { _ = try HistoryIndexBase.open(path: location.base, stamp: location.stamp) }
  }

  @Test("after a rebuild the old stamp is gone and the new base opens")
  func rebuildDropsStamp() throws {
    let (group, location) = try Self.indexedStore()
    _ = try Self.stamp(location)
    try group["laptop"].rebuildHistoryIndex()
    #expect(!FileManager.default.fileExists(atPath: location.stamp))
    #expect(try HistoryIndexBase.open(path: location.base, stamp: location.stamp) != nil)
  }
}
