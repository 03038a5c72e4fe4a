import Foundation
import RichText
import Testing

@testable import NoteStore

/// `notes save NOTE` commits the hand edits of the notes it names only, as `git add
/// <file> && git commit` does; without names every changed note is saved.
@Suite("Saving named notes")
struct SaveNamedNotesTests {
  static func handEdit(_ store: Store, _ note: NotePath, _ text: String) throws {
    let file = store.root + "/" + note.textPath
    try FileManager.default.removeItem(atPath: file)  // a new file, as an editor's save makes
    try Data("{\\rtf1\\ansi\\ansicpg1252\\cocoartf2639\n\\f0\\fs24 \\cf0 \(text)}\n".utf8).write(to: URL(fileURLWithPath: file))
  }

  @Test("saving one named note commits its edit and leaves another note's edit unsaved")
  func namedNoteOnly() throws {
    let directory = try TemporaryDirectory()
    let store = try StoreTests.makeStore(directory)
    let milk = try store.createNote(title: "Milk", content: .plainText("milk"))
    let eggs = try store.createNote(title: "Eggs", content: .plainText("eggs"))
    try Self.handEdit(store, milk, "oat milk")
    try Self.handEdit(store, eggs, "free range eggs")
    let saved = try store.saveWorkingTree(message: "Milk only", notes: [milk])
    #expect(saved.map(\.path) == ["Milk.note"])
    #expect(try store.body(of: milk).plainText == "oat milk")
    #expect(try store.body(of: eggs).plainText == "eggs")
    #expect(try store.unsavedChanges().map(\.path) == ["Eggs.note"])
    #expect(try store.unsavedChanges(among: [milk]).isEmpty)
    #expect(try store.saveWorkingTree().map(\.path) == ["Eggs.note"])
    #expect(try store.unsavedChanges().isEmpty)
  }

  @Test("saving a named note without edits commits nothing")
  func namedNoteUnchanged() throws {
    let directory = try TemporaryDirectory()
    let store = try StoreTests.makeStore(directory)
    let milk = try store.createNote(title: "Milk", content: .plainText("milk"))
    let head = try store.headCommit()
    #expect(try store.saveWorkingTree(notes: [milk]).isEmpty)
    #expect(try store.headCommit() == head)
  }

  @Test("a package made by hand is saved by its name, as git add takes a new folder")
  func handMadePackage() throws {
    let directory = try TemporaryDirectory()
    let store = try StoreTests.makeStore(directory)
    let milk = try store.createNote(title: "Milk", content: .plainText("milk"))
    try FileManager.default.copyItem(atPath: store.root + "/" + milk.path, toPath: store.root + "/Oats.note")
    let oats = try store.resolveNoteToSave("Oats")
    #expect(oats.path == "Oats.note")
    #expect(try store.resolveNoteToSave("Oats.note/") == oats)
    #expect(try store.saveWorkingTree(notes: [oats]).map(\.path) == ["Oats.note"])
    #expect(try store.body(of: oats).plainText == "milk")
    #expect(try store.resolveNoteToSave("Milk") == milk)
    #expect(throws: NoteStoreError.self) { try store.resolveNoteToSave("Rye") }
  }
}
