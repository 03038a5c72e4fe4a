import Foundation
import Testing

@Suite("History commands")
struct HistoryCommandsTests {
  @Test("log, diff, blame, deleted, restore and undo through the binary")
  func historyCommands() throws {
    let sandbox = try Sandbox()
    let store = try sandbox.makeStore()
    #expect(sandbox.notes("-C", store, "new", "Shopping", "--text", "Milk\nEggs").status == 0)
    #expect(sandbox.notes("-C", store, "write", "Shopping", "--text", "Oat milk\nEggs").status == 0)
    #expect(sandbox.notes("-C", store, "rename", "Shopping", "Groceries").status == 0)

    let log = sandbox.notes("-C", store, "log", "Groceries", "--json")
    #expect(log.status == 0)
    let entries = try #require(try JSONSerialization.jsonObject(with: Data(log.stdout.utf8)) as? [[String: Any]])
    #expect(entries.map { $0["change"] as? String } == ["renamed", "edited", "created"])
    #expect(entries.first?["from"] as? String == "Shopping")
    #expect(entries.allSatisfy { $0["device"] as? String == "laptop" && ($0["commit"] as? String)?.count == 40 })

    let diff = sandbox.notes("-C", store, "diff", "Groceries")
    #expect(diff.status == 0)
    #expect(diff.stdout.contains("[-Milk-]{+Oat milk+}"))
    #expect(!diff.stdout.contains("\u{1B}["))

    let blame = sandbox.notes("-C", store, "blame", "Groceries", "--json")
    let paragraphs = try #require(try JSONSerialization.jsonObject(with: Data(blame.stdout.utf8)) as? [[String: Any]])
    #expect(paragraphs.map { $0["text"] as? String } == ["Oat milk", "Eggs"])

    #expect(sandbox.notes("-C", store, "delete", "Groceries").status == 0)
    let deleted = sandbox.notes("-C", store, "deleted", "--json")
    #expect(deleted.stdout.contains("\"note\": \"Groceries\""))
    #expect(sandbox.notes("-C", store, "log", "Groceries").stdout.contains("deleted"))
    // A new note of the name stands in the way, and the error says so.
    #expect(sandbox.notes("-C", store, "new", "Groceries", "--text", "new").status == 0)
    let blocked = sandbox.notes("-C", store, "restore", "--deleted", "Groceries")
    #expect(blocked.status != 0)
    #expect(blocked.stderr.contains("a note named \"Groceries\" exists already"), "\(blocked.stderr)")
    #expect(sandbox.notes("-C", store, "delete", "Groceries").status == 0)
    #expect(sandbox.notes("-C", store, "restore", "--deleted", "Groceries").status == 0)
    #expect(sandbox.notes("-C", store, "show", "Groceries").stdout == "new\n")
    #expect(sandbox.notes("-C", store, "write", "Groceries", "--text", "Oat milk\nEggs").status == 0)

    #expect(sandbox.notes("-C", store, "write", "Groceries", "--text", "Bread").status == 0)
    #expect(sandbox.notes("-C", store, "undo", "Groceries").status == 0)
    #expect(sandbox.notes("-C", store, "show", "Groceries").stdout == "Oat milk\nEggs\n")
    #expect(sandbox.notes("-C", store, "undo", "Groceries").status == 0)
    #expect(sandbox.notes("-C", store, "show", "Groceries").stdout == "Bread\n")

    #expect(sandbox.notes("-C", store, "show", "Groceries", "--at", "now").stdout == "Bread\n")
    let bad = sandbox.notes("-C", store, "log", "--since", "someday")
    #expect(bad.status == 2)
    #expect(bad.stdout.isEmpty)
  }

  @Test("the index is rebuilt when deleted, and the log stays the same")
  func indexRebuild() throws {
    let sandbox = try Sandbox()
    let store = try sandbox.makeStore()
    #expect(sandbox.notes("-C", store, "new", "A", "--text", "a").status == 0)
    #expect(sandbox.notes("-C", store, "new", "B", "--text", "b").status == 0)
    let before = sandbox.notes("-C", store, "log", "--json").stdout
    try? FileManager.default.removeItem(atPath: store + "/.git/notes-history.idx")
    try? FileManager.default.removeItem(atPath: store + "/.git/notes-history.delta")
    #expect(sandbox.notes("-C", store, "log", "--json").stdout == before)
    #expect(FileManager.default.fileExists(atPath: store + "/.git/notes-history.idx"))
  }
}
