import Foundation
import Testing

/// `notes list` trusts the index's stat data to find hand edits; these pin the status
/// column for the cases that stat data alone must get right.
@Suite("list statuses from the working tree")
struct ListStatusTests {
  /// Each listed note's status by name.
  static func statuses(_ sandbox: Sandbox, _ store: String) throws -> [String: String] {
    let list = sandbox.notes("-C", store, "list", "--json")
    try #require(list.status == 0, "list failed: \(list.stderr)")
    let notes = try #require(try JSONSerialization.jsonObject(with: list.stdoutData) as? [[String: Any]])
    var statuses: [String: String] = [:]
    for note in notes {
      if let name = note["name"] as? String { statuses[name] = note["status"] as? String }
    }
    return statuses
  }

  @Test("a same-size edit in place and a file dropped into a package are modified; the others stay current")
  func handEdits() throws {
    let sandbox = try Sandbox()
    let store = try sandbox.makeStore()
    for name in ["Same", "Dropped", "Untouched"] {
      try #require(sandbox.notes("-C", store, "new", name, "--text", "body").status == 0)
    }
    #expect(try Self.statuses(sandbox, store) == ["Same": "current", "Dropped": "current", "Untouched": "current"])

    // Same length, other bytes: only the time and the content tell it apart.
    let body = store + "/Same.note/Text.rtf"
    var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: body)))
    let last = try #require(bytes.lastIndex(of: UInt8(ascii: "y")))
    bytes[last] = UInt8(ascii: "Y")
    try Data(bytes).write(to: URL(fileURLWithPath: body))
    try Data("by hand".utf8).write(to: URL(fileURLWithPath: store + "/Dropped.note/extra.txt"))

    let statuses = try Self.statuses(sandbox, store)
    #expect(statuses == ["Same": "modified", "Dropped": "modified", "Untouched": "current"])
  }

  @Test("a touched but unchanged note is current, and list refreshes its stat data in the index")
  func touchedIsCurrent() throws {
    let sandbox = try Sandbox()
    let store = try sandbox.makeStore()
    try #require(sandbox.notes("-C", store, "new", "Touched", "--text", "body").status == 0)
    let body = store + "/Touched.note/Text.rtf"
    let earlier = Date().addingTimeInterval(-100)
    try FileManager.default.setAttributes([.modificationDate: earlier], ofItemAtPath: body)
    #expect(!sandbox.git("diff-files", "--name-only", in: store).stdout.isEmpty, "git sees stale stat data")

    #expect(try Self.statuses(sandbox, store) == ["Touched": "current"])
    // git trusts the refreshed entry: its own diff-files no longer lists the file.
    #expect(sandbox.git("diff-files", "--name-only", in: store).stdout.isEmpty)
    #expect(try Self.statuses(sandbox, store) == ["Touched": "current"])
  }

  @Test("a package made by hand is not listed until it is saved; status reports it")
  func newByHand() throws {
    let sandbox = try Sandbox()
    let store = try sandbox.makeStore()
    try #require(sandbox.notes("-C", store, "new", "Kept", "--text", "body").status == 0)
    try FileManager.default.createDirectory(atPath: store + "/Hand.note", withIntermediateDirectories: true)
    let rtf = "{\\rtf1\\ansi\\ansicpg1252\\cocoartf2761\n{\\fonttbl\\f0\\fswiss\\fcharset0 Helvetica;}\n\\f0\\fs24 by hand}"
    try rtf.write(toFile: store + "/Hand.note/Text.rtf", atomically: true, encoding: .utf8)

    #expect(try Self.statuses(sandbox, store) == ["Kept": "current"])
    #expect(sandbox.notes("-C", store, "status").stdout.contains("Hand"))
    #expect(sandbox.notes("-C", store, "save").status == 0)
    #expect(try Self.statuses(sandbox, store) == ["Kept": "current", "Hand": "current"])
  }
}
