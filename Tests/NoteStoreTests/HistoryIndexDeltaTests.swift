import Foundation
import Git
import Testing

@testable import NoteStore

/// The delta file after the history index's base: what a commit writes, and what a
/// read does with one it cannot trust (rebuilds, and answers as a fresh walk does).
@Suite("History index delta")
struct HistoryIndexDeltaTests {
  /// A store of `device` whose index has a base file and a delta after it, with its
  /// location.
  static func storeWithDelta(device: String = "laptop") throws
    -> (group: DeviceGroup, store: Store, location: HistoryIndexFile.Location)
  {
    let group = try DeviceGroup(devices: [device])
    let store = try group[device]
    let shopping = try store.createNote(title: "Shopping", content: .plainText("Milk"))
    _ = try store.createNote(title: "Plans", content: .plainText("Paris"))
    try store.writeBody(of: shopping, content: .plainText("Milk\nEggs"))
    _ = try store.renameNote(shopping, to: "Groceries")
    let location = HistoryIndexFile.Location(gitDirectory: store.gitDirectory)
    try #require(FileManager.default.fileExists(atPath: location.base))
    try #require(FileManager.default.fileExists(atPath: location.delta))
    return (group, store, location)
  }

  /// What a fresh walk of the history answers: the index rebuilt from git.
  static func freshWalk(_ store: Store) throws -> String {
    let fresh = try Store.open(at: store.root)
    try fresh.rebuildHistoryIndex()
    return try HistoryIndexTests.snapshot(try Store.open(at: store.root))
  }

  enum Damage: String, CaseIterable, CustomTestStringConvertible {
    case flippedByte, truncatedToHalf, lastByteCut, empty, fromAnotherStore
    var testDescription: String { rawValue }
  }

  @Test("a delta that is corrupt, truncated or extends another base is refused and rebuilt", arguments: Damage.allCases)
  func damagedDelta(damage: Damage) throws {
    let (group, store, location) = try Self.storeWithDelta()
    let expected = try HistoryIndexTests.snapshot(store)
    var bytes = [UInt8](try #require(FileManager.default.contents(atPath: location.delta)))
    switch damage {
    case .flippedByte: bytes[bytes.count / 2] ^= 0x40
    case .truncatedToHalf: bytes.removeLast(bytes.count / 2)
    case .lastByteCut: bytes.removeLast()
    case .empty: bytes = []
    case .fromAnotherStore:
      // Another device: made in the same second, the same device's store would have the
      // very same commits, base and delta.
      let (otherGroup, _, other) = try Self.storeWithDelta(device: "phone")
      _ = otherGroup
      bytes = [UInt8](try #require(FileManager.default.contents(atPath: other.delta)))
    }
    try Data(bytes).write(to: URL(fileURLWithPath: location.delta))
    #expect(throws: HistoryIndexFileError.self) { _ = try HistoryIndexFile.read(location) }

    #expect(try HistoryIndexTests.snapshot(try Store.open(at: store.root)) == expected, "\(damage)")
    // The read rebuilt it: the files on disk are whole again.
    #expect(try HistoryIndexFile.read(location) != nil)
    #expect(try HistoryIndexTests.snapshot(try Store.open(at: store.root)) == Self.freshWalk(store))
    _ = group
  }

  @Test("an index an older build wrote (another version byte) is rebuilt, stamp and all, to a fresh walk's answers")
  func olderVersionRebuilt() throws {
    let (group, store, location) = try Self.storeWithDelta()
    _ = group
    let expected = try HistoryIndexTests.snapshot(store)
    for path in [location.base, location.delta] {
      var bytes = [UInt8](try #require(FileManager.default.contents(atPath: path)))
      bytes[4] = HistoryIndexFile.version - 1
      try Data(bytes).write(to: URL(fileURLWithPath: path))
    }
    #expect(throws: HistoryIndexFileError.self) { _ = try HistoryIndexFile.read(location) }
    #expect(try HistoryIndexTests.snapshot(try Store.open(at: store.root)) == expected)
    #expect([UInt8](try #require(FileManager.default.contents(atPath: location.base)))[4] == HistoryIndexFile.version)
  }

  @Test("a delta whose tip the branch no longer contains is not trusted: the index rebuilds to a fresh walk")
  func deltaFromAnotherTip() throws {
    let (group, store, location) = try Self.storeWithDelta()
    _ = try store.createNote(title: "Draft", content: .plainText("gone soon"))
    let draftDelta = try #require(FileManager.default.contents(atPath: location.delta))
    #expect(try store.log(of: nil).contains { $0.note == "Draft" })
    // The branch is rewritten behind NoteStore's back: the draft's commit leaves the
    // history (its object stays), another commit takes its place.
    _ = try group.output(["git", "-C", store.root, "reset", "-q", "--hard", "HEAD~1"])
    let reopened = try Store.open(at: store.root)
    _ = try reopened.createNote(title: "Other", content: .plainText("kept"))
    #expect(!(try reopened.log(of: nil).contains { $0.note == "Draft" }))
    let expected = try Self.freshWalk(store)
    #expect(try HistoryIndexTests.snapshot(try Store.open(at: store.root)) == expected)

    // The old delta put back names that gone tip (and the base it extended).
    try draftDelta.write(to: URL(fileURLWithPath: location.delta))
    let again = try Store.open(at: store.root)
    #expect(!(try again.log(of: nil).contains { $0.note == "Draft" }))
    #expect(try HistoryIndexTests.snapshot(try Store.open(at: store.root)) == expected)
  }

  @Test("an older delta of the same base, from before later commits, catches up to a fresh walk")
  func olderDeltaCatchesUp() throws {
    let (group, store, location) = try Self.storeWithDelta()
    _ = group
    let older = try #require(FileManager.default.contents(atPath: location.delta))
    let plans = try #require(try store.notePaths().first { $0.name == "Plans" })
    try store.writeBody(of: plans, content: .plainText("Paris\nRome"))
    _ = try store.createNote(title: "Later", content: .plainText("later"))
    try older.write(to: URL(fileURLWithPath: location.delta))
    let snapshot = try HistoryIndexTests.snapshot(try Store.open(at: store.root))
    #expect(snapshot.contains("Later"))
    #expect(snapshot == (try Self.freshWalk(store)))
  }

  @Test("files half-written by a process killed before its rename change nothing")
  func leftoverTemporaryFiles() throws {
    let (group, store, location) = try Self.storeWithDelta()
    _ = group
    let expected = try HistoryIndexTests.snapshot(store)
    let garbage = Data(Array("NSHI\u{2}\u{1}half a delta".utf8))
    try garbage.write(to: URL(fileURLWithPath: location.delta + ".tmp-99999"))
    try garbage.write(to: URL(fileURLWithPath: location.base + ".tmp-99999"))
    #expect(try HistoryIndexTests.snapshot(try Store.open(at: store.root)) == expected)
    _ = try store.createNote(title: "After", content: .plainText("after"))
    #expect(try HistoryIndexTests.snapshot(try Store.open(at: store.root)) == Self.freshWalk(store))
  }

  @Test("a one-note write appends to the delta and leaves the base file and its stamp as they were")
  func writeLeavesBaseAlone() throws {
    let (group, store, location) = try Self.storeWithDelta()
    _ = group
    let before = try #require(try MappedFile(path: location.base)).identity
    let base = try #require(try HistoryIndexBase.open(path: location.base))
    HistoryIndexStamp.record(
      before, checksum: base.checksum, of: location.base, at: location.stamp,
      now: max(before.changed, before.modified) + HistoryIndexStamp.settledAge)
    let deltaBefore = try #require(FileManager.default.contents(atPath: location.delta))

    let plans = try #require(try store.notePaths().first { $0.name == "Plans" })
    try store.writeBody(of: plans, content: .plainText("Paris\nRome"))

    let after = try #require(try MappedFile(path: location.base)).identity
    #expect(after == before)
    #expect(HistoryIndexStamp.matches(after, checksum: base.checksum, at: location.stamp))
    let deltaAfter = try #require(FileManager.default.contents(atPath: location.delta))
    #expect(deltaAfter != deltaBefore)
    let index = try #require(try HistoryIndexFile.read(location))
    #expect(index.commits.tail.count >= 1)
    #expect(try HistoryIndexTests.snapshot(try Store.open(at: store.root)) == Self.freshWalk(store))
  }

  @Test("a commit of more changes than a delta may hold goes into the base: later reads decode no import again")
  func bigCommitRewritesBase() throws {
    let (group, store, location) = try Self.storeWithDelta()
    _ = group
    // Room in the delta for the commits already there, the import's and one more.
    let before = try #require(try HistoryIndexFile.read(location))
    let limit = max(before.commits.tail.count, before.changes.tail.count) + 2
    store.noteHistory = NoteHistory(repository: store.repository, device: store.device, deltaLimit: limit)
    // One commit of more new notes than the limit, as an import makes: one commit, many changes.
    for number in 1...(limit + 1) {
      let package = store.root + "/Imported \(number).note"
      try FileManager.default.createDirectory(atPath: package, withIntermediateDirectories: true)
      try Data(#"{\rtf1\ansi Imported\par}"#.utf8).write(to: URL(fileURLWithPath: package + "/Text.rtf"))
    }
    _ = try store.saveWorkingTree(message: "Import")
    #expect(try store.notes().count == limit + 3)
    #expect(!FileManager.default.fileExists(atPath: location.delta), "the import's changes went into a delta")
    let base = try #require(try HistoryIndexFile.read(location))
    #expect(base.changes.tail.isEmpty && base.commits.tail.isEmpty)

    // A one-note write after it goes into a delta again, with its one change.
    let plans = try #require(try store.notePaths().first { $0.name == "Plans" })
    try store.writeBody(of: plans, content: .plainText("Paris\nRome"))
    let index = try #require(try HistoryIndexFile.read(location))
    #expect(index.commits.tail.count == 1 && index.changes.tail.count == 1)
    #expect(try HistoryIndexTests.snapshot(try Store.open(at: store.root)) == Self.freshWalk(store))
  }
}
