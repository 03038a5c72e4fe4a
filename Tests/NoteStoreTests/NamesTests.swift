import Testing

@testable import NoteStore

@Suite("Names")
struct NamesTests {
  @Test(
    "valid names are accepted",
    arguments: ["Shopping", "Ünïcödé 名前", "a.b", "emoji 🎉", "x-y_z", "with space", "..but not first? no"])
  func validNames(_ name: String) throws {
    if name.hasPrefix(".") { return }
    try EntryName.validate(name)
  }

  @Test(
    "invalid names are refused with the rule they break",
    arguments: [
      ("", "empty"), (".hidden", "start with '.'"), ("../x", "start with '.'"), ("a/b", "'/'"),
      ("nul\u{0}", "control"), ("line\nbreak", "control"), ("   ", "only spaces"),
      (String(repeating: "é", count: 128), "at most"),
    ])
  func invalidNames(_ name: String, _ reason: String) {
    #expect(throws: NoteStoreError.self) { try EntryName.validate(name) }
    do {
      try EntryName.validate(name)
    } catch {
      #expect(error.description.contains(reason), "\(error)")
    }
  }

  @Test("a note name leaves room for the .note suffix within 255 bytes")
  func suffixCounts() throws {
    try EntryName.validate(String(repeating: "x", count: 250), suffix: ".note")
    #expect(throws: NoteStoreError.self) {
      try EntryName.validate(String(repeating: "x", count: 251), suffix: ".note")
    }
  }

  @Test("device names follow [A-Za-z0-9._-]{1,64}")
  func deviceNames() throws {
    #expect(try DeviceName("laptop").branch == "refs/heads/devices/laptop")
    for bad in ["", "with space", "a/b", String(repeating: "a", count: 65), "..", "x.lock", "é"] {
      #expect(throws: NoteStoreError.self, "\(bad)") { try DeviceName(bad) }
    }
  }

  @Test("the default device name comes from the host name, cleaned")
  func deviceFromHostName() {
    #expect(DeviceName.fromHostName("my-laptop.local").rawValue == "my-laptop")
    #expect(DeviceName.fromHostName("Büro PC").rawValue == "B-ro-PC")
    #expect(DeviceName.fromHostName("").rawValue == "device")
  }

  @Test("note paths give names, titles and folders")
  func notePaths() throws {
    let path = NotePath(packagePath: "Work/Plan.note")
    #expect(path.name == "Work/Plan")
    #expect(path.title == "Plan")
    #expect(path.folder == "Work")
    #expect(path.textPath == "Work/Plan.note/Text.rtf")
    #expect(try path.renamed(to: "Roadmap").path == "Work/Roadmap.note")
  }

  @Test("a taken attachment name gets the next free number before its extension")
  func attachmentNaming() {
    #expect(AttachmentNaming.unique("photo.jpg", taken: []) == "photo.jpg")
    #expect(AttachmentNaming.unique("photo.jpg", taken: ["photo.jpg"]) == "photo 2.jpg")
    #expect(AttachmentNaming.unique("photo.jpg", taken: ["photo.jpg", "photo 2.jpg"]) == "photo 3.jpg")
    #expect(AttachmentNaming.unique("README", taken: ["README"]) == "README 2")
    #expect(AttachmentNaming.unique("a.tar.gz", taken: ["a.tar.gz"]) == "a.tar 2.gz")
  }

  @Test("titles from first lines drop what names cannot hold")
  func titles() {
    #expect(NoteTitle.fromFirstLine("  Call Anna  ") == "Call Anna")
    #expect(NoteTitle.fromFirstLine("..hidden") == "hidden")
    #expect(NoteTitle.fromFirstLine("a/b") == "a-b")
    #expect(NoteTitle.fromFirstLine("   ") == nil)
    #expect((NoteTitle.fromFirstLine(String(repeating: "ü", count: 300)) ?? "").utf8.count <= 246)
  }

  @Test("suggestions are the nearest names")
  func suggestions() {
    #expect(NameSuggestions.distance("kitten", "sitting") == 3)
    #expect(NameSuggestions.nearest(to: "Shoping", among: ["Shopping", "Work", "Shipping"], maxDistance: 2) == ["Shopping", "Shipping"])
  }

  @Test("working-tree paths map to their package, except QuickLook and hidden folders")
  func packagePaths() {
    #expect(Store.packagePath(containing: "A.note/Text.rtf") == "A.note")
    #expect(Store.packagePath(containing: "Work/B.note/Attachments/x.png") == "Work/B.note")
    #expect(Store.packagePath(containing: "A.note/QuickLook/Preview.rtf") == nil)
    #expect(Store.packagePath(containing: ".notes/format") == nil)
    #expect(Store.packagePath(containing: "README.md") == nil)
  }

  @Test("media types come from content first, then the extension")
  func mediaTypes() throws {
    let types = try MediaTypes(note: "Test")
    func type(_ name: String, _ content: [UInt8]) throws -> String {
      String(describing: try types.type(of: name, content: content, note: "Test"))
    }
    #expect(try type("doc.pdf", Array("%PDF-1.7\n%\u{E2}\u{E3}\n1 0 obj\n".utf8)) == "application/pdf")
    #expect(try type("notes.md", Array("# hi\n\nSome text.\n".utf8)) == "text/markdown")
    #expect(try type("data", [0, 1, 2, 3, 0xFF, 0xFE, 0x80, 0x00]) == "application/octet-stream")
    #expect(try type("readme", Array("hello there\n".utf8)) == "text/plain")
  }

  @Test(
    "a note name may hold folders, each following a note name's rules",
    arguments: [
      ("Work/Idea", "Work/Idea.note"), ("Work/2026/Plan", "Work/2026/Plan.note"), ("Idea", "Idea.note"),
      ("Träume/夢", "Träume/夢.note"),
    ])
  func foldersInNames(_ name: String, _ path: String) throws {
    let note = try NotePath(newNoteNamed: name)
    #expect(note.path == path)
    #expect(note.name == name)
  }

  @Test(
    "a bad folder is refused with the rule it breaks",
    arguments: [
      ("Work/", "cannot end with '/'"), ("/Idea", "cannot be empty"), ("a//b", "empty part"),
      (".git/x", "start with '.'"), ("Work/.x", "start with '.'"), ("Old.note/x", "cannot end in '.note'"),
      ("tab\t/x", "control"), (String(repeating: "f", count: 256) + "/x", "at most"),
    ])
  func badFolders(_ name: String, _ reason: String) {
    do {
      _ = try NotePath(newNoteNamed: name)
      Issue.record("\(name) was accepted")
    } catch {
      #expect(error.description.contains(reason), "\(error)")
    }
  }

  @Test("moving keeps the title; the top level is the empty folder")
  func moving() throws {
    let note = try NotePath(newNoteNamed: "Work/Idea")
    #expect(try note.moved(toFolder: "").path == "Idea.note")
    #expect(try note.moved(toFolder: "Home/2026").path == "Home/2026/Idea.note")
    #expect(note.isInside(folder: "Work"))
    #expect(!note.isInside(folder: "Wor"))
    #expect(throws: NoteStoreError.self) { try note.moved(toFolder: "x.note") }
  }
}
