import Foundation
import Git
import RichText
import Testing

@testable import NoteStore

@Suite("History log, versions and blame")
struct HistoryLogTests {
  static func makeStore(_ directory: TemporaryDirectory) throws -> Store {
    try Store.create(at: directory.path + "/store", device: try DeviceName("laptop"))
  }

  static func changes(_ store: Store, _ note: String?) throws -> [String] {
    try store.log(of: note.map { NotePath(packagePath: $0 + ".note") }).map { change in
      change.change.rawValue + (change.from.map { " from " + $0 } ?? "") + " " + change.note
    }
  }

  @Test("log follows an exact rename back to the note's creation")
  func exactRename() throws {
    let directory = try TemporaryDirectory()
    let store = try Self.makeStore(directory)
    let note = try store.createNote(title: "Shopping", content: .plainText("Milk\nEggs"))
    try store.writeBody(of: note, content: .plainText("Oat milk\nEggs"))
    _ = try store.renameNote(note, to: "Groceries")
    #expect(
      try Self.changes(store, "Groceries") == [
        "renamed from Shopping Groceries", "edited Shopping", "created Shopping",
      ])
    #expect(try store.versions(of: NotePath(packagePath: "Groceries.note")).count == 2)
  }

  @Test("a rename with an edit in the same commit is still a rename (similarity)")
  func similarRename() throws {
    let directory = try TemporaryDirectory()
    let store = try Self.makeStore(directory)
    let lines = (1...40).map { "Line \($0) of a long shopping list" }.joined(separator: "\n")
    let note = try store.createNote(title: "Shopping", content: .plainText(lines))
    let tree = try #require(try store.headTree())
    let package = try #require(try store.repository.treeEntry(atPath: note.path, inTree: tree))
    let edited = RTFWriter().write(AttributedText(plainText: lines + "\nOne more line"))
    let blob = try store.repository.createBlob(edited)
    let newPackage = try store.repository.updatedTree(package.id, applying: [.upsert(path: "Text.rtf", id: blob, mode: .blob)])
    _ = try store.withWriteLock {
      try store.commitChange(
        [.remove(path: note.path), .upsert(path: "Groceries.note", id: newPackage, mode: .tree)],
        message: CommitMessage(summary: "Rename and edit", device: store.device), checkoutPaths: [])
    }
    #expect(try Self.changes(store, "Groceries") == ["renamed from Shopping Groceries", "created Shopping"])
  }

  @Test("two short notes of different text, one deleted and one made in one commit, are no rename: their RTF headers do not count")
  func unrelatedShortNotesInOneCommit() throws {
    let directory = try TemporaryDirectory()
    let store = try Self.makeStore(directory)
    let note = try store.createNote(title: "Shopping", content: .plainText("Buy eggs"))
    let body = try store.repository.createBlob(RTFWriter().write(AttributedText(plainText: "Call the dentist")))
    let package = try store.repository.updatedTree(nil, applying: [.upsert(path: "Text.rtf", id: body, mode: .blob)])
    _ = try store.withWriteLock {
      try store.commitChange(
        [.remove(path: note.path), .upsert(path: "Dentist.note", id: package, mode: .tree)],
        message: CommitMessage(summary: "Replace", device: store.device), checkoutPaths: [])
    }
    #expect(try Self.changes(store, "Dentist") == ["created Dentist"])
    #expect(try Self.changes(store, "Shopping") == ["deleted Shopping", "created Shopping"])
  }

  @Test("deleting and restoring keeps one connected history; undo of an undo redoes")
  func deleteRestoreUndo() throws {
    let directory = try TemporaryDirectory()
    let store = try Self.makeStore(directory)
    let note = try store.createNote(title: "Plan", content: .plainText("one"))
    try store.writeBody(of: note, content: .plainText("two"))
    try store.deleteNote(note)
    #expect(try store.deletedNotes().map(\.note) == ["Plan"])
    _ = try store.restoreDeleted("Plan")
    #expect(try store.deletedNotes().isEmpty)
    #expect(try store.body(of: note).plainText == "two")
    #expect(try Self.changes(store, "Plan") == ["restored Plan", "deleted Plan", "edited Plan", "created Plan"])
    try store.writeBody(of: note, content: .plainText("three"))
    try store.undo(note)
    #expect(try store.body(of: note).plainText == "two")
    try store.undo(note)
    #expect(try store.body(of: note).plainText == "three")
  }

  @Test("a note deleted and re-created under the same name can be restored to its first life")
  func restoreAcrossLives() throws {
    let directory = try TemporaryDirectory()
    let store = try Self.makeStore(directory)
    let first = try store.createNote(title: "Ideas", content: .plainText("first life"))
    let firstVersion = try #require(try store.currentVersion(of: first))
    try store.deleteNote(first)
    let second = try store.createNote(title: "Ideas", content: .plainText("second life"))
    #expect(try store.versions(of: second).contains { $0.id == firstVersion.id })
    try store.restore(second, to: firstVersion.id)
    #expect(try store.body(of: second).plainText == "first life")
    #expect(try store.log(of: second).first?.change == .restored)
  }

  @Test("show --at takes a version, a commit and a date")
  func versionAt() throws {
    let directory = try TemporaryDirectory()
    let store = try Self.makeStore(directory)
    let note = try store.createNote(title: "Plan", content: .plainText("one"))
    let firstCommit = try #require(try store.headCommit())
    try store.writeBody(of: note, content: .plainText("two"))
    let text = { (spec: String) throws -> String in
      try RTFReader().read(try store.body(of: note, at: spec)).text.plainText
    }
    #expect(try text(String(firstCommit.hex.prefix(8))) == "one")
    #expect(try text("now") == "two")
    let current = try #require(try store.currentVersion(of: note))
    #expect(try text(current.id) == "two")
    #expect(throws: NoteStoreError.self) { try text("2001-01-01") }
    // A date before the note existed says so, rather than that no version has that name.
    do {
      _ = try text("yesterday")
      Issue.record("a version from before the note existed")
    } catch let error as NoteStoreError {
      guard case .noVersionYet(let name, let at, _) = error else {
        Issue.record("wrong error: \(error)")
        return
      }
      #expect(name == "Plan" && at == "yesterday")
      #expect(error.description.contains("did not exist yet at \"yesterday\""))
    }
  }

  @Test("notes changed in the same second are listed newest commit first")
  func listOrder() throws {
    let directory = try TemporaryDirectory()
    let store = try Self.makeStore(directory)
    for title in ["B", "A", "C"] { _ = try store.createNote(title: title, content: .plainText(title)) }
    let names = try store.notes().map(\.name)
    // Created in the same second or not, the last created comes first.
    #expect(names == ["C", "A", "B"])
  }

  @Test("a commit made with plain git names the branch's device, not its author")
  func plainGitDevice() throws {
    let directory = try TemporaryDirectory()
    let store = try Self.makeStore(directory)
    _ = try store.createNote(title: "Plan", content: .plainText("one"))
    let path = store.root + "/Plan.note/Text.rtf"
    try Data(RTFWriter().write(AttributedText(plainText: "edited by git"))).write(to: URL(fileURLWithPath: path))
    let helper = try DeviceGroup(devices: [])
    _ = try helper.output(["git", "-C", store.root, "-c", "user.name=Somebody Else", "-c", "user.email=s@e", "commit", "-qam", "hand edit"])
    let info = try #require(try store.notes().first)
    #expect(info.device == "laptop")
    #expect(try store.log(of: NotePath(packagePath: "Plan.note")).first?.device == "laptop")
  }

  @Test("blame after two devices edited different paragraphs names each paragraph's device")
  func blameAcrossMerge() throws {
    let group = try DeviceGroup(devices: ["laptop", "phone"])
    let laptop = try group["laptop"]
    let phone = try group["phone"]
    let note = try laptop.createNote(title: "Trip", content: .plainText("Flights\nHotel\nCar"))
    try group.sync("laptop", into: "phone")
    try laptop.writeBody(of: note, content: .plainText("Flights booked\nHotel\nCar"))
    try phone.writeBody(of: note, content: .plainText("Flights\nHotel\nCar rented"))
    try group.sync("laptop", into: "phone")
    #expect(try phone.body(of: note).plainText == "Flights booked\nHotel\nCar rented")
    let blame = try phone.blame(note)
    #expect(blame.map(\.device) == ["laptop", "laptop", "phone"])
    #expect(blame.map(\.text) == ["Flights booked", "Hotel", "Car rented"])
  }

  @Test("two devices that see the same history give the same log, criss-cross merges included")
  func sameLogOnBothDevices() throws {
    let group = try DeviceGroup(devices: ["laptop", "phone"])
    let laptop = try group["laptop"]
    let phone = try group["phone"]
    let a = try laptop.createNote(title: "A", content: .plainText("a"))
    try group.sync("laptop", into: "phone")
    let b = try phone.createNote(title: "B", content: .plainText("b"))
    try laptop.writeBody(of: a, content: .plainText("a2"))
    // Both merge the other at once: a criss-cross.
    try group.fetch("phone", into: "laptop")
    try group.fetch("laptop", into: "phone")
    _ = try laptop.mergeFetched()
    _ = try phone.mergeFetched()
    try laptop.writeBody(of: a, content: .plainText("a3"))
    try phone.writeBody(of: b, content: .plainText("b2"))
    try group.sync("phone", into: "laptop")
    try group.sync("laptop", into: "phone")
    try group.sync("phone", into: "laptop")
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let onLaptop = try encoder.encode(try laptop.log(of: nil).filter { $0.change != .merged })
    let onPhone = try encoder.encode(try phone.log(of: nil).filter { $0.change != .merged })
    #expect(onLaptop == onPhone)
    #expect(try laptop.blame(a).map(\.device) == ["laptop"])
    #expect(try phone.blame(b).map(\.device) == ["phone"])
  }

  @Test("a conflict and its resolution appear in the audit trail")
  func conflictResolution() throws {
    let group = try DeviceGroup(devices: ["laptop", "phone"])
    let laptop = try group["laptop"]
    let phone = try group["phone"]
    let note = try laptop.createNote(title: "Plan", content: .plainText("Meet at noon"))
    try group.sync("laptop", into: "phone")
    try laptop.writeBody(of: note, content: .plainText("Meet at one"))
    try phone.writeBody(of: note, content: .plainText("Meet at two"))
    try group.sync("laptop", into: "phone")
    #expect(try phone.unresolvedConflictVersions(of: note).count >= 1)
    try phone.resolveConflict(note, .keepMine)
    let last = try #require(try phone.log(of: note).first)
    #expect(last.change == .resolved)
    #expect(last.resolution == "keep-mine")
    #expect(Set(try phone.log(of: note).map(\.device)) == ["laptop", "phone"])
  }
}
