import Foundation
import Git
import Testing

@testable import NoteStore

@Suite("History index")
struct HistoryIndexTests {
  /// A small deterministic generator (SplitMix64), so a failing seed replays.
  struct Generator {
    var state: UInt64
    mutating func next(_ bound: Int) -> Int {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return Int((z ^ (z >> 31)) % UInt64(bound))
    }
  }

  /// Random work on two devices: creations, edits, renames, deletions, attachments
  /// and syncs both ways.
  static func generateHistory(seed: UInt64, in group: DeviceGroup, steps: Int) throws {
    var random = Generator(state: seed)
    var counter = 0
    for _ in 0..<steps {
      let device = random.next(2) == 0 ? "laptop" : "phone"
      let store = try group[device]
      let notes = try store.notePaths()
      counter += 1
      switch notes.isEmpty ? 0 : random.next(7) {
      case 0:
        _ = try store.createNote(title: "Note \(counter)", content: .plainText("Text \(counter)\nLine"))
      case 1, 2:
        let note = notes[random.next(notes.count)]
        try store.writeBody(of: note, content: .plainText("Edit \(counter) on \(device)\nLine"))
      case 3:
        let note = try resolvingConflict(of: notes[random.next(notes.count)], in: store)
        _ = try store.renameNote(note, to: "Renamed \(counter)")
      case 4:
        try store.deleteNote(try resolvingConflict(of: notes[random.next(notes.count)], in: store))
      case 5:
        let file = try group.directory.write("file-\(counter).txt", Array("attachment \(counter)".utf8))
        _ = try store.attach(files: [file], to: notes[random.next(notes.count)])
      default:
        try group.sync(device == "laptop" ? "phone" : "laptop", into: device)
      }
    }
  }

  /// `note`, its conflict resolved first when it has one (keeping the current
  /// version), as a user must before renaming or deleting it.
  static func resolvingConflict(of note: NotePath, in store: Store) throws -> NotePath {
    if try store.hasUnresolvedConflict(note) { _ = try store.resolveConflict(note, .keepCurrent) }
    return note
  }

  static func snapshot(_ store: Store) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    var text = String(decoding: try encoder.encode(try store.log(of: nil)), as: UTF8.self)
    for note in try store.notePaths() {
      text += String(decoding: try encoder.encode(try store.versions(of: note)), as: UTF8.self)
    }
    text += String(decoding: try encoder.encode(try store.notes().map { [$0.name, $0.device, "\($0.modified)"] }), as: UTF8.self)
    return text
  }

  @Test("after deletion or corruption of its files the index rebuilds to the same answers", arguments: [1, 2, 3] as [UInt64])
  func rebuildIsFreshWalk(seedOffset: UInt64) throws {
    let given = ProcessInfo.processInfo.environment["NOTES_TEST_SEED"].flatMap { UInt64($0) }
    let seed = given ?? (UInt64(Date().timeIntervalSince1970) &* 31 &+ seedOffset)
    print("HistoryIndexTests seed: \(seed) (replay with NOTES_TEST_SEED=\(seed))")
    let group = try DeviceGroup(devices: ["laptop", "phone"])
    try Self.generateHistory(seed: seed, in: group, steps: 25)
    try group.sync("phone", into: "laptop")
    let laptop = try group["laptop"]
    let incremental = try Self.snapshot(laptop)
    let base = laptop.gitDirectory + "/notes-history.idx"
    let delta = laptop.gitDirectory + "/notes-history.delta"

    try? FileManager.default.removeItem(atPath: base)
    try? FileManager.default.removeItem(atPath: delta)
    #expect(try Self.snapshot(try Store.open(at: laptop.root)) == incremental, "seed \(seed): missing index")

    var bytes = try #require(FileManager.default.contents(atPath: base))
    bytes[bytes.count / 2] ^= 0xFF
    try bytes.write(to: URL(fileURLWithPath: base))
    #expect(try Self.snapshot(try Store.open(at: laptop.root)) == incremental, "seed \(seed): corrupt index")

    try laptop.rebuildHistoryIndex()
    #expect(try Self.snapshot(try Store.open(at: laptop.root)) == incremental, "seed \(seed): explicit rebuild")
  }

  @Test("a forced rewrite of a fetched branch rebuilds the index to what a fresh walk gives")
  func forcedRewrite() throws {
    let group = try DeviceGroup(devices: ["laptop", "phone"])
    let laptop = try group["laptop"]
    let phone = try group["phone"]
    _ = try laptop.createNote(title: "Base", content: .plainText("base"))
    try group.sync("laptop", into: "phone")
    let note = try phone.createNote(title: "Draft", content: .plainText("draft"))
    try group.fetch("phone", into: "laptop")
    #expect(try laptop.log(of: nil).contains { $0.note == "Draft" })
    // phone rewrites its branch: the draft commit is gone, another takes its place.
    _ = try group.output(["git", "-C", phone.root, "reset", "-q", "--hard", "HEAD~1"])
    _ = note
    _ = try phone.createNote(title: "Other", content: .plainText("other"))
    try group.fetch("phone", into: "laptop")
    let after = try Self.snapshot(laptop)
    #expect(!(try laptop.log(of: nil).contains { $0.note == "Draft" }))
    try laptop.rebuildHistoryIndex()
    #expect(try Self.snapshot(try Store.open(at: laptop.root)) == after)
  }

  @Test("raw tree diff finds the one changed entry among many, and additions and removals")
  func rawTreeDiff() throws {
    let directory = try TemporaryDirectory()
    let repository = try Repository.create(at: directory.path + "/repo", initialBranch: "main")
    let blob = try repository.createBlob(Array("x".utf8))
    let other = try repository.createBlob(Array("y".utf8))
    let package = try repository.updatedTree(nil, applying: [.upsert(path: "Text.rtf", id: blob, mode: .blob)])
    let changed = try repository.updatedTree(nil, applying: [.upsert(path: "Text.rtf", id: other, mode: .blob)])
    let names = (0..<300).map { String(format: "Note %03d.note", $0) }
    let old = try repository.updatedTree(nil, applying: names.map { .upsert(path: $0, id: package, mode: .tree) })
    let new = try repository.updatedTree(
      old,
      applying: [
        .upsert(path: "Note 150.note", id: changed, mode: .tree), .remove(path: "Note 000.note"),
        .upsert(path: "Work/Plan.note", id: package, mode: .tree), .upsert(path: "Note 999.note", id: package, mode: .tree),
      ])
    let changes = try PackageTreeDiff(repository: repository).changes(from: old, to: new)
    #expect(changes.map(\.path) == ["Note 000.note", "Note 150.note", "Note 999.note", "Work/Plan.note"])
    #expect(changes.map { $0.old == nil } == [false, false, true, true])
    #expect(changes.map { $0.new == nil } == [true, false, false, false])
  }
}
