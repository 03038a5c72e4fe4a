import Foundation
import Git
import RichText
import Testing

@testable import NoteStore

@Suite("Store")
struct StoreTests {
  static func makeStore(_ directory: TemporaryDirectory, device: String = "laptop") throws -> Store {
    try Store.create(at: directory.path + "/store", device: try DeviceName(device))
  }

  @Test("a new store checks out its device branch and records its format")
  func create() throws {
    let directory = try TemporaryDirectory()
    let store = try Self.makeStore(directory)
    let repository = try Repository.open(at: store.root)
    #expect(try repository.headReferenceName() == "refs/heads/devices/laptop")
    #expect(try repository.configString("notes.device") == "laptop")
    #expect(try store.notes().isEmpty)
    let reopened = try Store.open(at: store.root)
    #expect(reopened.device.rawValue == "laptop")
  }

  @Test("opening a plain git repository or an empty folder says what is wrong")
  func openErrors() throws {
    let directory = try TemporaryDirectory()
    #expect(throws: NoteStoreError.self) { try Store.open(at: directory.path) }
    _ = try Repository.create(at: directory.path + "/plain", initialBranch: "main")
    do {
      _ = try Store.open(at: directory.path + "/plain")
      Issue.record("opened a repository without notes.device")
    } catch let error as NoteStoreError {
      #expect(error.description.contains("notes.device"))
    }
  }

  @Test("every write is one commit with a message that says what changed")
  func oneCommitPerWrite() throws {
    let directory = try TemporaryDirectory()
    let store = try Self.makeStore(directory)
    let repository = try Repository.open(at: store.root)
    let note = try store.createNote(title: "Shopping", content: .plainText("Milk"))
    let file = try directory.write("receipt.jpg", [0xFF, 0xD8, 0xFF, 1])
    try store.attach(files: [file], to: note)
    let renamed = try store.renameNote(note, to: "Groceries")
    try store.deleteNote(renamed)
    let commits = try repository.commits(from: [try #require(try repository.referenceTarget("HEAD"))])
    let summaries = try commits.map { try repository.commit($0).summary }
    #expect(
      summaries == [
        "Delete Groceries", "Rename Shopping to Groceries", "Attach receipt.jpg to Shopping", "Create Shopping",
        "Create store",
      ])
    let last = try repository.commit(commits[0])
    #expect(last.trailers.contains(Trailer(key: "Device", value: "laptop")))
  }

  @Test("a body whose text and formatting did not change is never rewritten")
  func unchangedBodyNotRewritten() throws {
    let directory = try TemporaryDirectory()
    let store = try Self.makeStore(directory)
    let note = try store.createNote(title: "A", content: .plainText("same"))
    let head = try store.headCommit()
    #expect(try store.writeBody(of: note, content: .plainText("same")) == false)
    #expect(try store.writeBody(of: note, content: .attributed(try store.body(of: note))) == false)
    #expect(try store.headCommit() == head)
    #expect(try store.writeBody(of: note, content: .plainText("different")) == true)
    #expect(try store.headCommit() != head)
  }

  @Test("notes are listed newest change first, with the device and attachment count")
  func listing() throws {
    let directory = try TemporaryDirectory()
    let store = try Self.makeStore(directory)
    let first = try store.createNote(title: "First", content: .plainText("1"))
    _ = try store.createNote(title: "Second", content: .plainText("2"))
    Thread.sleep(forTimeInterval: 1.1)
    try store.writeBody(of: first, content: .plainText("1 again"))
    let notes = try store.notes()
    #expect(notes.map(\.name) == ["First", "Second"])
    #expect(notes.allSatisfy { $0.device == "laptop" && $0.status == .current && $0.attachments == 0 })
  }

  @Test("a rename that would overwrite another note is refused")
  func renameCollision() throws {
    let directory = try TemporaryDirectory()
    let store = try Self.makeStore(directory)
    let a = try store.createNote(title: "A", content: .plainText("a"))
    _ = try store.createNote(title: "B", content: .plainText("b"))
    #expect(throws: NoteStoreError.self) { try store.renameNote(a, to: "B") }
    #expect(try store.body(of: try store.resolveNote("B")).plainText == "b")
  }

  @Test("a name that differs from another note's only in case is refused to new, import, rename, move and restore; a note may change its own name's case")
  func namesDifferingOnlyInCase() throws {
    let directory = try TemporaryDirectory()
    let store = try Self.makeStore(directory)
    let shopping = try store.createNote(title: "Shopping", content: .plainText("milk"))
    _ = try store.createNote(title: "Work/Plan", content: .plainText("plan"))
    let draft = try store.createNote(title: "Draft", content: .plainText("draft"))
    func refusedAsTwin(of existing: String, _ change: () throws -> Void) {
      do {
        try change()
        Issue.record("not refused: a twin of \(existing)")
      } catch NoteStoreError.noteNameDiffersOnlyInCase(_, let twin) {
        #expect(twin == existing)
      } catch {
        Issue.record("refused for another reason: \(error)")
      }
    }
    let head = try store.headCommit()
    refusedAsTwin(of: "Shopping") { _ = try store.createNote(title: "shopping", content: .plainText("x")) }
    refusedAsTwin(of: "Work/Plan") { _ = try store.createNote(title: "work/PLAN", content: .plainText("x")) }
    refusedAsTwin(of: "Shopping") { _ = try store.importNotes([("Other", .plainText("o")), ("SHOPPING", .plainText("x"))]) }
    refusedAsTwin(of: "Idea") { _ = try store.importNotes([("Idea", .plainText("i")), ("idea", .plainText("x"))]) }
    refusedAsTwin(of: "Shopping") { _ = try store.renameNote(draft, to: "shopping") }
    refusedAsTwin(of: "Work/Plan") { _ = try store.moveNote(shopping, to: try NotePath(newNoteNamed: "Work/plan")) }
    #expect(try store.headCommit() == head, "nothing was committed")
    #expect(FileManager.default.fileExists(atPath: store.root + "/Shopping.note/Text.rtf"))
    #expect(!FileManager.default.fileExists(atPath: store.root + "/shopping.note"))

    // A note's own name in another case is its own: allowed, as macOS renames it.
    let renamed = try store.renameNote(shopping, to: "SHOPPING")
    #expect(try store.notes().map(\.name).sorted() == ["Draft", "SHOPPING", "Work/Plan"])
    // Auto-naming skips a twin: "shopping" from the first line becomes "shopping 2".
    #expect(try store.createNote(title: nil, content: .plainText("shopping\nmore")).name == "shopping 2")

    // restore --deleted of a note whose twin is in the store now.
    try store.deleteNote(renamed)
    _ = try store.createNote(title: "Shopping", content: .plainText("new"))
    refusedAsTwin(of: "Shopping") { _ = try store.restoreDeleted("SHOPPING") }
  }

  @Test("an interrupted checkout is finished by the next writer")
  func interruptedCheckoutRecovers() throws {
    let directory = try TemporaryDirectory()
    let store = try Self.makeStore(directory)
    let note = try store.createNote(title: "A", content: .plainText("one"))
    // Simulate a writer killed after moving the branch but before the checkout:
    // the working tree holds the old body and the journal names the package.
    try store.writeBody(of: note, content: .plainText("two"))
    let committed = try String(contentsOfFile: store.root + "/A.note/Text.rtf", encoding: .utf8)
    try committed.replacingOccurrences(of: "two", with: "one").write(
      toFile: store.root + "/A.note/Text.rtf", atomically: true, encoding: .utf8)
    try Data("A.note".utf8).write(to: URL(fileURLWithPath: store.gitDirectory + "/notes-checkout"))
    try store.withWriteLock {}
    #expect(try String(contentsOfFile: store.root + "/A.note/Text.rtf", encoding: .utf8) == committed)
    #expect(try store.unsavedChanges().isEmpty)
    #expect(!FileManager.default.fileExists(atPath: store.gitDirectory + "/notes-checkout"))
  }

  @Test("lock files a killed writer left are cleared by the next writer; older ones, plain git's, are not")
  func staleLocksCleared() throws {
    let directory = try TemporaryDirectory()
    let store = try Self.makeStore(directory)
    // Plain git's lock from before (git config, live or dead), then a notes writer killed
    // while it held the store lock: its mark, and the lock files it made.
    let foreign = store.gitDirectory + "/config.lock"
    try Data().write(to: URL(fileURLWithPath: foreign))
    try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-60)], ofItemAtPath: foreign)
    let mark = store.gitDirectory + "/notes-writer"
    try Data().write(to: URL(fileURLWithPath: mark))
    try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-30)], ofItemAtPath: mark)
    let stale = [store.gitDirectory + "/refs/heads/devices/laptop.lock", store.gitDirectory + "/index.lock"]
    for path in stale { try Data().write(to: URL(fileURLWithPath: path)) }
    _ = try store.createNote(title: "After", content: .plainText("x"))
    for path in stale { #expect(!FileManager.default.fileExists(atPath: path), "\(path)") }
    #expect(FileManager.default.fileExists(atPath: foreign), "plain git's lock is not notes' to remove")
    #expect(!FileManager.default.fileExists(atPath: mark), "the writer's mark goes when it finishes")
  }

  /// A notes command can run while plain git works in the same store: without a killed
  /// writer before it, every lock file is someone else's.
  @Test("without a killed writer before it, a writer leaves every git lock file alone, and a lock in its way is an error naming it")
  func liveGitLocksKept() throws {
    let directory = try TemporaryDirectory()
    let store = try Self.makeStore(directory)
    let locks = ["config.lock", "packed-refs.lock"].map { store.gitDirectory + "/" + $0 }
    for path in locks { try Data().write(to: URL(fileURLWithPath: path)) }
    _ = try store.createNote(title: "Beside git", content: .plainText("x"))
    for path in locks { #expect(FileManager.default.fileExists(atPath: path), "\(path)") }
    #expect(!FileManager.default.fileExists(atPath: store.gitDirectory + "/notes-writer"))
    let branchLock = store.gitDirectory + "/refs/heads/devices/laptop.lock"
    try Data().write(to: URL(fileURLWithPath: branchLock))
    #expect {
      _ = try store.createNote(title: "Blocked", content: .plainText("y"))
    } throws: { error in
      let message = "\(error)"
      return message.contains("laptop.lock") && message.contains("another git process holds that lock file")
    }
    #expect(FileManager.default.fileExists(atPath: branchLock))
    try FileManager.default.removeItem(atPath: branchLock)
    _ = try store.createNote(title: "Blocked", content: .plainText("y"))
  }

  @Test("packing leaves no loose reachable objects and keeps every note readable")
  func packing() throws {
    let directory = try TemporaryDirectory()
    let store = try Self.makeStore(directory)
    for index in 0..<10 { _ = try store.createNote(title: "N\(index)", content: .plainText("body \(index)")) }
    let report = try store.packObjects()
    #expect(report.looseObjectsBefore > 30)
    #expect(report.looseObjectsAfter == 0)
    #expect(try store.notes().count == 10)
    #expect(try store.body(of: try store.resolveNote("N7")).plainText == "body 7")
  }

  @Test("writes pack automatically once loose objects pass the threshold")
  func autoPack() throws {
    let directory = try TemporaryDirectory()
    let store = try Self.makeStore(directory)
    store.autoPackThreshold = 20
    for index in 0..<8 { _ = try store.createNote(title: "N\(index)", content: .plainText("\(index)")) }
    let statistics = try Repository.open(at: store.root).packStatistics()
    #expect(statistics.packs >= 1)
    #expect(statistics.looseObjects < 20)
  }

  @Test("objects no reference reaches, which packing leaves loose, never make the automatic pack due again")
  func leftoverNotCounted() throws {
    let directory = try TemporaryDirectory()
    let store = try Self.makeStore(directory)
    _ = try store.createNote(title: "N", content: .plainText("body"))
    // What a write that failed leaves: objects no commit reaches, 600 KB of them.
    let repository = try Repository.open(at: store.root)
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<3 {
      _ = try repository.createBlob((0..<200_000).map { _ in UInt8.random(in: 0...255, using: &generator) })
    }
    #expect(try store.autoPackIsDue())
    let report = try store.packObjects()
    #expect(report.looseObjectsAfter == 3)
    #expect(try !store.autoPackIsDue(), "the three blobs cannot be packed: counting them would pack after every write")
    #expect(PackLeftover.read(at: PackLeftover.path(gitDirectory: store.gitDirectory)).objects == 3)
    // Once plain git pruned them, the record names more than there is and is ignored.
    let garbage = try FileManager.default.subpathsOfDirectory(atPath: store.gitDirectory + "/objects")
      .filter { $0.count == 41 && $0.dropFirst(2).first == "/" }
    #expect(garbage.count == 3)
    for path in garbage { try FileManager.default.removeItem(atPath: store.gitDirectory + "/objects/" + path) }
    store.autoPackThreshold = 2
    for index in 0..<2 { _ = try repository.createBlob(Array("new \(index)".utf8)) }
    #expect(try store.autoPackIsDue())
    _ = try store.packObjects()
    // New loose objects still count.
    store.autoPackThreshold = 5
    for index in 0..<3 { _ = try store.createNote(title: "M\(index)", content: .plainText("\(index)")) }
    #expect(try Repository.open(at: store.root).packStatistics().looseObjects <= 3 + 5)
  }

  @Test("a damaged pack leftover record counts as nothing left")
  func damagedLeftoverRecord() throws {
    let directory = try TemporaryDirectory()
    let path = directory.path + "/leftover"
    try PackLeftover(objects: 4, bytes: 1_000).write(to: path)
    #expect(PackLeftover.read(at: path) == PackLeftover(objects: 4, bytes: 1_000))
    for damaged in ["NSPL01\n-1 5\n", "NSPL02\n4 1000\n", "NSPL01\n4\n", ""] {
      try Data(damaged.utf8).write(to: URL(fileURLWithPath: path))
      #expect(PackLeftover.read(at: path) == PackLeftover(objects: 0, bytes: 0), "\(damaged)")
    }
    try PackLeftover(objects: 0, bytes: 0).write(to: path)
    #expect(!FileManager.default.fileExists(atPath: path))
  }
}
