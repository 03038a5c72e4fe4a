import Foundation
import Testing

@testable import NoteStore

/// Which earlier refusals a run replaces: what it checked again, and nothing else.
@Suite("Record of refused changes")
struct RefusalRecordTests {
  struct UpdateCase: Sendable, CustomTestStringConvertible {
    var testDescription: String
    /// Earlier refusals, as "device@remote:rule".
    var earlier: [String]
    var found: [String]
    var fetched: Set<String>
    var merged: Set<String>
    var configured: Set<String> = ["origin", "backup"]
    var expected: [String]
  }

  static let cases: [UpdateCase] = [
    UpdateCase(
      testDescription: "a sync that fetched the remote and no longer finds the device clears it",
      earlier: ["evil@origin:hasDotdot"], found: [], fetched: ["origin"], merged: ["origin"], expected: []),
    UpdateCase(
      testDescription: "a sync that finds the device again keeps one entry, the new one",
      earlier: ["evil@origin:hasDotdot"], found: ["evil@origin:badFilemode"], fetched: ["origin"], merged: ["origin"],
      expected: ["evil@origin:badFilemode"]),
    UpdateCase(
      testDescription: "a remote the sync could not fetch keeps its tree refusals",
      earlier: ["evil@origin:hasDotdot"], found: [], fetched: [], merged: ["origin"],
      expected: ["evil@origin:hasDotdot"]),
    UpdateCase(
      testDescription: "a sync of one remote leaves another remote's refusals alone",
      earlier: ["evil@backup:hasDotdot", "evil@origin:hasDotdot"], found: [], fetched: ["origin"], merged: ["origin"],
      expected: ["evil@backup:hasDotdot"]),
    UpdateCase(
      testDescription: "a fetch checks trees again but leaves mass deletes as the last sync found them",
      earlier: ["big@origin:massDelete", "evil@origin:hasDotdot"], found: [], fetched: ["origin"], merged: [],
      expected: ["big@origin:massDelete"]),
    UpdateCase(
      testDescription: "a sync judges the mass deletes of a remote it merged even when its fetch failed",
      earlier: ["big@origin:massDelete"], found: [], fetched: [], merged: ["origin"], expected: []),
    UpdateCase(
      testDescription: "the refusals of a remote the store no longer has are dropped",
      earlier: ["evil@gone:hasDotdot"], found: [], fetched: [], merged: [], expected: []),
  ]

  private static func change(_ spec: String) -> RejectedChange {
    let device = String(spec.prefix { $0 != "@" })
    let rest = spec.dropFirst(device.count + 1)
    let remote = String(rest.prefix { $0 != ":" })
    let rule = String(rest.dropFirst(remote.count + 1))
    return RejectedChange(device: device, remote: remote, commit: "c", path: "", rule: rule, reason: "r")
  }

  private static func spec(_ change: RejectedChange) -> String {
    "\(change.device)@\(change.remote):\(change.rule)"
  }

  @Test(arguments: cases)
  func update(_ testCase: UpdateCase) throws {
    let directory = try TemporaryDirectory()
    let record = RefusalRecord(gitDirectory: directory.path)
    try record.replace(with: testCase.earlier.map(Self.change))
    try record.update(
      found: testCase.found.map(Self.change),
      check: RefusalCheck(fetched: testCase.fetched, merged: testCase.merged, configured: testCase.configured))
    #expect(try record.refused().map(Self.spec).sorted() == testCase.expected)
    #expect(FileManager.default.fileExists(atPath: record.path) == !testCase.expected.isEmpty)
  }

  @Test("a record that does not parse is an error that says how to get a new one, and the next update replaces it")
  func damaged() throws {
    let directory = try TemporaryDirectory()
    let record = RefusalRecord(gitDirectory: directory.path)
    try directory.write("notes-refused.json", Array(#"{"version":1,"refused":[{"device":"#.utf8))
    #expect {
      try record.refused()
    } throws: { error in
      "\(error)".contains("notes-refused.json") && "\(error)".contains("`notes sync`")
    }
    try record.update(
      found: [Self.change("evil@origin:hasDot")],
      check: RefusalCheck(fetched: ["origin"], merged: ["origin"], configured: ["origin"]))
    #expect(try record.refused().map(Self.spec) == ["evil@origin:hasDot"])
  }
}
