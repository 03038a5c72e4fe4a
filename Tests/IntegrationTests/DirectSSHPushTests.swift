import Foundation
@testable import Git
import Synchronization
import Testing

/// Pushes to ssh remotes go through NoteStore's own receive-pack conversation over the
/// OpenSSH transport, with the pack built from the pushed commits' tree differences, as
/// pushes to local remotes do (``DirectPushTests``). A real sshd on 127.0.0.1 serves the
/// remote. What the remote ends with must be what `git push` leaves, and each failure a
/// user can meet (a non-fast-forward, a hook's refusal, a dropped connection) must read
/// the same as through libgit2's `git_remote_push` over the same ssh transport: the
/// refspec `HEAD:<branch>` is not one the direct path takes, so it pushes the same commit
/// through libgit2.
@Suite(
  "Direct pushes to ssh remotes", .serialized,
  .enabled(if: geteuid() == 0, "sshd on 127.0.0.1 is started as root here (privilege separation in /run/sshd)"),
  .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/sbin/sshd"), "/usr/sbin/sshd is missing: install openssh-server"))
struct DirectSSHPushTests {
  init() throws {
    try SSHTransport.register()
    try #require(SSHTransport.isUsingOpenSSH, "no ssh on PATH: install openssh-client")
  }

  @Test("a seeded random history reaches an ssh remote through the direct path as git push sends it",
    arguments: [(seed: UInt64(1), commits: 20), (seed: UInt64.random(in: 2...UInt64.max), commits: 40)])
  func randomHistory(seed: UInt64, commits: Int) throws {
    print("DirectSSHPushTests.randomHistory seed \(seed), \(commits) commits")
    let served = try SSHServedHistory(seed: seed)
    let history = served.history
    let progress = ProgressRecorder()
    let transports = try served.pushing {
      try history.edit(commits / 2)
      try history.mergeOtherDevice()
      try history.edit(commits - commits / 2)
      try history.pushBothWays()
      // The pushed tree reads the same on the remote as here.
      #expect(
        try git(history.served.bare, "cat-file", "-p", "\(history.branch)^{tree}")
          == git(history.work, "cat-file", "-p", "\(history.branch)^{tree}"))
      try history.edit(3)
      let repository = try Repository.open(at: history.work)
      try repository.push(remote: "origin", refspecs: [history.refspec], options: testOptions(progress: { progress.record($0) }))
      try history.pushBothWays()
      // Nothing new: the push still succeeds and changes nothing.
      try history.pushBothWays()
    }
    #expect(transports == ["ssh", "ssh", "ssh", "ssh"], "every push took the direct path over ssh")
    let last = try #require(progress.reports.last)
    #expect(last.phase == .pushing)
    #expect(last.totalObjects > 0 && last.receivedObjects == last.totalObjects && last.receivedBytes > 0)
  }

  @Test("an scp-like address (alias:path from the ssh config) takes the direct path")
  func scpLikeAddress() throws {
    let served = try SSHServedHistory(seed: 3)
    let fixture = served.fixture
    try fixture.writeClientConfig(fixture.aliasConfig())
    served.history.originURL = "notes-test:\(served.history.served.bare)"
    let transports = try served.pushing {
      try served.history.edit(5)
      try served.history.pushBothWays()
    }
    #expect(transports == ["ssh"])
  }

  @Test("a push that would lose the remote's commits is refused before anything is sent, as through libgit2")
  func nonFastForwardRefused() throws {
    let served = try SSHServedHistory(seed: 7)
    let history = served.history
    try git(history.work, "commit", "-q", "--allow-empty", "-m", "only here")
    try git(history.work, "push", "-q", history.served.bare, "HEAD:\(history.branch)")
    try git(history.work, "reset", "-q", "--hard", "HEAD~1")
    try git(history.work, "commit", "-q", "--allow-empty", "-m", "diverged")
    let remoteTip = try git(history.served.bare, "rev-parse", history.branch)
    let (direct, libgit2) = try served.failingBothWays()
    guard case .nonFastForward(let reference, _) = direct as? TransferError else {
      Issue.record("expected a non-fast-forward refusal, got \(direct)")
      return
    }
    #expect(reference == history.branch)
    #expect("\(direct)" == "\(libgit2)")
    #expect(try git(history.served.bare, "rev-parse", history.branch) == remoteTip)
  }

  @Test("a pre-receive hook's refusal comes back with what the hook printed, as through libgit2")
  func hookRejection() throws {
    let served = try SSHServedHistory(seed: 11)
    let history = served.history
    try served.fixture.writeScript(
      "pre-receive", "echo 'notes are frozen until Monday: ask Alice' >&2\nexit 1")
    try FileManager.default.copyItem(
      atPath: served.fixture.path("pre-receive"), toPath: history.served.bare + "/hooks/pre-receive")
    try history.edit(6)
    let remoteTip = try git(history.served.bare, "rev-parse", history.branch)
    let (direct, libgit2) = try served.failingBothWays()
    guard case .rejected(let reference, let reason, _) = direct as? TransferError else {
      Issue.record("expected a rejection, got \(direct)")
      return
    }
    #expect(reference == history.branch)
    #expect(reason.contains("pre-receive hook declined"))
    #expect(reason.contains("notes are frozen until Monday: ask Alice"))
    #expect("\(direct)" == "\(libgit2)")
    #expect(try git(history.served.bare, "rev-parse", history.branch) == remoteTip)
    let repository = try Repository.open(at: history.work)
    #expect(try repository.referenceTarget("refs/remotes/origin/devices/laptop") == nil)
  }

  @Test("a connection that drops in the middle of the pack leaves the remote as it was and says so, as through libgit2")
  func droppedConnection() throws {
    let served = try SSHServedHistory(seed: 13)
    let history = served.history
    let fixture = served.fixture
    // ssh behind a relay that passes on the first 1,500 bytes we send (the commands and
    // the start of the pack), then kills ssh and exits 255.
    try fixture.writeScript("relay.py", Self.relay)
    let dropping = try fixture.writeScript(
      "dropping-ssh", "exec python3 '\(fixture.path("relay.py"))' 1500 ssh -F '\(fixture.path("ssh_config"))' \"$@\"")
    try git(history.work, "config", "core.sshCommand", dropping)
    try history.edit(30)
    let remoteTip = try git(history.served.bare, "rev-parse", history.branch)
    let tip = try git(history.work, "rev-parse", history.branch)
    let (direct, libgit2) = try served.failingBothWays()
    let error = try #require(direct as? GitError, "expected the ssh transport's error, got \(direct)")
    #expect(error.category == .ssh)
    #expect(error.message.contains("ssh to \(fixture.user)@127.0.0.1 failed (exit status 255)"))
    #expect(error.message.contains("relay: connection dropped after 1500 bytes"))
    #expect("\(direct)" == "\(libgit2)")
    #expect(try git(history.served.bare, "rev-parse", history.branch) == remoteTip)
    #expect(throws: (any Error).self) { try git(history.served.bare, "cat-file", "-e", tip) }
    try git(history.served.bare, "fsck", "--strict", "--no-dangling")
    // With the connection whole again, the same push goes through.
    try git(history.work, "config", "core.sshCommand", fixture.sshCommand)
    let transports = try served.pushing { try history.pushBothWays() }
    #expect(transports == ["ssh"])
  }

  /// Relays standard input to the command in its arguments up to a byte limit, then kills
  /// the command and exits 255, as a connection that drops would end ssh.
  static let relay = """
    import os, subprocess, sys
    limit = int(sys.argv[1])
    child = subprocess.Popen(sys.argv[2:], stdin=subprocess.PIPE)
    sent = 0
    while sent < limit:
        data = os.read(0, min(4096, limit - sent))
        if not data:
            break
        child.stdin.write(data)
        child.stdin.flush()
        sent += len(data)
    if sent >= limit:
        child.kill()
        child.wait()
        sys.stderr.write("relay: connection dropped after %d bytes\\n" % sent)
        sys.stderr.flush()
        os._exit(255)
    child.stdin.close()
    sys.exit(child.wait())
    """
}

/// A ``RandomHistory`` whose remote is reached over ssh, through a real sshd on 127.0.0.1.
final class SSHServedHistory {
  let fixture: SSHFixture
  let history: RandomHistory

  init(seed: UInt64) throws {
    fixture = try SSHFixture()
    try fixture.writeClientConfig("Host *\n  IdentityFile \(fixture.path("id_ed25519"))\n  IdentitiesOnly yes")
    history = try RandomHistory(seed: seed)
    history.originURL = "ssh://\(fixture.user)@127.0.0.1:\(fixture.port)\(history.served.bare)"
    try git(history.work, "config", "core.sshCommand", fixture.sshCommand)
  }

  /// Runs `body` with the machine's own ssh setup kept out; returns the transports of the
  /// pushes that took the direct path meanwhile.
  func pushing(_ body: () throws -> Void) throws -> [String] {
    let recorder = DirectPushRecorder()
    try SSHTransport.withEnvironment(SSHFixture.cleanEnvironment) {
      try DirectPushObservation.$observer.withValue({ recorder.record($0, $1) }) { try body() }
    }
    return recorder.transports
  }

  /// Pushes the branch to origin through the direct path, then the same commit through
  /// libgit2's `git_remote_push` (refspec `HEAD:<branch>`); both must fail. Returns both
  /// errors.
  func failingBothWays() throws -> (direct: any Error, libgit2: any Error) {
    let repository = try Repository.open(at: history.work)
    if try repository.remoteURL("origin") == nil {
      try repository.addRemote(name: "origin", url: history.originURL, fetchRefspec: deviceFetchRefspec)
    }
    #expect(try git(history.work, "symbolic-ref", "HEAD") == history.branch)
    var errors: [any Error] = []
    for refspec in [history.refspec, "HEAD:\(history.branch)"] {
      let transports = try pushing {
        do {
          try repository.push(remote: "origin", refspecs: [refspec], options: testOptions())
          Issue.record("pushing \(refspec) succeeded")
        } catch {
          errors.append(error)
        }
      }
      #expect(transports == (refspec == history.refspec ? ["ssh"] : []), "\(refspec) took the expected path")
    }
    guard errors.count == 2 else { throw FixtureError("a push that should have failed succeeded") }
    return (errors[0], errors[1])
  }
}

/// The transports of the pushes that took the direct path.
final class DirectPushRecorder: Sendable {
  private let seen = Mutex<[String]>([])
  var transports: [String] { seen.withLock { $0 } }
  func record(_ url: String, _ transport: String) { seen.withLock { $0.append(transport) } }
}

/// Every progress report of a transfer.
final class ProgressRecorder: Sendable {
  private let seen = Mutex<[TransferProgress]>([])
  var reports: [TransferProgress] { seen.withLock { $0 } }
  func record(_ progress: TransferProgress) { seen.withLock { $0.append(progress) } }
}
