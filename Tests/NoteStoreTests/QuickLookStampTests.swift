import Foundation
import QuickLook
import RichText
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

  /// A save's thumbnails start drawing before the new root tree is built, from each
  /// package's own new tree: what they draw must be what the committed note shows.
  @Test("a save by hand of new text with an image added, then removed, draws what was committed", arguments: [QuickLookMode.local, .commit])
  func handSaveDrawsCommittedPackage(_ mode: QuickLookMode) throws {
    let directory = try TemporaryDirectory()
    let store = try QuickLookStoreTests.makeStore(directory, mode: mode)
    let note = try store.createNote(title: "Trip", content: .plainText("Trip"))
    let package = store.root + "/Trip.note"
    try FileManager.default.createDirectory(atPath: package + "/Attachments", withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: try QuickLookStoreTests.imageFile(directory), toPath: package + "/Attachments/photo.png")
    try Data(RTFWriter().write(AttributedText(plainText: "Trip to the lake"))).write(to: URL(fileURLWithPath: package + "/Text.rtf"))
    #expect(try store.saveWorkingTree().map(\.note) == ["Trip"])
    #expect(try store.thumbnail(of: note).content == .textAndImage(name: "photo.png"))
    let withImage = try #require(QuickLookStoreTests.quickLook(store, "Trip", "Thumbnail.png"))
    #expect(Array(withImage) == (try store.thumbnail(of: note).png))
    try FileManager.default.removeItem(atPath: package + "/Attachments/photo.png")
    #expect(try store.saveWorkingTree().map(\.note) == ["Trip"])
    #expect(try store.thumbnail(of: note).content == .text)
    let without = try #require(QuickLookStoreTests.quickLook(store, "Trip", "Thumbnail.png"))
    #expect(Array(without) == (try store.thumbnail(of: note).png))
    #expect(without != withImage)
  }

  static let longLines = (1...60).map { "Line \($0) of a long note that keeps going" }

  @Test(
    "an edit below the visible text leaves Thumbnail.png byte for byte, and it equals a fresh render",
    arguments: [QuickLookMode.local, .commit])
  func editBelowVisibleText(_ mode: QuickLookMode) throws {
    let directory = try TemporaryDirectory()
    let store = try QuickLookStoreTests.makeStore(directory, mode: mode)
    let note = try store.createNote(title: "Long", content: .plainText(Self.longLines.joined(separator: "\n")))
    let before = try #require(QuickLookStoreTests.quickLook(store, "Long", "Thumbnail.png"))
    let thumbnail = store.root + "/Long.note/QuickLook/Thumbnail.png"
    let inode = try FileManager.default.attributesOfItem(atPath: thumbnail)[.systemFileNumber] as? Int
    var edited = Self.longLines
    edited[57] = "An edit far below what the picture shows"
    #expect(try store.writeBody(of: note, content: .plainText(edited.joined(separator: "\n"))))
    let after = try #require(QuickLookStoreTests.quickLook(store, "Long", "Thumbnail.png"))
    #expect(after == before)
    #expect(try FileManager.default.attributesOfItem(atPath: thumbnail)[.systemFileNumber] as? Int == inode, "not rewritten")
    #expect(Array(after) == (try store.thumbnail(of: note).png), "still what a full render draws")
    #expect(QuickLookStoreTests.quickLook(store, "Long", "Preview.rtf").map(Array.init) == (try store.bodyData(of: note)))
    #expect(try QuickLookStoreTests.git(store, ["status", "--porcelain"]).isEmpty)
    #expect(try QuickLookStoreTests.git(store, ["diff", "--cached", "--stat"]).isEmpty)
  }

  @Test("an edit inside the visible text renders the thumbnail again: its pixels differ", arguments: [QuickLookMode.local, .commit])
  func editInsideVisibleText(_ mode: QuickLookMode) throws {
    let directory = try TemporaryDirectory()
    let store = try QuickLookStoreTests.makeStore(directory, mode: mode)
    let note = try store.createNote(title: "Long", content: .plainText(Self.longLines.joined(separator: "\n")))
    let before = try PixelImage(decoding: Array(try #require(QuickLookStoreTests.quickLook(store, "Long", "Thumbnail.png"))))
    var edited = Self.longLines
    edited[0] = "A new first line"
    try store.writeBody(of: note, content: .plainText(edited.joined(separator: "\n")))
    let after = try #require(QuickLookStoreTests.quickLook(store, "Long", "Thumbnail.png"))
    #expect(try PixelImage(decoding: Array(after)).rgba != before.rgba)
    #expect(Array(after) == (try store.thumbnail(of: note).png))
    #expect(try QuickLookStoreTests.git(store, ["status", "--porcelain"]).isEmpty)
    #expect(try QuickLookStoreTests.git(store, ["diff", "--cached", "--stat"]).isEmpty)
  }
}
