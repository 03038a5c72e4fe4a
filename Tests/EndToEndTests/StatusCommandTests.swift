import Foundation
import Testing

/// `notes status` shows conflicts and what is ahead or incoming, and its text and JSON say
/// the same; `sync --dry-run` says what it would do.
@Suite("Status")
struct StatusCommandTests {
  private func json(_ result: RunResult) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any], "\(result.stderr)")
  }

  /// Every remote line of the text says "up to date" exactly when the JSON entry does.
  private func expectAgreement(_ text: String, _ report: [String: Any]) throws {
    let remotes = try #require(report["remotes"] as? [[String: Any]])
    for remote in remotes {
      let name = try #require(remote["remote"] as? String)
      let device = (remote["thisDevice"] as? Bool == true) ? "this device" : try #require(remote["device"] as? String)
      let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("\(name)/\(device):") })
      #expect(line.hasSuffix("up to date") == (remote["upToDate"] as? Bool == true), "\(line) vs \(remote)")
    }
  }

  @Test("ahead, incoming, new and conflicts appear in both the text and the JSON")
  func aheadIncomingAndConflicts() throws {
    let sandbox = try Sandbox()
    let remote = sandbox.directory + "/remote.git"
    #expect(sandbox.git("init", "-q", "--bare", remote, in: sandbox.directory).status == 0)
    let laptop = try sandbox.makeStore("laptop", device: "laptop")
    #expect(sandbox.notes("-C", laptop, "remote", "add", "origin", remote).status == 0)
    #expect(sandbox.notes("-C", laptop, "new", "Shopping", "--text", "Milk").status == 0)
    #expect(sandbox.notes("-C", laptop, "sync").status == 0)
    #expect(sandbox.notes("clone", remote, "phone", "--device", "phone").status == 0)
    let phone = sandbox.directory + "/phone"
    #expect(sandbox.notes("-C", phone, "sync").status == 0)
    #expect(sandbox.notes("-C", laptop, "fetch").status == 0)

    // Everything settled: the laptop has commits the phone's branch lacks, and that is fine.
    let settled = sandbox.notes("-C", laptop, "status")
    try expectAgreement(settled.stdout, try json(sandbox.notes("-C", laptop, "status", "--json")))

    sandbox.notes("-C", laptop, "new", "Local", "--text", "not pushed")
    sandbox.notes("-C", phone, "new", "Fresh", "--text", "from the phone")
    sandbox.notes("-C", phone, "write", "Shopping", "--text", "Oat milk")
    #expect(sandbox.notes("-C", phone, "sync").status == 0)
    #expect(sandbox.notes("-C", laptop, "fetch").status == 0)

    let text = sandbox.notes("-C", laptop, "status")
    #expect(text.status == 0)
    let report = try json(sandbox.notes("-C", laptop, "status", "--json"))
    #expect(report["ahead"] as? [String] == ["Local"])
    #expect(report["incoming"] as? [String] == ["Shopping"])
    #expect(report["new"] as? [String] == ["Fresh"])
    #expect(report["upToDate"] as? Bool == false)
    #expect(text.stdout.contains("1 note changed here, not pushed"))
    #expect(text.stdout.contains("changed: Shopping"))
    #expect(text.stdout.contains("new: Fresh"))
    #expect(text.stdout.contains("origin/this device: 1 commit not pushed"))
    #expect(text.stdout.contains("origin/phone: 2 commits not merged here"))
    try expectAgreement(text.stdout, report)

    let dry = sandbox.notes("-C", laptop, "sync", "--dry-run")
    #expect(dry.stderr.contains("Would merge changes from phone"), "\(dry.stderr)")
    #expect(!dry.stderr.contains("would be"))

    // A conflict.
    sandbox.notes("-C", laptop, "write", "Shopping", "--text", "Soy milk")
    let synced = sandbox.notes("-C", laptop, "sync")
    #expect(synced.status == 0, "\(synced.stderr)")
    let conflicted = sandbox.notes("-C", laptop, "status")
    #expect(conflicted.stdout.contains("1 note in conflict"), "\(conflicted.stdout)")
    let conflictReport = try json(sandbox.notes("-C", laptop, "status", "--json"))
    #expect(conflictReport["conflicts"] as? [String] == ["Shopping"])
    try expectAgreement(conflicted.stdout, conflictReport)
  }

  @Test("a dry run that would fast-forward says so in plain words")
  func dryRunWording() throws {
    let sandbox = try Sandbox()
    let remote = sandbox.directory + "/remote.git"
    #expect(sandbox.git("init", "-q", "--bare", remote, in: sandbox.directory).status == 0)
    let laptop = try sandbox.makeStore("laptop", device: "laptop")
    #expect(sandbox.notes("-C", laptop, "remote", "add", "origin", remote).status == 0)
    #expect(sandbox.notes("-C", laptop, "new", "Shopping", "--text", "Milk").status == 0)
    #expect(sandbox.notes("-C", laptop, "sync").status == 0)
    #expect(sandbox.notes("clone", remote, "phone", "--device", "phone").status == 0)
    let phone = sandbox.directory + "/phone"
    sandbox.notes("-C", phone, "write", "Shopping", "--text", "Oat milk")
    #expect(sandbox.notes("-C", phone, "sync").status == 0)
    let dry = sandbox.notes("-C", laptop, "sync", "--dry-run")
    #expect(dry.status == 0)
    #expect(dry.stderr.contains("Would fast-forward to phone"), "\(dry.stderr)")
    #expect(dry.stderr.contains("Would change 1 note: Shopping"), "\(dry.stderr)")
  }
}
