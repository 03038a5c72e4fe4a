import Foundation
import QuickLook
import Testing

@testable import NoteStore

/// A QuickLook refresh renders only what changed since the last render, and always
/// ends with the picture a full render gives.
@Suite("QuickLook stamps")
struct QuickLookStampTests {
  enum Damage: String, CaseIterable, Sendable {
    case none, bandsRemoved, stampsDamaged, thumbnailRemoved
  }

  @Test("after an edit of the text the thumbnail equals a full render of the note", arguments: Damage.allCases)
  func editedText(_ damage: Damage) throws {
    let directory = try TemporaryDirectory()
    let store = try QuickLookStoreTests.makeStore(directory)
    let note = try store.createNote(title: "Trip", content: .plainText("Trip to the lake"))
    try store.attach(files: [try QuickLookStoreTests.imageFile(directory)], to: note)
    let quickLook = store.gitDirectory + "/notes-quicklook"
    #expect(try FileManager.default.contentsOfDirectory(atPath: quickLook + "/bands").count == 1)
    switch damage {
    case .none: break
    case .bandsRemoved: try FileManager.default.removeItem(atPath: quickLook + "/bands")
    case .stampsDamaged:
      for name in try FileManager.default.contentsOfDirectory(atPath: quickLook + "/stamps") {
        try Data("NSQLS01\ngarbage".utf8).write(to: URL(fileURLWithPath: quickLook + "/stamps/" + name))
      }
    case .thumbnailRemoved: try FileManager.default.removeItem(atPath: store.root + "/Trip.note/QuickLook/Thumbnail.png")
    }
    try store.writeBody(of: note, content: .plainText("Trip to the lake\nBring the map"))
    let written = try #require(QuickLookStoreTests.quickLook(store, "Trip", "Thumbnail.png"))
    #expect(Array(written) == (try store.thumbnail(of: note).png))
    #expect(QuickLookStoreTests.quickLook(store, "Trip", "Preview.rtf").map(Array.init) == (try store.bodyData(of: note)))
  }

  @Test("a changed attachment list is looked at again: a new first image replaces the old one")
  func newFirstImage() throws {
    let directory = try TemporaryDirectory()
    let store = try QuickLookStoreTests.makeStore(directory)
    let note = try store.createNote(title: "Trip", content: .plainText("Trip"))
    try store.attach(files: [try QuickLookStoreTests.imageFile(directory, "b.png")], to: note)
    let blue = try directory.write("a.png", try PixelImage(width: 120, height: 80, fill: PixelColor(red: 20, green: 60, blue: 210)).encoded(as: .png))
    try store.attach(files: [blue], to: note)
    let written = try #require(QuickLookStoreTests.quickLook(store, "Trip", "Thumbnail.png"))
    #expect(Array(written) == (try store.thumbnail(of: note).png))
    #expect(try store.thumbnail(of: note).content == .textAndImage(name: "a.png"))
  }
}
