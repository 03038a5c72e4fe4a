import Foundation
import Testing

/// A command that commits, with what it needs in the store first.
struct CommittingCase: Sendable, CustomTestStringConvertible {
  var name: String
  var arguments: [String]
  var environment: [String: String] = [:]
  var prepare: @Sendable (Sandbox, String) throws -> Void = { _, _ in }

  var testDescription: String { name }

  static let all: [CommittingCase] = [
    CommittingCase(name: "write", arguments: ["write", "Shopping", "--text", "Bread"]),
    CommittingCase(name: "new", arguments: ["new", "Plan", "--text", "Monday"]),
    CommittingCase(name: "edit", arguments: ["edit", "Shopping"], environment: ["EDITOR": "sed -i s/Milk/Cheese/"]),
    CommittingCase(
      name: "attach", arguments: ["attach", "Shopping", "../receipt.txt"],
      prepare: { sandbox, _ in try sandbox.writeFile("receipt.txt", "12 eggs\n") }),
    CommittingCase(
      name: "detach", arguments: ["detach", "Shopping", "receipt.txt"],
      prepare: { sandbox, store in
        let file = try sandbox.writeFile("receipt.txt", "12 eggs\n")
        try #require(sandbox.notes("-C", store, "attach", "Shopping", file).status == 0)
      }),
    CommittingCase(name: "rename", arguments: ["rename", "Shopping", "Groceries"]),
    CommittingCase(name: "delete", arguments: ["delete", "Shopping"]),
    CommittingCase(name: "mv", arguments: ["mv", "Shopping", "Errands/"]),
    CommittingCase(
      name: "undo", arguments: ["undo", "Shopping"],
      prepare: { sandbox, store in try #require(sandbox.notes("-C", store, "write", "Shopping", "--text", "Bread").status == 0) }),
    CommittingCase(
      name: "restore --deleted", arguments: ["restore", "--deleted", "Old"],
      prepare: { sandbox, store in
        try #require(sandbox.notes("-C", store, "new", "Old", "--text", "gone").status == 0)
        try #require(sandbox.notes("-C", store, "delete", "Old").status == 0)
      }),
    CommittingCase(
      name: "save", arguments: ["save"],
      prepare: { _, store in
        try Data("{\\rtf1\\ansi Edited by hand}".utf8).write(to: URL(fileURLWithPath: store + "/Shopping.note/Text.rtf"))
      }),
  ]
}

@Suite("Client hooks: git's hooks around every change the store commits")
struct ClientHookTests {
  /// A store with one note, Shopping.
  private func store(_ sandbox: Sandbox) throws -> String {
    let store = try sandbox.makeStore()
    try #require(sandbox.notes("-C", store, "new", "Shopping", "--text", "Milk").status == 0)
    return store
  }

  @Test("a failing pre-commit stops the command, shows the hook's output with its name and leaves the store as it was", arguments: CommittingCase.all)
  func failingPreCommit(_ command: CommittingCase) throws {
    let sandbox = try Sandbox()
    let store = try store(sandbox)
    try command.prepare(sandbox, store)
    try installHook(store, "pre-commit", "echo 'no changes on Sundays' >&2\nexit 1")
    let before = StoreSnapshot(store, sandbox: sandbox)

    let refused = sandbox.notes(["-C", store] + command.arguments, in: store, environment: command.environment)
    #expect(refused.status == 1)
    #expect(refused.stderr.contains("pre-commit hook"))
    #expect(refused.stderr.contains("no changes on Sundays"))
    #expect(StoreSnapshot(store, sandbox: sandbox) == before)

    let skipped = sandbox.notes(
      ["-C", store] + command.arguments + ["--no-verify"], in: store, environment: command.environment)
    #expect(skipped.status == 0, "\(skipped.stderr)")
    #expect(sandbox.head(store) != before.references.split(separator: " ").last.map(String.init))
    #expect(StoreSnapshot(store, sandbox: sandbox) != before)
  }

  @Test("a failing pre-commit stops restore --to a version and leaves the store as it was")
  func failingPreCommitOnRestore() throws {
    let sandbox = try Sandbox()
    let store = try store(sandbox)
    #expect(sandbox.notes("-C", store, "write", "Shopping", "--text", "Bread").status == 0)
    let versions = sandbox.notes("-C", store, "versions", "Shopping", "--json")
    let list = try #require(try JSONSerialization.jsonObject(with: versions.stdoutData) as? [[String: Any]])
    let oldest = try #require(list.first { ($0["current"] as? Bool) == false }?["id"] as? String)
    try installHook(store, "pre-commit", "echo 'no restores today' >&2\nexit 1")
    let before = StoreSnapshot(store, sandbox: sandbox)
    let refused = sandbox.notes("-C", store, "restore", "Shopping", "--to", oldest)
    #expect(refused.status == 1)
    #expect(refused.stderr.contains("pre-commit hook") && refused.stderr.contains("no restores today"), "\(refused.stderr)")
    #expect(StoreSnapshot(store, sandbox: sandbox) == before)
  }

  @Test("a failing commit-msg stops the commit; --no-verify skips it too")
  func failingCommitMessage() throws {
    let sandbox = try Sandbox()
    let store = try store(sandbox)
    try installHook(store, "commit-msg", "grep -q 'Ticket:' \"$1\" || { echo 'a Ticket: trailer is required'; exit 1; }")
    let before = StoreSnapshot(store, sandbox: sandbox)
    let refused = sandbox.notes("-C", store, "write", "Shopping", "--text", "Eggs")
    #expect(refused.status == 1)
    #expect(refused.stderr.contains("commit-msg hook"))
    #expect(refused.stderr.contains("a Ticket: trailer is required"))
    #expect(StoreSnapshot(store, sandbox: sandbox) == before)
    #expect(sandbox.notes("-C", store, "write", "Shopping", "--text", "Eggs", "--no-verify").status == 0)
  }

  @Test("prepare-commit-msg and commit-msg get the message file and may edit the message that is committed")
  func messageHooksEdit() throws {
    let sandbox = try Sandbox()
    let store = try store(sandbox)
    let log = sandbox.directory + "/arguments"
    try installHook(store, "prepare-commit-msg", "echo \"$(basename \"$1\") $2\" >> '\(log)'")
    try installHook(store, "commit-msg", "printf 'Reviewed-by: hook\\n' >> \"$1\"")
    #expect(sandbox.notes("-C", store, "write", "Shopping", "--text", "Eggs").status == 0)
    let message = sandbox.git("log", "-1", "--format=%B", in: store).stdout
    #expect(message.hasPrefix("Edit Shopping\n"))
    #expect(message.contains("Device: laptop\n"))
    #expect(message.contains("Reviewed-by: hook\n"))
    #expect(try String(contentsOfFile: log, encoding: .utf8) == "COMMIT_EDITMSG message\n")
  }

  @Test("pre-commit sees the tree about to be committed through GIT_INDEX_FILE, with GIT_DIR set, in the working tree's root")
  func preCommitEnvironment() throws {
    let sandbox = try Sandbox()
    let store = try store(sandbox)
    let out = sandbox.directory + "/seen"
    try installHook(
      store, "pre-commit",
      """
      {
        echo "dir=$GIT_DIR"
        echo "pwd=$(pwd -P)"
        test -n "$GIT_INDEX_FILE" && echo index=set
        git diff --cached --name-only
        git ls-files
      } > '\(out)'
      """)
    #expect(sandbox.notes("-C", store, "new", "Plan", "--text", "Monday").status == 0)
    let seen = try String(contentsOfFile: out, encoding: .utf8).split(separator: "\n").map(String.init)
    let root = URL(fileURLWithPath: store).resolvingSymlinksInPath().path
    #expect(seen.contains("dir=\(store)/.git") || seen.contains("dir=\(root)/.git"))
    #expect(seen.contains("pwd=\(root)"))
    #expect(seen.contains("index=set"))
    // diff --cached names only the new package; ls-files lists the whole tree about to be committed.
    #expect(seen.filter { $0 == "Plan.note/Text.rtf" }.count == 2)
    #expect(seen.contains("Shopping.note/Text.rtf"))
    #expect(sandbox.git("status", "--porcelain", in: store).stdout.isEmpty)
  }

  @Test("post-commit runs once per commit, after the branch moved, and its failure is only a warning")
  func postCommitOncePerCommit() throws {
    let sandbox = try Sandbox()
    let store = try store(sandbox)
    let log = sandbox.directory + "/commits"
    try installHook(store, "post-commit", "git rev-parse HEAD >> '\(log)'\necho 'post-commit failed on purpose'\nexit 3")
    let write = sandbox.notes("-C", store, "write", "Shopping", "--text", "Eggs")
    #expect(write.status == 0)
    #expect(write.stderr.contains("warning: the post-commit hook"))
    #expect(write.stderr.contains("post-commit failed on purpose"))
    #expect(sandbox.notes("-C", store, "rename", "Shopping", "Groceries").status == 0)
    #expect(sandbox.notes("-C", store, "write", "Groceries", "--text", "Eggs").status == 0)  // unchanged: no commit
    #expect(sandbox.notes("-C", store, "delete", "Groceries").status == 0)
    let commits = sandbox.git("log", "--format=%H", "-3", in: store).stdout.split(separator: "\n").reversed().map(String.init)
    #expect(try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").map(String.init) == commits)
  }

  @Test("a hook that hangs is killed with its children after notes.hookTimeout, named, and nothing changes")
  func hangingHookIsKilled() throws {
    let sandbox = try Sandbox()
    let store = try store(sandbox)
    let pids = sandbox.directory + "/pids"
    try installHook(store, "pre-commit", "sleep 60 &\necho $! > '\(pids)'\necho 'checking forever'\nwait")
    // Long enough for the hook to start its child and print on a loaded machine (killed
    // sooner, it would have written neither), a fraction to show how one is written.
    sandbox.git("config", "notes.hookTimeout", "2.5", in: store)
    let before = StoreSnapshot(store, sandbox: sandbox)
    let start = Date()
    let result = sandbox.notes("-C", store, "write", "Shopping", "--text", "Eggs")
    // Far below the hook's 60 s, with room for a loaded machine.
    #expect(Date().timeIntervalSince(start) < 40)
    #expect(result.status == 1)
    #expect(result.stderr.contains("pre-commit hook"))
    #expect(result.stderr.contains("killed"))
    #expect(result.stderr.contains("2.5 s"))
    #expect(result.stderr.contains("checking forever"))
    #expect(StoreSnapshot(store, sandbox: sandbox) == before)
    let child = try #require(Int32(try String(contentsOfFile: pids, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
    // Killed: gone, or a zombie waiting for a reaper (PID 1 in a container may not reap).
    let state = (try? String(contentsOfFile: "/proc/\(child)/stat", encoding: .utf8))?
      .split(separator: ")").last?.split(separator: " ").first
    #expect(state == nil || state == "Z", "the hook's child \(child) is still running")
  }

  @Test("a non-executable hook is ignored with a hint, as git does")
  func notExecutableHook() throws {
    let sandbox = try Sandbox()
    let store = try store(sandbox)
    try installHook(store, "pre-commit", "exit 1", executable: false)
    let result = sandbox.notes("-C", store, "write", "Shopping", "--text", "Eggs")
    #expect(result.status == 0)
    #expect(result.stderr.contains("not executable"))
  }

  @Test("hooks in a core.hooksPath the store tracks are never run, with a warning")
  func trackedHooksPathIsRefused() throws {
    let sandbox = try Sandbox()
    let store = try store(sandbox)
    let marker = sandbox.directory + "/ran"
    try FileManager.default.createDirectory(atPath: store + "/shared-hooks", withIntermediateDirectories: true)
    try writeExecutable(store + "/shared-hooks/pre-commit", "#!/bin/sh\ntouch '\(marker)'\n")
    sandbox.git("add", "shared-hooks", in: store)
    sandbox.git("commit", "-q", "-m", "hooks from elsewhere", in: store)
    sandbox.git("config", "core.hooksPath", "shared-hooks", in: store)
    let result = sandbox.notes("-C", store, "write", "Shopping", "--text", "Eggs")
    #expect(result.status == 0)
    #expect(result.stderr.contains("tracked by the store"))
    #expect(!FileManager.default.fileExists(atPath: marker))
    // The same folder untracked is the user's own: its hooks run.
    sandbox.git("rm", "-q", "--cached", "-r", "shared-hooks", in: store)
    sandbox.git("commit", "-q", "-m", "untrack", in: store)
    #expect(sandbox.notes("-C", store, "write", "Shopping", "--text", "Bread").status == 0)
    #expect(FileManager.default.fileExists(atPath: marker))
  }
}

/// Writes an executable `sh` hook into the store's `.git/hooks`.
func installHook(_ store: String, _ name: String, _ body: String, executable: Bool = true) throws {
  let path = store + "/.git/hooks/" + name
  try FileManager.default.createDirectory(atPath: store + "/.git/hooks", withIntermediateDirectories: true)
  try writeExecutable(path, "#!/bin/sh\n" + body + "\n", mode: executable ? 0o755 : 0o644)
}
