import Foundation
import Testing

@Suite("notes hooks install and list, and the shipped pre-commit")
struct HooksCommandTests {
  @Test("install puts pre-commit and post-sync.example in .git/hooks, again is a no-op, and list shows them")
  func installAndList() throws {
    let sandbox = try Sandbox()
    let store = try sandbox.makeStore()
    let first = sandbox.notes("-C", store, "hooks", "install")
    #expect(first.status == 0)
    #expect(first.stderr.contains("Installed \(store)/.git/hooks/pre-commit"))
    #expect(FileManager.default.isExecutableFile(atPath: store + "/.git/hooks/pre-commit"))
    #expect(!FileManager.default.isExecutableFile(atPath: store + "/.git/hooks/post-sync.example"))
    #expect(sandbox.notes("-C", store, "hooks", "install").stderr.contains("Already installed"))
    let list = sandbox.notes("-C", store, "hooks", "list")
    #expect(list.stdout.contains("pre-commit\truns\tshipped\t\(store)/.git/hooks/pre-commit\n"))
    #expect(list.stdout.contains("post-sync.example\tnot a hook NoteStore runs\tshipped"))
    let json = try #require(
      try JSONSerialization.jsonObject(with: sandbox.notes("-C", store, "hooks", "list", "--json").stdoutData) as? [[String: Any]])
    #expect(json.map { $0["name"] as? String } == ["post-sync.example", "pre-commit"])
  }

  @Test("install keeps a different existing hook unless --force, and honours core.hooksPath")
  func installNeverOverwrites() throws {
    let sandbox = try Sandbox()
    let store = try sandbox.makeStore()
    let hooks = sandbox.directory + "/my-hooks"
    sandbox.git("config", "core.hooksPath", hooks, in: store)
    try sandbox.writeFile("my-hooks/pre-commit", "#!/bin/sh\necho mine\n")
    let refused = sandbox.notes("-C", store, "hooks", "install")
    #expect(refused.status == 1)
    #expect(refused.stderr.contains("\(hooks)/pre-commit already exists and differs"))
    #expect(refused.stderr.contains("--force"))
    #expect(try String(contentsOfFile: hooks + "/pre-commit", encoding: .utf8) == "#!/bin/sh\necho mine\n")
    let forced = sandbox.notes("-C", store, "hooks", "install", "--force")
    #expect(forced.status == 0)
    #expect(forced.stderr.contains("Replaced \(hooks)/pre-commit"))
    #expect(try String(contentsOfFile: hooks + "/pre-commit", encoding: .utf8).contains("exec \"$notes\" --quiet verify --staged"))
  }

  @Test("install --server puts an executable pre-receive in a bare repository, and refuses a store")
  func installServer() throws {
    let sandbox = try Sandbox()
    let bare = sandbox.directory + "/srv.git"
    sandbox.git("init", "-q", "--bare", bare, in: sandbox.directory)
    let result = sandbox.notes("hooks", "install", "--server", bare)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(FileManager.default.isExecutableFile(atPath: bare + "/hooks/pre-receive"))
    let store = try sandbox.makeStore()
    let refused = sandbox.notes("hooks", "install", "--server", store)
    #expect(refused.status == 1)
    #expect(refused.stderr.contains("not a bare git repository"))
  }

  @Test("the shipped pre-commit refuses a plain git commit of a package with a symlink, through notes verify --staged")
  func shippedPreCommitUnderGit() throws {
    let sandbox = try Sandbox()
    let store = try sandbox.makeStore()
    try #require(sandbox.notes("-C", store, "new", "Shopping", "--text", "Milk").status == 0)
    try #require(sandbox.notes("-C", store, "hooks", "install").status == 0)
    // The git CLI runs the hook, which finds notes on PATH.
    let binDirectory = URL(fileURLWithPath: CommandRunner.notesBinary).deletingLastPathComponent().path
    sandbox.extraEnvironment["PATH"] = binDirectory + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
    try FileManager.default.createSymbolicLink(atPath: store + "/Shopping.note/Attachments", withDestinationPath: "/etc")
    sandbox.git("add", "Shopping.note/Attachments", in: store)
    let refused = sandbox.git("commit", "-q", "-m", "a link", in: store)
    #expect(refused.status != 0)
    #expect(refused.stderr.contains("Shopping: Attachments is a symbolic link"))
    #expect(sandbox.subjects(store).first == "Create Shopping")
    // notes' own writes pass the same hook.
    #expect(sandbox.notes("-C", store, "new", "Plan", "--text", "Monday", "--wait", "0").status == 0)
  }
}
