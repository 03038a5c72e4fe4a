import Foundation
import Git
import Testing

/// The shipped `hooks/pre-receive` in a served bare repository, with a small blob limit.
private func installShippedPreReceive(in served: ServedRepository, maxBlobSize: String = "2k") throws {
  let shipped = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("hooks/pre-receive").path
  let target = served.bare + "/hooks/pre-receive"
  try? FileManager.default.removeItem(atPath: target)
  try FileManager.default.copyItem(atPath: shipped, toPath: target)
  try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: target)
  try git(served.bare, "config", "notes.maxBlobSize", maxBlobSize)
}

/// Runs `body`, which must fail, and returns everything the failed command printed.
private func refusal(_ body: () throws -> Void) throws -> String {
  try failure(body)?.output ?? ""
}

/// Runs `body`, which must fail, and returns how.
private func failure(_ body: () throws -> Void) throws -> CommandFailure? {
  do {
    try body()
  } catch let failure as CommandFailure {
    return failure
  }
  Issue.record("the push was accepted")
  return nil
}

@Suite("The shipped pre-receive hook on a served bare repository")
struct PreReceiveHookTests {
  static let transports: [Transport] = [.path, .gitDaemon, .http]

  @Test("git push: ordinary pushes pass; a rewind, a deletion, a symlink, an oversized blob and a ref outside devices/* are refused, each with its rule, and the remote is unchanged", arguments: transports)
  func gitPushRules(_ transport: Transport) throws {
    let sandbox = try Sandbox()
    let served = try ServedRepository(transport, in: sandbox)
    try installShippedPreReceive(in: served)
    let laptop = try Device("laptop", in: sandbox, reaching: served)
    try git(laptop.path, "remote", "add", "origin", served.url)
    try git(laptop.path, "push", "-q", "origin", "devices/laptop")
    try laptop.commit("second change")
    try git(laptop.path, "push", "-q", "origin", "devices/laptop")
    let published = try laptop.tip
    #expect(try served.tip(laptop.branch) == published)
    let short = String(published.hex.prefix(12))

    try git(laptop.path, "reset", "-q", "--hard", "HEAD~1")
    let rewind = try refusal { try git(laptop.path, "push", "-f", "origin", "devices/laptop") }
    #expect(rewind.contains("refused refs/heads/devices/laptop at"))
    #expect(rewind.contains("a rewind (non-fast-forward update from \(short)) of a device branch is not allowed"))
    #expect(try served.tip(laptop.branch) == published)
    try git(laptop.path, "reset", "-q", "--hard", published.hex)

    let deletion = try refusal { try git(laptop.path, "push", "origin", ":devices/laptop") }
    #expect(deletion.contains("refused refs/heads/devices/laptop at \(short): deleting a device branch is not allowed"))
    #expect(try served.tip(laptop.branch) == published)

    let outside = try refusal { try git(laptop.path, "push", "origin", "devices/laptop:main") }
    #expect(outside.contains("refused refs/heads/main at \(short): only refs/heads/devices/* may be pushed here"))
    #expect(try served.tip("refs/heads/main") == nil)

    try FileManager.default.createSymbolicLink(atPath: laptop.path + "/passwords", withDestinationPath: "/etc/passwd")
    try git(laptop.path, "add", "passwords")
    try git(laptop.path, "commit", "-q", "-m", "a link")
    let link = try laptop.tip
    let symlink = try refusal { try git(laptop.path, "push", "origin", "devices/laptop") }
    #expect(symlink.contains("refused refs/heads/devices/laptop at \(link.hex.prefix(12)): passwords: a symbolic link"))
    #expect(try served.tip(laptop.branch) == published)
    try git(laptop.path, "reset", "-q", "--hard", published.hex)

    try Data(repeating: 0x61, count: 3000).write(to: URL(fileURLWithPath: laptop.path + "/big.txt"))
    try git(laptop.path, "add", "big.txt")
    try git(laptop.path, "commit", "-q", "-m", "a big file")
    let big = try laptop.tip
    let oversized = try refusal { try git(laptop.path, "push", "origin", "devices/laptop") }
    #expect(oversized.contains("refused refs/heads/devices/laptop at \(big.hex.prefix(12)): big.txt: a blob of 3000 bytes, over notes.maxBlobSize 2048"))
    #expect(try served.tip(laptop.branch) == published)
  }

  @Test("notes sync through the shipped pre-receive: an ordinary sync passes, an oversized attachment is refused with the hook's message and the remote keeps its tip", arguments: [Transport.path, .gitDaemon, .http])
  func notesSync(_ transport: Transport) throws {
    let sandbox = try Sandbox()
    let served = try ServedRepository(transport, in: sandbox)
    let (store, synced) = try syncedStore(served, in: sandbox)
    let refused = try #require(try failure { try attachOversizedAndSync(store, in: sandbox) })
    #expect(refused.status == 3 << 8)  // exit code 3: a remote failed
    #expect(refused.output.contains("pre-receive hook declined"))
    #expect(refused.output.contains("Shopping.note/Attachments/scan.pdf: a blob of 5000 bytes, over notes.maxBlobSize 4096"))
    #expect(try served.tip("refs/heads/devices/laptop") == synced)
  }

  /// A notes store on device laptop that synced one note to `served` (which has the
  /// shipped pre-receive, blobs up to 4 KiB), and the commit it pushed.
  private func syncedStore(_ served: ServedRepository, in sandbox: Sandbox) throws -> (String, ObjectID) {
    try installShippedPreReceive(in: served, maxBlobSize: "4k")
    let notes = NotesRunner(sandbox: sandbox)
    let store = sandbox.file("laptop")
    try notes.run("init", store, "--device", "laptop")
    try served.configure(client: store)
    try notes.run("-C", store, "remote", "add", "origin", served.url)
    try notes.run("-C", store, "new", "Shopping", "--text", "Milk")
    try notes.run("-C", store, "sync")
    let synced = try #require(try Repository.open(at: store).referenceTarget("refs/heads/devices/laptop"))
    #expect(try served.tip("refs/heads/devices/laptop") == synced)
    return (store, synced)
  }

  private func attachOversizedAndSync(_ store: String, in sandbox: Sandbox) throws {
    let notes = NotesRunner(sandbox: sandbox)
    try sandbox.write("scan.pdf", String(repeating: "x", count: 5000))
    try notes.run("-C", store, "attach", "Shopping", sandbox.file("scan.pdf"))
    try notes.run("-C", store, "sync")
  }

  @Test("over http, a device bound to a user refuses pushes of that branch by another authenticated user (REMOTE_USER)")
  func deviceBinding() throws {
    let sandbox = try Sandbox()
    let served = try ServedRepository(.http, in: sandbox)
    try installShippedPreReceive(in: served)
    try git(served.bare, "config", "notes.device.laptop.user", ServedRepository.user)
    let hash = try runCommand(["openssl", "passwd", "-apr1", "b0bpass"])
    let htpasswd = try sandbox.read("htpasswd")
    try sandbox.write("htpasswd", htpasswd + "bob:\(hash)\n")

    let laptop = try Device("laptop", in: sandbox, reaching: served)  // alice's credentials
    try git(laptop.path, "remote", "add", "origin", served.url)
    try git(laptop.path, "push", "-q", "origin", "devices/laptop")
    let published = try laptop.tip

    let intruder = sandbox.file("intruder")
    try git(sandbox.path, "clone", "-q", "-b", "devices/laptop", served.bare, intruder)
    try git(intruder, "remote", "set-url", "origin", served.url)
    try sandbox.write("bob-credentials", "http://bob:b0bpass@127.0.0.1:\(served.httpPort)\n")
    try served.useCredentialHelper("store --file=\(sandbox.file("bob-credentials"))", in: intruder)
    try sandbox.write("intruder/laptop.txt", "bob was here\n")
    try git(intruder, "commit", "-q", "-a", "-m", "not the laptop")
    let refused = try refusal { try git(intruder, "push", "origin", "devices/laptop") }
    #expect(refused.contains("devices/laptop is bound to alice (notes.device.laptop.user), and this push is by bob"))
    #expect(try served.tip(laptop.branch) == published)

    // Bob may push his own, unbound device.
    try git(intruder, "push", "-q", "origin", "HEAD:refs/heads/devices/bobs-phone")
    #expect(try served.tip("refs/heads/devices/bobs-phone") != nil)
  }
}

/// Runs the built `notes` binary with a home of its own (a git identity, no system config).
private struct NotesRunner {
  let sandbox: Sandbox

  init(sandbox: Sandbox) {
    self.sandbox = sandbox
    try? sandbox.write("home/.gitconfig", "[user]\n\tname = Hook Test\n\temail = hook@example.com\n")
  }

  @discardableResult
  func run(_ arguments: String...) throws -> String {
    let binary = URL(fileURLWithPath: CommandLine.arguments.first ?? ".").deletingLastPathComponent()
      .appendingPathComponent("notes").path
    return try runCommand(
      [binary] + arguments, environment: ["HOME": sandbox.file("home"), "GIT_CONFIG_NOSYSTEM": "1"])
  }
}
