import Foundation
import Git
import Synchronization
import Testing

/// Fetch and push to local bare repositories through git's own `git-upload-pack` and
/// `git-receive-pack`, as `git fetch /path` does.
@Suite("Local remotes through git-upload-pack and git-receive-pack")
struct LocalTransportTests {
  init() throws {
    try #require(LocalTransportOnce.isUsingGitPrograms, "git-upload-pack not found: install git")
  }

  @Test("a malformed commit on another branch of a path or file:// remote does not stop fetching the branch asked for", arguments: [false, true])
  func malformedCommitElsewhere(fileURL: Bool) throws {
    let sandbox = try Sandbox()
    let served = try ServedRepository(.path, in: sandbox)
    let laptop = try Device("laptop", in: sandbox, reaching: served)
    try git(laptop.path, "push", "-q", served.bare, "devices/laptop")
    let tip = try laptop.tip
    let tree = try git(served.bare, "rev-parse", "\(tip.hex)^{tree}").trimmingCharacters(in: .whitespacesAndNewlines)
    let body = "tree \(tree)\nparent \(tip.hex)\nauthor M <m@example.com 1700000000 +0000\n"
      + "committer M <m@example.com> 1700000000 +0000\n\nbad\n"
    let bodyFile = sandbox.file("bad-commit")
    try body.write(toFile: bodyFile, atomically: true, encoding: .utf8)
    let bad = try git(served.bare, "hash-object", "-t", "commit", "-w", "--literally", bodyFile)
      .trimmingCharacters(in: .whitespacesAndNewlines)
    try git(served.bare, "update-ref", "refs/heads/devices/evil", bad)

    let phone = try Repository.create(at: sandbox.file("phone"), initialBranch: "main")
    let url = fileURL ? "file://" + served.bare : served.bare
    _ = try phone.fetch(url: url, refspecs: ["+refs/heads/devices/laptop:refs/remotes/origin/laptop"], options: TransferOptions(timeout: 20))
    #expect(try phone.referenceTarget("refs/remotes/origin/laptop") == tip)
  }

  @Test("a server that stops making progress is killed after the timeout, and the error says so")
  func hangingServerTimesOut() throws {
    let sandbox = try Sandbox()
    let served = try ServedRepository(.path, in: sandbox)
    let hook = served.bare + "/hooks/pre-receive"
    try "#!/bin/sh\nexec sleep 60\n".write(toFile: hook, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: hook)
    let laptop = try Device("laptop", in: sandbox, reaching: served)
    try laptop.repository.addRemote(name: "origin", url: served.bare, fetchRefspec: deviceFetchRefspec)
    let started = Date()
    let error = try #require(throws: (any Error).self) {
      try laptop.repository.push(remote: "origin", refspecs: [laptop.pushRefspec], options: TransferOptions(timeout: 2))
    }
    #expect(Date().timeIntervalSince(started) < 30)
    #expect("\(error)".contains("timed out"), "\(error)")
    #expect(try served.tip(laptop.branch) == nil)
  }

  @Test("when the server program fails, the error carries what it wrote to its standard error")
  func serverWordsReachTheError() throws {
    let sandbox = try Sandbox()
    let phone = try Repository.create(at: sandbox.file("phone"), initialBranch: "main")
    let missing = sandbox.file("not-a-repository")
    try FileManager.default.createDirectory(atPath: missing, withIntermediateDirectories: true)
    let error = try #require(throws: (any Error).self) {
      _ = try phone.fetch(url: missing, refspecs: ["+refs/heads/*:refs/remotes/origin/*"], options: TransferOptions(timeout: 20))
    }
    #expect("\(error)".contains("does not appear to be a git repository"), "\(error)")
  }

  @Test("without git's server programs, local remotes keep libgit2's local transport and the fallback is told once")
  func fallbackWithoutGitPrograms() throws {
    let sandbox = try Sandbox()
    let served = try ServedRepository(.path, in: sandbox)
    let laptop = try Device("laptop", in: sandbox, reaching: served)
    try git(laptop.path, "push", "-q", served.bare, "devices/laptop")
    let told = Mutex<[String]>([])
    // A registration of this task's own: the process's, which other suites' transfers use
    // meanwhile, keeps git's programs.
    try LocalTransport.withEnvironment(["PATH": "/nonexistent", "GIT_EXEC_PATH": "/nonexistent"]) {
      try LocalTransport.withRegistration(fallback: { message in told.withLock { $0.append(message) } }) {
        #expect(!LocalTransport.isUsingGitPrograms)
        let phone = try Repository.create(at: sandbox.file("phone"), initialBranch: "main")
        for _ in 0..<2 {
          _ = try phone.fetch(url: served.bare, refspecs: [deviceFetchRefspec], options: TransferOptions(timeout: 20))
        }
        #expect(try phone.referenceTarget("refs/remotes/origin/devices/laptop") == laptop.tip)
      }
    }
    #expect(LocalTransport.isUsingGitPrograms)
    let messages = told.withLock { $0 }
    #expect(messages.count == 1)
    #expect(messages.first?.contains("git-upload-pack") == true, "\(messages)")
  }
}
