import Foundation
import RichText
import Testing

@testable import NoteStore

/// `notes restore NOTE` throws a note's unsaved hand edits away, as `git restore` does,
/// after copying them under `.git/notes-discarded/`; a hand edit that cannot be saved
/// says so.
@Suite("Discarding hand edits")
struct DiscardHandEditTests {
  @Test("a cut-off hand edit is refused by save with the way out, and discarding it brings back the saved body")
  func cutOffEditDiscarded() throws {
    let directory = try TemporaryDirectory()
    let store = try StoreTests.makeStore(directory)
    let note = try store.createNote(title: "Shopping", content: .plainText("Eggs"))
    let head = try store.headCommit()
    let cut = "{\\rtf1\\ansi {\\fonttbl\\f0 Helvetica;}\\f0 Eggs, mi"
    try Data(cut.utf8).write(to: URL(fileURLWithPath: store.root + "/" + note.textPath))

    let error = #expect(throws: NoteStoreError.self) { try store.saveWorkingTree() }
    let message = error.map { "\($0)" } ?? ""
    #expect(message.contains("note \"Shopping\""))
    #expect(message.contains("looks cut off"))
    #expect(message.contains("`notes restore Shopping`"))
    #expect(try store.headCommit() == head)

    let discarded = try #require(try store.discardUnsavedChanges(of: note))
    #expect(discarded.files == ["Text.rtf"])
    #expect(try store.unsavedChanges().isEmpty)
    #expect(try store.body(of: note).plainText == "Eggs")
    #expect(try store.headCommit() == head)  // nothing committed
    let copy = try #require(discarded.copies)
    #expect(copy.hasPrefix(store.root + "/.git/notes-discarded/"))
    #expect(FileManager.default.contents(atPath: copy + "/Text.rtf") == Data(cut.utf8))
    #expect(try store.discardUnsavedChanges(of: note) == nil)
  }

  @Test("a package deleted by hand comes back, and an attachment added by hand goes (copied first)")
  func deletedPackageAndAddedFile() throws {
    let directory = try TemporaryDirectory()
    let store = try StoreTests.makeStore(directory)
    let gone = try store.createNote(title: "Gone", content: .plainText("keep me"))
    let note = try store.createNote(title: "Trip", content: .plainText("Rome"))
    try FileManager.default.removeItem(atPath: store.root + "/" + gone.path)
    let attachments = store.root + "/" + note.path + "/Attachments"
    try FileManager.default.createDirectory(atPath: attachments, withIntermediateDirectories: true)
    try Data("ticket".utf8).write(to: URL(fileURLWithPath: attachments + "/ticket.txt"))

    let restored = try #require(try store.discardUnsavedChanges(of: gone))
    #expect(restored.copies == nil)  // nothing was there to copy
    #expect(try store.body(of: gone).plainText == "keep me")
    #expect(FileManager.default.fileExists(atPath: store.root + "/" + gone.textPath))

    let dropped = try #require(try store.discardUnsavedChanges(of: note))
    #expect(dropped.files == ["Attachments/ticket.txt"])
    #expect(!FileManager.default.fileExists(atPath: attachments + "/ticket.txt"))
    #expect(!FileManager.default.fileExists(atPath: attachments))  // the emptied folder goes too
    let copy = try #require(dropped.copies)
    #expect(FileManager.default.contents(atPath: copy + "/Attachments/ticket.txt") == Data("ticket".utf8))
    #expect(try store.unsavedChanges().isEmpty)
  }

  @Test("another note's hand edit is left alone")
  func otherNotesUntouched() throws {
    let directory = try TemporaryDirectory()
    let store = try StoreTests.makeStore(directory)
    let milk = try store.createNote(title: "Milk", content: .plainText("milk"))
    let eggs = try store.createNote(title: "Eggs", content: .plainText("eggs"))
    try SaveNamedNotesTests.handEdit(store, milk, "oat milk")
    try SaveNamedNotesTests.handEdit(store, eggs, "free range eggs")
    _ = try store.discardUnsavedChanges(of: milk)
    #expect(try store.unsavedChanges().map(\.path) == ["Eggs.note"])
    let eggsText = try String(contentsOfFile: store.root + "/" + eggs.textPath, encoding: .utf8)
    #expect(eggsText.contains("free range eggs"))
  }

  @Test("notes gc removes copies of discarded edits after two weeks, and keeps newer ones")
  func expiredCopiesRemoved() throws {
    let directory = try TemporaryDirectory()
    let store = try StoreTests.makeStore(directory)
    let note = try store.createNote(title: "Milk", content: .plainText("milk"))
    try SaveNamedNotesTests.handEdit(store, note, "oat milk")
    let copy = try #require(try store.discardUnsavedChanges(of: note)?.copies)
    let folder = URL(fileURLWithPath: copy).deletingLastPathComponent().path
    let now = Date()
    #expect(store.removeExpiredDiscardedEdits(now: now) == 0)
    #expect(FileManager.default.fileExists(atPath: folder))
    #expect(store.removeExpiredDiscardedEdits(now: now.addingTimeInterval(Store.discardedEditsLifetime + 60)) == 1)
    #expect(!FileManager.default.fileExists(atPath: folder))
  }

  @Test("the folder of copies is named for the UTC time, without colons")
  func stampHasNoColons() {
    #expect(Store.discardStamp(Date(timeIntervalSince1970: 1_796_434_199)) == "2026-12-05T01-29-59Z")
  }
}
