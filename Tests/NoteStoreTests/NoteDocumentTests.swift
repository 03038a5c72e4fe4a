import Foundation
import Git
import RichText
import Testing

@testable import NoteStore

@Suite("NoteDocument")
struct NoteDocumentTests {
  @Test("open, edit, undo, redo, save and close, with state changes reported to observers")
  func lifecycle() throws {
    let directory = try TemporaryDirectory()
    let store = try StoreTests.makeStore(directory)
    let note = try store.createNote(title: "Doc", content: .plainText("first"))
    let document = NoteDocument(store: store, note: note)
    var states: [NoteDocument.State] = []
    document.addStateObserver { states.append($0) }
    #expect(document.state == .closed)
    try document.open()
    #expect(document.state == .normal)
    #expect(document.text.plainText == "first")
    #expect(!document.hasUnsavedChanges)

    document.text = document.text.applyingPlainText("second")
    document.text = document.text.applyingPlainText("third")
    #expect(document.hasUnsavedChanges)
    document.undo()
    #expect(document.text.plainText == "second")
    document.redo()
    #expect(document.text.plainText == "third")
    #expect(try document.save())
    #expect(!document.hasUnsavedChanges)
    #expect(try store.body(of: note).plainText == "third")
    document.undo()
    #expect(document.text.plainText == "second")
    try document.revert()
    #expect(document.text.plainText == "third")
    #expect(!document.canUndo)
    try document.close()
    #expect(document.state == .closed)
    #expect(states == [.normal, .closed])
  }

  @Test("a note with hand edits in the working tree opens with editing disabled")
  func editingDisabled() throws {
    let directory = try TemporaryDirectory()
    let store = try StoreTests.makeStore(directory)
    let note = try store.createNote(title: "Doc", content: .plainText("first"))
    let bytes = try store.bodyData(of: note)
    try Data(bytes + Array(" ".utf8)).write(to: URL(fileURLWithPath: store.root + "/Doc.note/Text.rtf"))
    let document = NoteDocument(store: store, note: note)
    try document.open()
    #expect(document.state == .editingDisabled)
  }

  @Test("a failed save keeps the edits and reports savingError")
  func savingError() throws {
    let directory = try TemporaryDirectory()
    let store = try StoreTests.makeStore(directory)
    let note = try store.createNote(title: "Doc", content: .plainText("first"))
    let document = NoteDocument(store: store, note: note)
    try document.open()
    document.text = document.text.applyingPlainText("changed")
    try store.deleteNote(note)
    #expect(throws: NoteStoreError.self) { try document.save() }
    #expect(document.state == .savingError)
    #expect(document.text.plainText == "changed")
  }

  @Test("a note named in a conflict record is in conflict")
  func inConflict() throws {
    let directory = try TemporaryDirectory()
    let store = try StoreTests.makeStore(directory)
    let note = try store.createNote(title: "Doc", content: .plainText("first"))
    let record = Array(#"{"base":"","current":"a","note":"Doc.note","versions":[]}"#.utf8)
    try store.withWriteLock {
      let blob = try store.repository.createBlob(record)
      try store.commitChange(
        [.upsert(path: try ConflictRecord.path(for: "Doc.note"), id: blob, mode: .blob)],
        message: CommitMessage(summary: "Record conflict", device: store.device), checkoutPaths: [".notes"])
    }
    let document = NoteDocument(store: store, note: note)
    try document.open()
    #expect(document.state == .inConflict)
  }
}
