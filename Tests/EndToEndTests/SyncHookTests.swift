import Foundation
import Testing

@Suite("Client hooks around sync, resolve and push, with git's meaning")
struct SyncHookTests {
  /// A bare remote, a laptop store that synced one note (Shopping) there, and a phone
  /// cloned from it.
  private func devices(_ sandbox: Sandbox) throws -> (remote: String, laptop: String, phone: String) {
    let remote = sandbox.directory + "/remote.git"
    sandbox.git("init", "-q", "--bare", remote, in: sandbox.directory)
    let laptop = try sandbox.makeStore("laptop", device: "laptop")
    sandbox.notes("-C", laptop, "remote", "add", "origin", remote)
    try #require(sandbox.notes("-C", laptop, "new", "Shopping", "--text", "Milk and eggs\nBread").status == 0)
    try #require(sandbox.notes("-C", laptop, "sync").status == 0)
    try #require(sandbox.notes("clone", remote, "phone", "--device", "phone").status == 0)
    return (remote, laptop, sandbox.directory + "/phone")
  }

  @Test("a failing pre-merge-commit stops a sync merge before the branch moves; --no-verify merges")
  func failingPreMergeCommit() throws {
    let sandbox = try Sandbox()
    let (_, laptop, phone) = try devices(sandbox)
    try #require(sandbox.notes("-C", laptop, "new", "Plan", "--text", "Monday").status == 0)
    try #require(sandbox.notes("-C", laptop, "sync").status == 0)
    try #require(sandbox.notes("-C", phone, "new", "Ideas", "--text", "Tea").status == 0)
    try installHook(phone, "pre-merge-commit", "echo 'no merges today'\nexit 1")
    let before = StoreSnapshot(phone, sandbox: sandbox, includingRemoteTracking: false)

    let refused = sandbox.notes("-C", phone, "sync")
    #expect(refused.status == 1)
    #expect(refused.stderr.contains("pre-merge-commit hook"))
    #expect(refused.stderr.contains("no merges today"))
    #expect(StoreSnapshot(phone, sandbox: sandbox, includingRemoteTracking: false) == before)

    let merged = sandbox.notes("-C", phone, "sync", "--no-verify")
    #expect(merged.status == 0, "\(merged.stderr)")
    #expect(sandbox.notes("-C", phone, "show", "Plan").stdout == "Monday\n")
  }

  @Test("the merge commit of a sync runs prepare-commit-msg with 'merge' and commit-msg, whose edit is committed")
  func mergeMessageHooks() throws {
    let sandbox = try Sandbox()
    let (_, laptop, phone) = try devices(sandbox)
    try #require(sandbox.notes("-C", laptop, "new", "Plan", "--text", "Monday").status == 0)
    try #require(sandbox.notes("-C", laptop, "sync").status == 0)
    try #require(sandbox.notes("-C", phone, "new", "Ideas", "--text", "Tea").status == 0)
    let log = sandbox.directory + "/arguments"
    try installHook(phone, "prepare-commit-msg", "echo \"$(basename \"$1\") $2\" >> '\(log)'")
    try installHook(phone, "commit-msg", "printf 'Checked-by: hook\\n' >> \"$1\"")
    #expect(sandbox.notes("-C", phone, "sync").status == 0)
    #expect(try String(contentsOfFile: log, encoding: .utf8) == "MERGE_MSG merge\n")
    let message = sandbox.git("log", "-1", "--format=%B", in: phone).stdout
    #expect(message.hasPrefix("Merge changes"))
    #expect(message.contains("Checked-by: hook"))
    #expect(sandbox.git("rev-list", "--parents", "-1", "HEAD", in: phone).stdout.split(separator: " ").count == 3)
    #expect(!FileManager.default.fileExists(atPath: phone + "/.git/MERGE_MSG"))
  }

  @Test("a fast-forward makes no commit, so it runs no pre-merge-commit (as git); post-merge runs once with 0")
  func fastForwardRunsPostMergeOnly() throws {
    let sandbox = try Sandbox()
    let (_, laptop, phone) = try devices(sandbox)
    try #require(sandbox.notes("-C", laptop, "write", "Shopping", "--text", "Oat milk").status == 0)
    try #require(sandbox.notes("-C", laptop, "sync").status == 0)
    let log = sandbox.directory + "/post-merge"
    try installHook(phone, "pre-merge-commit", "exit 1")
    try installHook(phone, "post-merge", "echo \"$1 $(git rev-parse HEAD)\" >> '\(log)'")
    let result = sandbox.notes("-C", phone, "sync")
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains("Fast-forwarded"))
    #expect(try String(contentsOfFile: log, encoding: .utf8) == "0 \(sandbox.head(laptop))\n")
  }

  @Test(
    "a failing pre-commit stops a sync's fast-forward and its merge before the branch moves, seeing the tree to adopt; --no-verify takes them",
    arguments: [true, false])
  func failingPreCommitStopsSync(fastForward: Bool) throws {
    let sandbox = try Sandbox()
    let (_, laptop, phone) = try devices(sandbox)
    try #require(sandbox.notes("-C", laptop, "new", "Plan", "--text", "Monday").status == 0)
    try #require(sandbox.notes("-C", laptop, "sync").status == 0)
    if !fastForward { try #require(sandbox.notes("-C", phone, "new", "Ideas", "--text", "Tea").status == 0) }
    let seen = sandbox.directory + "/seen"
    try installHook(phone, "pre-commit", "git ls-files > '\(seen)'\necho 'nothing from outside today'\nexit 1")
    let before = StoreSnapshot(phone, sandbox: sandbox, includingRemoteTracking: false)
    let refused = sandbox.notes("-C", phone, "sync")
    #expect(refused.status == 1, "\(refused.stderr)")
    #expect(refused.stderr.contains("pre-commit hook") && refused.stderr.contains("nothing from outside today"))
    #expect(StoreSnapshot(phone, sandbox: sandbox, includingRemoteTracking: false) == before)
    #expect(try String(contentsOfFile: seen, encoding: .utf8).contains("Plan.note/Text.rtf"))
    let taken = sandbox.notes("-C", phone, "sync", "--no-verify")
    #expect(taken.status == 0, "\(taken.stderr)")
    #expect(sandbox.notes("-C", phone, "show", "Plan").stdout == "Monday\n")
  }

  @Test("a failing pre-commit stops resolve and leaves the conflict and the store as they were")
  func failingPreCommitStopsResolve() throws {
    let sandbox = try Sandbox()
    let (_, laptop, phone) = try devices(sandbox)
    try #require(sandbox.notes("-C", laptop, "write", "Shopping", "--text", "Oat milk and eggs\nBread").status == 0)
    try #require(sandbox.notes("-C", laptop, "sync").status == 0)
    Thread.sleep(forTimeInterval: 1.1)
    try #require(sandbox.notes("-C", phone, "write", "Shopping", "--text", "Soy milk and eggs\nBread").status == 0)
    try #require(sandbox.notes("-C", phone, "sync").stderr.contains("conflict"))
    try installHook(phone, "pre-commit", "echo 'resolutions need review'\nexit 1")
    let before = StoreSnapshot(phone, sandbox: sandbox)
    let refused = sandbox.notes("-C", phone, "resolve", "Shopping", "--keep-mine")
    #expect(refused.status == 1)
    #expect(refused.stderr.contains("resolutions need review"))
    #expect(StoreSnapshot(phone, sandbox: sandbox) == before)
    #expect(sandbox.notes("-C", phone, "conflicts").stdout.contains("Shopping"))
  }

  @Test("pre-push gets the remote's name and URL and git's stdin line per pushed ref; a refusal stops that push only")
  func prePushInput() throws {
    let sandbox = try Sandbox()
    let (remote, laptop, _) = try devices(sandbox)
    let log = sandbox.directory + "/pre-push"
    try installHook(laptop, "pre-push", "echo \"args $1 $2\" >> '\(log)'\ncat >> '\(log)'")
    let old = sandbox.head(laptop)
    try #require(sandbox.notes("-C", laptop, "write", "Shopping", "--text", "Oat milk").status == 0)
    let new = sandbox.head(laptop)
    #expect(sandbox.notes("-C", laptop, "sync").status == 0)
    let branch = "refs/heads/devices/laptop"
    #expect(
      try String(contentsOfFile: log, encoding: .utf8)
        == "args origin \(remote)\n\(branch) \(new) \(branch) \(old)\n")
    // Nothing to push: the hook is not run.
    #expect(sandbox.notes("-C", laptop, "sync").status == 0)
    #expect(try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").count == 2)

    try installHook(laptop, "pre-push", "echo 'not on this network'\nexit 1")
    try #require(sandbox.notes("-C", laptop, "write", "Shopping", "--text", "Soy milk").status == 0)
    let refused = sandbox.notes("-C", laptop, "sync")
    #expect(refused.status == 3)
    #expect(refused.stderr.contains("pre-push hook"))
    #expect(refused.stderr.contains("not on this network"))
    #expect(sandbox.git("rev-parse", branch, in: remote).stdout.hasPrefix(new))
  }

  @Test("the first push of a device gives pre-push the zero id for the remote's side, as git does")
  func prePushFirstPush() throws {
    let sandbox = try Sandbox()
    let remote = sandbox.directory + "/remote.git"
    sandbox.git("init", "-q", "--bare", remote, in: sandbox.directory)
    let laptop = try sandbox.makeStore("laptop", device: "laptop")
    sandbox.notes("-C", laptop, "remote", "add", "origin", remote)
    let log = sandbox.directory + "/pre-push"
    try installHook(laptop, "pre-push", "cat > '\(log)'")
    #expect(sandbox.notes("-C", laptop, "sync").status == 0)
    let branch = "refs/heads/devices/laptop"
    #expect(
      try String(contentsOfFile: log, encoding: .utf8)
        == "\(branch) \(sandbox.head(laptop)) \(branch) \(String(repeating: "0", count: 40))\n")
  }

  @Test("post-sync reads the very JSON document notes sync --json prints; its failure is a warning")
  func postSyncJSON() throws {
    let sandbox = try Sandbox()
    let (_, laptop, phone) = try devices(sandbox)
    try #require(sandbox.notes("-C", laptop, "new", "Plan", "--text", "Monday").status == 0)
    try #require(sandbox.notes("-C", laptop, "sync").status == 0)
    let log = sandbox.directory + "/report.json"
    try installHook(phone, "post-sync", "cat > '\(log)'\nexit 1")
    let result = sandbox.notes("-C", phone, "sync", "--json")
    #expect(result.status == 0)
    #expect(result.stderr.contains("warning: the post-sync hook"))
    let received = try Data(contentsOf: URL(fileURLWithPath: log))
    #expect(String(decoding: received, as: UTF8.self) == result.stdout)
    let report = try #require(try JSONSerialization.jsonObject(with: received) as? [String: Any])
    #expect(report["changed"] as? [String] == ["Plan"])
    #expect(report["fastForwarded"] as? [String] == ["laptop"])
    // A dry run syncs nothing and runs no post-sync.
    try FileManager.default.removeItem(atPath: log)
    #expect(sandbox.notes("-C", phone, "sync", "--dry-run").status == 0)
    #expect(!FileManager.default.fileExists(atPath: log))
  }
}
