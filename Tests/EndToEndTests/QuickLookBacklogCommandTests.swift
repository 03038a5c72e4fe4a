import Foundation
import Testing

/// `notes save` of a big import through the built binary: it answers after a few
/// previews, says once that the rest are written in the background, and `notes gc
/// --auto` writes them.
///
/// The tests' own `gc --auto` waits as long as it takes for the store: the one the command
/// started in the background may hold it while it draws a batch, longer than the default
/// 10 s on a loaded machine.
@Suite("QuickLook backlog through the CLI")
struct QuickLookBacklogCommandTests {
  /// A store whose working tree holds `count` new packages.
  static func importedStore(_ sandbox: Sandbox, _ name: String = "store", count: Int) throws -> String {
    let store = try sandbox.makeStore(name)
    for index in 1...count {
      let folder = store + "/Import \(index).note"
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      try Data("{\\rtf1\\ansi Import \(index)\\par}".utf8).write(to: URL(fileURLWithPath: folder + "/Text.rtf"))
    }
    return store
  }

  /// A store of `count` imported notes, saved in one commit and synced to a bare
  /// remote (`remote.git` in the sandbox): the paths of both.
  static func publishedStore(_ sandbox: Sandbox, count: Int) throws -> (store: String, remote: String) {
    let store = try importedStore(sandbox, count: count)
    #expect(sandbox.notes("-C", store, "-q", "save", "-m", "Import").status == 0)
    let remote = sandbox.directory + "/remote.git"
    try #require(sandbox.git("init", "--bare", "-q", remote, in: sandbox.directory).status == 0)
    #expect(sandbox.notes("-C", store, "remote", "add", "origin", remote).status == 0)
    #expect(sandbox.notes("-C", store, "-q", "sync").status == 0)
    return (store, remote)
  }

  static func thumbnails(_ store: String, count: Int) -> Int {
    (1...count).filter { FileManager.default.fileExists(atPath: store + "/Import \($0).note/QuickLook/Thumbnail.png") }.count
  }

  @Test("a save of 40 new notes says once that 8 previews follow, and gc --auto writes them all")
  func bulkSaveThenGC() throws {
    let sandbox = try Sandbox()
    let store = try Self.importedStore(sandbox, count: 40)
    let saved = sandbox.notes("-C", store, "save", "-m", "Import")
    #expect(saved.status == 0, "\(saved.stderr)")
    let lines = saved.stderr.split(separator: "\n").filter { $0.contains("background") }
    #expect(lines == ["notes: previews of 8 notes are being written in the background"])
    let gc = sandbox.notes("-C", store, "--wait", "300", "gc", "--auto")
    #expect(gc.status == 0, "\(gc.stderr)")
    #expect(Self.thumbnails(store, count: 40) == 40)
    #expect(!FileManager.default.fileExists(atPath: store + "/.git/notes-quicklook/pending"))
    let thumbnail = sandbox.notes("-C", store, "thumbnail", "Import 40", "-o", "-")
    #expect(thumbnail.status == 0)
    #expect(thumbnail.stdoutData == FileManager.default.contents(atPath: store + "/Import 40.note/QuickLook/Thumbnail.png"))
  }

  @Test("with -q, or below the limit, a save says nothing about previews")
  func quietAndSmall() throws {
    let sandbox = try Sandbox()
    let big = try Self.importedStore(sandbox, count: 40)
    let quiet = sandbox.notes("-C", big, "-q", "save", "-m", "Import")
    #expect(quiet.status == 0)
    #expect(!quiet.stderr.contains("background"))
    let small = try Self.importedStore(sandbox, "small", count: 5)
    let few = sandbox.notes("-C", small, "save", "-m", "Import")
    #expect(few.status == 0)
    #expect(!few.stderr.contains("background"))
    #expect(Self.thumbnails(small, count: 5) == 5)
  }

  @Test("a clone of a store of 40 notes leaves 8 previews to gc --auto")
  func cloneDefers() throws {
    let sandbox = try Sandbox()
    let remote = try Self.publishedStore(sandbox, count: 40).remote
    let clone = sandbox.notes("clone", remote, "phone", "--device", "phone")
    #expect(clone.status == 0, "\(clone.stderr)")
    #expect(clone.stderr.contains("notes: previews of 8 notes are being written in the background"))
    let phone = sandbox.directory + "/phone"
    #expect(sandbox.notes("-C", phone, "--wait", "300", "gc", "--auto").status == 0)
    #expect(Self.thumbnails(phone, count: 40) == 40)
  }

  @Test("a sync that brings in notes answers without announcing previews, and gc --auto writes theirs")
  func syncDefersQuietly() throws {
    let sandbox = try Sandbox()
    let (store, remote) = try Self.publishedStore(sandbox, count: 3)
    #expect(sandbox.notes("-q", "clone", remote, "phone", "--device", "phone").status == 0)
    let phone = sandbox.directory + "/phone"
    for index in 1...3 {
      let written = sandbox.notes("-C", phone, "write", "Import \(index)", "--text", "Import \(index), from the phone")
      #expect(written.status == 0, "\(written.stderr)")
    }
    #expect(sandbox.notes("-C", phone, "-q", "sync").status == 0)
    let synced = sandbox.notes("-C", store, "sync")
    #expect(synced.status == 0, "\(synced.stderr)")
    #expect(!synced.stderr.contains("background"))
    #expect(sandbox.notes("-C", store, "--wait", "300", "gc", "--auto").status == 0)
    #expect(!FileManager.default.fileExists(atPath: store + "/.git/notes-quicklook/pending"))
    for index in 1...3 {
      let thumbnail = sandbox.notes("-C", store, "thumbnail", "Import \(index)", "-o", "-")
      #expect(thumbnail.status == 0)
      #expect(
        thumbnail.stdoutData == FileManager.default.contents(atPath: store + "/Import \(index).note/QuickLook/Thumbnail.png"),
        "Import \(index)")
    }
  }
}
