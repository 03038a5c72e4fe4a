import Foundation
import Git
import QuickLook
import RichText
import Testing

@testable import NoteStore

/// QuickLook files in the working tree: written wherever the store checks out a change,
/// kept out of history unless `notes.quicklook = commit`, never a reason for a save to
/// fail or a merge to conflict.
@Suite("QuickLook in the store")
struct QuickLookStoreTests {
  static let red = PixelColor(red: 220, green: 20, blue: 30)

  static func makeStore(_ directory: TemporaryDirectory, mode: QuickLookMode? = nil) throws -> Store {
    let store = try Store.create(at: directory.path + "/store", device: try DeviceName("laptop"))
    if let mode { try setMode(mode, store) }
    return store
  }

  static func setMode(_ mode: QuickLookMode, _ store: Store) throws {
    try Repository.open(at: store.root).setConfig(QuickLookMode.configKey, to: mode.rawValue)
  }

  static func quickLook(_ store: Store, _ note: String, _ file: String) -> Data? {
    FileManager.default.contents(atPath: store.root + "/\(note).note/QuickLook/\(file)")
  }

  static func committedPaths(_ store: Store) throws -> [String] {
    try git(store, ["ls-tree", "-r", "--name-only", "HEAD"]).split(separator: "\n").map(String.init)
  }

  static func git(_ store: Store, _ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["git", "-C", store.root] + arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
  }

  static func imageFile(_ directory: TemporaryDirectory, _ name: String = "photo.png") throws -> String {
    try directory.write(name, try PixelImage(width: 120, height: 80, fill: red).encoded(as: .png))
  }

  @Test("by default a save writes Thumbnail.png and Preview.rtf into the working tree only")
  func localMode() throws {
    let directory = try TemporaryDirectory()
    let store = try Self.makeStore(directory)
    let note = try store.createNote(title: "Shopping", content: .plainText("Milk\nEggs"))
    let thumbnail = try #require(Self.quickLook(store, "Shopping", "Thumbnail.png"))
    let picture = try PixelImage(decoding: Array(thumbnail))
    #expect(picture.width == 512 && picture.height == 512)
    let body = try store.bodyData(of: note)
    #expect(Self.quickLook(store, "Shopping", "Preview.rtf").map(Array.init) == body)
    #expect(try Self.committedPaths(store).filter { $0.contains("QuickLook") }.isEmpty)
    #expect(try store.unsavedChanges().isEmpty)
    #expect(try Self.git(store, ["status", "--porcelain"]).isEmpty)
  }

  @Test("attaching an image puts it in the bottom half of the thumbnail")
  func attachUpdatesThumbnail() throws {
    let directory = try TemporaryDirectory()
    let store = try Self.makeStore(directory)
    let note = try store.createNote(title: "Trip", content: .plainText("Photos from the trip"))
    let before = try #require(Self.quickLook(store, "Trip", "Thumbnail.png"))
    try store.attach(files: [try Self.imageFile(directory)], to: note)
    let after = try #require(Self.quickLook(store, "Trip", "Thumbnail.png"))
    #expect(before != after)
    let picture = try PixelImage(decoding: Array(after))
    #expect(picture.colors(inRows: 256..<512, step: 4).filter { $0.isClose(to: Self.red) }.count > 500)
    #expect(try store.thumbnail(of: note).content == .textAndImage(name: "photo.png"))
  }

  @Test("a deleted note's QuickLook folder goes with it, and a renamed note gets new files")
  func deleteAndRename() throws {
    let directory = try TemporaryDirectory()
    let store = try Self.makeStore(directory)
    let note = try store.createNote(title: "Old", content: .plainText("text"))
    let renamed = try store.renameNote(note, to: "New")
    #expect(!FileManager.default.fileExists(atPath: store.root + "/Old.note"))
    #expect(Self.quickLook(store, "New", "Thumbnail.png") != nil)
    try store.deleteNote(renamed)
    #expect(!FileManager.default.fileExists(atPath: store.root + "/New.note"))
  }

  @Test("with the drawing libraries loaded ahead, a write draws the thumbnail a store without them draws")
  func drawingAhead() throws {
    let directory = try TemporaryDirectory()
    let ahead = try Self.makeStore(directory)
    let plain = try Store.create(at: directory.path + "/plain", device: try DeviceName("laptop"))
    let thread = try #require(ahead.startDrawingAhead())
    #expect(ahead.startDrawingAhead() === thread, "one thread a store")
    for store in [ahead, plain] {
      let note = try store.createNote(title: "Shopping", content: .plainText("Milk\nEggs"))
      try store.writeBody(of: note, content: .plainText("Milk\nEggs\nBread"))
    }
    thread.waitUntilIdle()
    let drawn = try #require(Self.quickLook(ahead, "Shopping", "Thumbnail.png"))
    #expect(drawn == Self.quickLook(plain, "Shopping", "Thumbnail.png"))
    #expect(Array(drawn) == (try ahead.thumbnail(of: try ahead.resolveNote("Shopping"))).png)
    let offDirectory = try TemporaryDirectory()
    let off = try Self.makeStore(offDirectory, mode: .off)
    #expect(off.startDrawingAhead() == nil, "nothing is loaded when previews are off")
  }

  @Test("notes.quicklook = off writes nothing")
  func offMode() throws {
    let directory = try TemporaryDirectory()
    let store = try Self.makeStore(directory, mode: .off)
    _ = try store.createNote(title: "Quiet", content: .plainText("text"))
    #expect(!FileManager.default.fileExists(atPath: store.root + "/Quiet.note/QuickLook"))
  }

  @Test("notes.quicklook = commit commits the files with the change that made them")
  func commitMode() throws {
    let directory = try TemporaryDirectory()
    let store = try Self.makeStore(directory, mode: .commit)
    let note = try store.createNote(title: "Shared", content: .plainText("For the Apple apps"))
    try store.attach(files: [try Self.imageFile(directory)], to: note)
    let paths = try Self.committedPaths(store)
    #expect(paths.contains("Shared.note/QuickLook/Thumbnail.png"))
    #expect(paths.contains("Shared.note/QuickLook/Preview.rtf"))
    let committed = try Self.git(store, ["cat-file", "blob", "HEAD:Shared.note/QuickLook/Thumbnail.png"])
    let onDisk = try #require(Self.quickLook(store, "Shared", "Thumbnail.png"))
    #expect(Data(committed.utf8).count > 0)
    #expect(try Self.git(store, ["diff", "--stat", "HEAD"]).isEmpty, "the working tree matches the commit")
    #expect(try Self.git(store, ["status", "--porcelain"]).isEmpty, "the index matches the commit")
    #expect(try PixelImage(decoding: Array(onDisk)).colors(inRows: 256..<512, step: 4).contains { $0.isClose(to: Self.red) })
    #expect(try store.unsavedChanges().isEmpty)
  }

  @Test("a bad notes.quicklook value is a warning: the save still happens")
  func renderingProblemsNeverFailASave() throws {
    let directory = try TemporaryDirectory()
    let store = try Self.makeStore(directory)
    try Repository.open(at: store.root).setConfig(QuickLookMode.configKey, to: "sometimes")
    var warnings: [String] = []
    store.onWarning = { warnings.append($0) }
    let note = try store.createNote(title: "Saved", content: .plainText("still saved"))
    #expect(try store.body(of: note).plainText == "still saved")
    #expect(warnings.count == 1)
    #expect(warnings.first?.contains("notes.quicklook") == true)
    #expect(throws: NoteStoreError.self) { try store.quickLookMode() }
  }

  @Test("a broken image attachment gives a placeholder thumbnail, and the attach succeeds")
  func brokenImage() throws {
    let directory = try TemporaryDirectory()
    let store = try Self.makeStore(directory)
    let note = try store.createNote(title: "Broken", content: .plainText("a broken picture"))
    let broken = try directory.write("broken.png", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3])
    try store.attach(files: [broken], to: note)
    guard case .textAndPlaceholder(let name, _) = try store.thumbnail(of: note).content else {
      Issue.record("expected a placeholder")
      return
    }
    #expect(name == "broken.png")
    #expect(Self.quickLook(store, "Broken", "Thumbnail.png") != nil)
  }

  @Test("a sync writes the merged notes' previews, and QuickLook never makes a conflict", arguments: [QuickLookMode.local, .commit])
  func mergeRegenerates(_ mode: QuickLookMode) throws {
    let group = try DeviceGroup(devices: ["laptop", "phone"])
    let laptop = try group["laptop"]
    let phone = try group["phone"]
    try Self.setMode(mode, laptop)
    try Self.setMode(mode, phone)
    try laptop.createNote(title: "Plan", content: .plainText("first\nsecond"))
    try group.sync("laptop", into: "phone")
    let note = try phone.resolveNote("Plan")
    try phone.writeBody(of: note, content: .plainText("first, from the phone\nsecond"))
    try laptop.writeBody(of: try laptop.resolveNote("Plan"), content: .plainText("first\nsecond, from the laptop"))
    let report = try group.sync("phone", into: "laptop")
    #expect(report.conflicts.isEmpty)
    let merged = try laptop.bodyData(of: try laptop.resolveNote("Plan"))
    #expect(Self.quickLook(laptop, "Plan", "Preview.rtf").map(Array.init) == merged)
    #expect(try laptop.body(of: try laptop.resolveNote("Plan")).plainText == "first, from the phone\nsecond, from the laptop")
    let again = try group.sync("laptop", into: "phone")
    #expect(again.conflicts.isEmpty)
  }
}

@Suite("QuickLook: which packages a change touched")
struct QuickLookTouchedPackagesTests {
  @Test("updates inside packages name their package; an update of a whole folder names the packages below it")
  func touched() throws {
    let directory = try TemporaryDirectory()
    let store = try QuickLookStoreTests.makeStore(directory, mode: .off)
    let top = try store.createNote(title: "Top", content: .plainText("top"))
    // Folders are made by hand in the working tree, then saved.
    let body = Data(try store.bodyData(of: top))
    for name in ["Plan", "Notes"] {
      try FileManager.default.createDirectory(atPath: store.root + "/Work/\(name).note", withIntermediateDirectories: true)
      try body.write(to: URL(fileURLWithPath: store.root + "/Work/\(name).note/Text.rtf"))
    }
    try store.saveWorkingTree()
    let plan = try store.resolveNote("Work/Plan")
    let tree = try #require(try store.headTree())
    let updates: [TreeUpdate] = [
      .upsert(path: "Top.note/Text.rtf", id: try #require(try store.committedPackage(plan).text), mode: .blob),
      .remove(path: "Work"),
      .remove(path: ".notes/conflicts/x.json"),
    ]
    let after = try store.repository.updatedTree(tree, applying: updates)
    #expect(store.packages(touchedBy: updates, from: tree, to: after) == ["Top.note", "Work/Notes.note", "Work/Plan.note"])
  }
}
