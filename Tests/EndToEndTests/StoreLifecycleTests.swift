import Foundation
import Testing

@Suite("A local store, end to end")
struct StoreLifecycleTests {
  @Test("init makes an ordinary git repository on the device branch that git fsck accepts")
  func initMakesAStore() throws {
    let sandbox = try Sandbox()
    let result = sandbox.notes("init", "store", "--device", "laptop")
    #expect(result.status == 0)
    #expect(result.stdout.isEmpty, "a message, not data: it goes to stderr")
    #expect(result.stderr.contains("device laptop"))
    let store = sandbox.directory + "/store"
    #expect(sandbox.git("symbolic-ref", "HEAD", in: store).stdout == "refs/heads/devices/laptop\n")
    #expect(sandbox.git("fsck", "--strict", in: store).status == 0)
    #expect(sandbox.git("show", "HEAD:.notes/format", in: store).stdout == "1\n")
    #expect(sandbox.git("show", "HEAD:.gitattributes", in: store).stdout.contains("*.rtf merge=notes-rtf diff=notes-rtf"))
    #expect(sandbox.git("status", "--porcelain", in: store).stdout.isEmpty)
    #expect(sandbox.subjects(store) == ["Create store"])
  }

  @Test("init refuses a directory that already holds a store, and changes nothing")
  func initRefusesExistingStore() throws {
    let sandbox = try Sandbox()
    let store = try sandbox.makeStore()
    let before = sandbox.head(store)
    let again = sandbox.notes("init", "store", "--device", "other")
    #expect(again.status == 1)
    #expect(again.stderr.contains("already exists"))
    #expect(sandbox.head(store) == before)
  }

  @Test("a tour: create, edit, attach, rename, delete — one commit each, with the messages that say what changed")
  func tour() throws {
    let sandbox = try Sandbox()
    let store = try sandbox.makeStore()
    #expect(sandbox.notes("-C", store, "new", "Shopping", "--text", "Milk\nEggs").stdout == "Shopping\n")
    #expect(sandbox.notes("-C", store, "write", "Shopping", "--text", "Milk\nEggs\nBread").status == 0)
    let receipt = try sandbox.writeFile("receipt.jpg", Data([0xFF, 0xD8, 0xFF, 0xE0, 1, 2, 3]))
    #expect(sandbox.notes("-C", store, "attach", "Shopping", receipt).stdout == "receipt.jpg\n")
    #expect(sandbox.notes("-C", store, "detach", "Shopping", "receipt.jpg").status == 0)
    #expect(sandbox.notes("-C", store, "rename", "Shopping", "Groceries").status == 0)
    #expect(sandbox.notes("-C", store, "delete", "Groceries").status == 0)
    #expect(
      sandbox.subjects(store) == [
        "Delete Groceries", "Rename Shopping to Groceries", "Detach receipt.jpg from Shopping",
        "Attach receipt.jpg to Shopping", "Edit Shopping", "Create Shopping", "Create store",
      ])
    #expect(sandbox.git("fsck", "--strict", in: store).status == 0)
    #expect(sandbox.git("status", "--porcelain", in: store).stdout.isEmpty)
    let trailers = sandbox.git("log", "-1", "--format=%an <%ae>|%(trailers:key=Device,valueonly)", "HEAD~1", in: store).stdout
    #expect(trailers.hasPrefix("Test User <test@example.com>|laptop"))
  }

  @Test("the working tree holds the package files after each change")
  func workingTreeFollowsCommits() throws {
    let sandbox = try Sandbox()
    let store = try sandbox.makeStore()
    sandbox.notes("-C", store, "new", "Plan", "--text", "Step one")
    let text = try String(contentsOfFile: store + "/Plan.note/Text.rtf", encoding: .utf8)
    #expect(text.hasPrefix("{\\rtf1\\ansi\\ansicpg1252\\cocoartf"))
    #expect(text.contains("Step one"))
    sandbox.notes("-C", store, "rename", "Plan", "Roadmap")
    #expect(!FileManager.default.fileExists(atPath: store + "/Plan.note"))
    #expect(FileManager.default.fileExists(atPath: store + "/Roadmap.note/Text.rtf"))
    sandbox.notes("-C", store, "delete", "Roadmap")
    #expect(!FileManager.default.fileExists(atPath: store + "/Roadmap.note/Text.rtf"))
  }

  @Test("the store is found through -C, NOTES_STORE or the enclosing directory")
  func storeSelection() throws {
    let sandbox = try Sandbox()
    let store = try sandbox.makeStore()
    sandbox.notes("-C", store, "new", "A", "--text", "x")
    try FileManager.default.createDirectory(atPath: store + "/Folder", withIntermediateDirectories: true)
    #expect(sandbox.notes("list", in: store + "/Folder").stdout.contains("A"))
    #expect(sandbox.notes(["list"], environment: ["NOTES_STORE": store]).stdout.contains("A"))
    #expect(sandbox.notes("list", "-C", store).stdout.contains("A"))
    let none = sandbox.notes("list")
    #expect(none.status == 1)
    #expect(none.stderr.contains("no notes store"))
    #expect(none.stdout.isEmpty)
  }
}
