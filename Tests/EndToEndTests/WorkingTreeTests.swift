import Foundation
import Testing

@Suite("Hand edits in the working tree")
struct WorkingTreeTests {
  @Test("status shows hand edits per note and save commits them in one commit")
  func statusAndSave() throws {
    let sandbox = try Sandbox()
    let store = try sandbox.makeStore()
    sandbox.notes("-C", store, "new", "A", "--text", "one")
    sandbox.notes("-C", store, "new", "B", "--text", "two")
    let rtf = "{\\rtf1\\ansi\\ansicpg1252\\cocoartf2761\n{\\fonttbl\\f0\\fswiss\\fcharset0 Helvetica;}\n\\f0\\fs24 changed by hand}"
    try rtf.write(toFile: store + "/A.note/Text.rtf", atomically: true, encoding: .utf8)
    try FileManager.default.removeItem(atPath: store + "/B.note")
    try FileManager.default.createDirectory(atPath: store + "/C.note", withIntermediateDirectories: true)
    try rtf.write(toFile: store + "/C.note/Text.rtf", atomically: true, encoding: .utf8)

    let status = sandbox.notes("-C", store, "status", "--json")
    let report = try #require(try JSONSerialization.jsonObject(with: status.stdoutData) as? [String: Any])
    #expect(report["device"] as? String == "laptop")
    let unsaved = try #require(report["unsaved"] as? [[String: Any]])
    #expect(unsaved.map { $0["note"] as? String } == ["A", "B", "C"])
    #expect(unsaved.map { $0["kind"] as? String } == ["modified", "deleted", "created"])

    let list = sandbox.notes("-C", store, "list", "--json").stdoutData
    let notes = try #require(try JSONSerialization.jsonObject(with: list) as? [[String: Any]])
    #expect(notes.first { $0["name"] as? String == "A" }?["status"] as? String == "modified")

    let refused = sandbox.notes("-C", store, "write", "A", "--text", "other")
    #expect(refused.status == 1)
    #expect(refused.stderr.contains("unsaved changes"))

    #expect(sandbox.notes("-C", store, "save").status == 0)
    #expect(sandbox.subjects(store).first == "Save changes to 3 notes")
    #expect(sandbox.git("status", "--porcelain", in: store).stdout.isEmpty)
    #expect(sandbox.notes("-C", store, "show", "A").stdout == "changed by hand\n")
    #expect(sandbox.notes("-C", store, "show", "C").stdout == "changed by hand\n")
    #expect(sandbox.notes("-C", store, "show", "B").status == 1)
    #expect(sandbox.notes("-C", store, "save").stderr.contains("Nothing to save"))
  }

  @Test("save refuses a hand-edited body that is not RTF, names the note and commits nothing")
  func saveRefusesBrokenBody() throws {
    let sandbox = try Sandbox()
    let store = try sandbox.makeStore()
    sandbox.notes("-C", store, "new", "Diary", "--text", "entry")
    try "not rtf at all".write(toFile: store + "/Diary.note/Text.rtf", atomically: true, encoding: .utf8)
    let head = sandbox.head(store)
    let result = sandbox.notes("-C", store, "save", "-m", "Oops")
    #expect(result.status == 1)
    #expect(result.stderr.contains("\"Diary\""))
    #expect(sandbox.head(store) == head)
  }

  @Test("verify passes a healthy store and names each broken note")
  func verify() throws {
    let sandbox = try Sandbox()
    let store = try sandbox.makeStore()
    sandbox.notes("-C", store, "new", "Good", "--text", "fine")
    #expect(sandbox.notes("-C", store, "verify").status == 0)
    // Commit a broken body behind notes' back, with the git CLI.
    try FileManager.default.createDirectory(atPath: store + "/Broken.note", withIntermediateDirectories: true)
    try "garbage".write(toFile: store + "/Broken.note/Text.rtf", atomically: true, encoding: .utf8)
    try FileManager.default.createDirectory(atPath: store + "/Empty.note/Attachments", withIntermediateDirectories: true)
    try "x".write(toFile: store + "/Empty.note/Attachments/a.txt", atomically: true, encoding: .utf8)
    sandbox.git("add", "-A", in: store)
    sandbox.git("commit", "-qm", "broken by hand", in: store)
    let result = sandbox.notes("-C", store, "verify", "--json")
    #expect(result.status == 1)
    let report = try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any])
    #expect(report["ok"] as? Bool == false)
    let problems = try #require(report["problems"] as? [[String: String]])
    #expect(problems.contains { $0["note"] == "Broken" && ($0["problem"] ?? "").contains("RTF") })
    #expect(problems.contains { $0["note"] == "Empty" && ($0["problem"] ?? "").contains("no Text.rtf") })
    #expect(!problems.contains { $0["note"] == "Good" })
  }

  @Test("gc packs loose objects and the store stays valid")
  func gc() throws {
    let sandbox = try Sandbox()
    let store = try sandbox.makeStore()
    for index in 0..<5 { sandbox.notes("-C", store, "new", "N\(index)", "--text", "body \(index)") }
    #expect(sandbox.notes("-C", store, "gc").status == 0)
    let counts = sandbox.git("count-objects", "-v", in: store).stdout
    #expect(counts.contains("count: 0\n"))
    #expect(counts.contains("packs: 1\n"))
    #expect(sandbox.git("fsck", "--strict", in: store).status == 0)
    #expect(sandbox.notes("-C", store, "list").stdout.contains("N4"))
  }
}
