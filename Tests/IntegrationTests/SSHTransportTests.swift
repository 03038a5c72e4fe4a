import Foundation
import Git
import Testing

/// Fetch and push through the real OpenSSH client against a real sshd on 127.0.0.1.
///
/// Serialized: each test starts its own sshd.
@Suite(
  "SSH transport through OpenSSH", .serialized,
  .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/sbin/sshd"), "/usr/sbin/sshd is missing: install openssh-server"))
struct SSHTransportTests {
  init() throws {
    try SSHTransport.register()
    try #require(SSHTransport.isUsingOpenSSH, "no ssh on PATH: install openssh-client")
  }

  @Test("fetches and pushes over ssh:// with an ed25519 key file")
  func keyFile() throws {
    let fixture = try SSHFixture()
    try fixture.writeClientConfig("Host *\n  IdentityFile \(fixture.path("id_ed25519"))\n  IdentitiesOnly yes")
    try roundTrip(fixture, url: fixture.url("server/notes.git"))
  }

  @Test("fetches and pushes with the key held by ssh-agent")
  func agent() throws {
    let fixture = try SSHFixture()
    let socket = try fixture.startAgent()
    // No IdentityFile: the key lives only in the fixture directory and in the agent.
    try fixture.writeClientConfig()
    var environment = SSHFixture.cleanEnvironment
    environment["SSH_AUTH_SOCK"] = socket
    try roundTrip(fixture, url: fixture.url("server/notes.git"), environment: environment)
  }

  @Test("resolves a Host alias from the ssh config: HostName, Port, User and IdentityFile")
  func hostAlias() throws {
    let fixture = try SSHFixture()
    try fixture.writeClientConfig(fixture.aliasConfig())
    try roundTrip(fixture, url: "ssh://notes-test\(fixture.directory)/server/notes.git")
  }

  @Test("goes through a ProxyJump host named in the ssh config")
  func proxyJump() throws {
    let fixture = try SSHFixture()
    // The server is its own jump host: ssh connects to it, then forwards to it again.
    let jump = fixture.aliasConfig("notes-jump")
    try fixture.writeClientConfig(jump + "\n" + fixture.aliasConfig() + "\n  ProxyJump notes-jump")
    try roundTrip(fixture, url: "ssh://notes-test\(fixture.directory)/server/notes.git")
    // A push and a fetch, each logged in twice: once at the jump host, once at the target.
    let logins = SSHFixture.log(fixture.path("sshd.log")).components(separatedBy: "Accepted publickey for").count - 1
    #expect(logins == 4)
  }

  @Test("reaches scp-like addresses, alias:path")
  func scpLikeAddress() throws {
    let fixture = try SSHFixture()
    try fixture.writeClientConfig(fixture.aliasConfig())
    try roundTrip(fixture, url: "notes-test:\(fixture.directory)/server/notes.git")
  }

  @Test("refuses an unknown host key, with OpenSSH's message and how to trust the host")
  func unknownHostKey() throws {
    let fixture = try SSHFixture()
    try fixture.writeClientConfig("Host *\n  IdentityFile \(fixture.path("id_ed25519"))", trustingServer: false)
    _ = try fixture.makeServerRepository("server/notes.git")
    let client = try fixture.makeClientRepository("client")
    let error = try #require(throws: GitError.self) {
      try SSHTransport.withEnvironment(SSHFixture.cleanEnvironment) {
        _ = try client.fetch(url: fixture.url("server/notes.git"), refspecs: ["+refs/heads/*:refs/remotes/origin/*"], options: TransferOptions())
      }
    }
    #expect(error.code == .certificate)
    #expect(error.category == .ssh)
    #expect(error.message.contains("Host key verification failed"))
    #expect(error.message.contains("ssh-keyscan -p \(fixture.port) 127.0.0.1 >> ~/.ssh/known_hosts"))
    #expect(error.message.contains("ssh -p \(fixture.port) \(fixture.user)@127.0.0.1"))
  }

  @Test("refuses when the server accepts none of the keys, with a hint about keys")
  func refusedKey() throws {
    let fixture = try SSHFixture()
    try SSHFixture.run(
      "/usr/bin/ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-f", fixture.path("stranger")])
    try fixture.writeClientConfig("Host *\n  IdentityFile \(fixture.path("stranger"))\n  IdentitiesOnly yes")
    let client = try fixture.makeClientRepository("client")
    let error = try #require(throws: GitError.self) {
      try SSHTransport.withEnvironment(SSHFixture.cleanEnvironment) {
        try client.push(url: fixture.url("server/notes.git"), refspecs: ["refs/heads/main:refs/heads/main"], options: TransferOptions())
      }
    }
    #expect(error.code == .authentication)
    #expect(error.message.contains("Permission denied (publickey)"))
    #expect(error.message.contains("ssh-add"))
  }

  @Test("GIT_SSH_COMMAND wins over core.sshCommand and gets git's arguments")
  func gitSSHCommand() throws {
    let fixture = try SSHFixture()
    try fixture.writeClientConfig("Host *\n  IdentityFile \(fixture.path("id_ed25519"))\n  IdentitiesOnly yes")
    let wrapper = try fixture.writeScript(
      "logging-ssh", "echo \"$@\" >> '\(fixture.path("wrapper.log"))'\nexec ssh -F '\(fixture.path("ssh_config"))' \"$@\"")
    var environment = SSHFixture.cleanEnvironment
    environment["GIT_SSH_COMMAND"] = wrapper
    // core.sshCommand would fail: only GIT_SSH_COMMAND can make this work.
    try roundTrip(fixture, url: fixture.url("server/notes.git"), sshCommand: "false", environment: environment)
    let log = SSHFixture.log(fixture.path("wrapper.log"))
    let destination = "\(fixture.user)@127.0.0.1"
    #expect(log.contains("-o BatchMode=yes -p \(fixture.port) \(destination) git-receive-pack '\(fixture.directory)/server/notes.git'"))
    #expect(log.contains("-o BatchMode=yes -p \(fixture.port) \(destination) git-upload-pack '\(fixture.directory)/server/notes.git'"))
  }

  @Test("stops a server that sends nothing after the timeout, with an error that says so")
  func stalledServer() throws {
    let fixture = try SSHFixture()
    let stall = try fixture.writeScript("stall", "echo $$ > '\(fixture.path("stall.pid"))'\nexec sleep 30")
    let client = try fixture.makeClientRepository("client", sshCommand: stall)
    let error = try #require(throws: GitError.self) {
      try SSHTransport.withEnvironment(SSHFixture.cleanEnvironment) {
        _ = try client.fetch(
          url: fixture.url("server/notes.git"), refspecs: ["+refs/heads/*:refs/remotes/origin/*"],
          options: TransferOptions(timeout: 1))
      }
    }
    #expect(error.message.contains("timed out"))
    #expect(error.message.contains("ssh process was stopped"))
    let pid = try #require(pid_t(SSHFixture.log(fixture.path("stall.pid")).trimmingCharacters(in: .whitespacesAndNewlines)))
    // The script ran as a grandchild (under `sh -c`); killed with its process group, it is
    // soon gone or, until init reaps it, a zombie: in no case still sleeping 30 s later.
    try SSHFixture.waitUntil("the stalled process was killed") {
      let state = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8))
        .flatMap { $0.split(separator: ")").last?.split(separator: " ").first }
      return state == nil || state == "Z"
    }
  }

  @Test("passes on the remote git's message when the repository does not exist")
  func missingRepository() throws {
    let fixture = try SSHFixture()
    try fixture.writeClientConfig("Host *\n  IdentityFile \(fixture.path("id_ed25519"))\n  IdentitiesOnly yes")
    let client = try fixture.makeClientRepository("client")
    let error = try #require(throws: GitError.self) {
      try SSHTransport.withEnvironment(SSHFixture.cleanEnvironment) {
        _ = try client.fetch(url: fixture.url("server/missing.git"), refspecs: ["+refs/heads/*:refs/remotes/origin/*"], options: TransferOptions())
      }
    }
    #expect(error.message.contains("does not appear to be a git repository"))
    #expect(error.category == .ssh)
  }

  // MARK: - Helpers

  /// Pushes a commit to a new bare repository on the server over `url`, fetches it into a
  /// second client, and checks both ends; also that no libgit2 handle and no child process
  /// is left behind.
  private func roundTrip(
    _ fixture: SSHFixture, url: String, sshCommand: String? = nil,
    environment: [String: String] = SSHFixture.cleanEnvironment,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let leaked = try GitLibrary.handlesLeaked {
      let server = try fixture.makeServerRepository("server/notes.git")
      let client = try fixture.makeClientRepository("client", sshCommand: sshCommand)
      let id = try client.commitFile("a.txt", "hello over ssh")
      let other = try fixture.makeClientRepository("other", sshCommand: sshCommand)
      try SSHTransport.withEnvironment(environment) {
        try client.push(url: url, refspecs: ["refs/heads/main:refs/heads/main"], options: TransferOptions())
        _ = try other.fetch(url: url, refspecs: ["+refs/heads/main:refs/remotes/origin/main"], options: TransferOptions())
      }
      #expect(try server.referenceTarget("refs/heads/main") == id, sourceLocation: sourceLocation)
      #expect(try other.referenceTarget("refs/remotes/origin/main") == id, sourceLocation: sourceLocation)
      #expect(try other.commit(id).message == "add a.txt", sourceLocation: sourceLocation)
    }
    #expect(leaked == 0, "libgit2 handles leaked", sourceLocation: sourceLocation)
    #expect(lastingZombieChildren().isEmpty, "unreaped ssh processes", sourceLocation: sourceLocation)
  }

  /// The zombie children (``zombieChildren()``) still unreaped after 10 s: the transport
  /// reaps its own as a connection ends, so one it forgot stays, while a child another
  /// suite's transfer (running meanwhile in this process) has not reaped yet soon goes.
  private func lastingZombieChildren() -> Set<String> {
    var lasting = zombieChildren()
    for _ in 0..<200 where !lasting.isEmpty {
      usleep(50_000)
      lasting.formIntersection(zombieChildren())
    }
    return lasting
  }

  /// This process's children that exited but were not reaped, among the ones the transport
  /// starts (`sh` for configured commands, `ssh` itself), with their start times (so a
  /// reused pid is another child).
  private func zombieChildren() -> Set<String> {
    let me = getpid()
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return Set(entries.compactMap { entry -> String? in
      guard Int32(entry) != nil, let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
        let close = stat.lastIndex(of: ")")
      else { return nil }
      let name = stat[stat.index(after: stat.firstIndex(of: "(") ?? stat.startIndex)..<close]
      let fields = stat[stat.index(after: close)...].split(separator: " ")
      guard fields.count > 19, fields[0] == "Z", Int32(fields[1]) == me, name == "sh" || name == "ssh" else {
        return nil
      }
      return "\(entry) \(name) started \(fields[19])"
    })
  }
}
