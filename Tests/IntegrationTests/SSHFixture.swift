import Foundation
import Git

/// A real sshd on 127.0.0.1 (its own host key, public keys only) and the client files to reach
/// it, all in one temporary directory that goes away with the fixture; sshd and any agent are
/// stopped then too. The real `~/.ssh` is never read or written: clients use `ssh -F config`.
final class SSHFixture {
  let directory: String
  let port: Int
  let user: String
  private let server: SSHDaemon
  private var agent: SSHDaemon?

  /// Makes a client key, starts sshd on a free port and waits (at most 60 s) until it listens;
  /// tries another port when sshd could not have the one it was given (taken meanwhile).
  init() throws {
    // Writing to an ssh that has gone must be an error, not the end of the test run.
    signal(SIGPIPE, SIG_IGN)
    let base = FileManager.default.temporaryDirectory.appendingPathComponent("SSHTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
    directory = base.resolvingSymlinksInPath().path
    user = try SSHFixture.run("/usr/bin/id", ["-un"])
    try SSHFixture.run(
      "/usr/bin/ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-C", "notes-test-client", "-f", directory + "/id_ed25519"])
    try FileManager.default.copyItem(atPath: directory + "/id_ed25519.pub", toPath: directory + "/authorized_keys")
    (port, server) = try SSHFixture.startServer(in: directory)
  }

  /// Starts sshd on a free port in `directory`, trying again (three times in all) when it
  /// does not come up, as when another test's server took the port meanwhile.
  private static func startServer(in directory: String) throws -> (Int, SSHDaemon) {
    var attempt = 0
    while true {
      attempt += 1
      let port = try freePort()
      let server = try SSHDaemon("/bin/sh", [serverScript, directory, String(port)], log: directory + "/sshd-start.log")
      do {
        try waitUntilListening(server, port: port, directory: directory)
        return (port, server)
      } catch {
        server.stop()
        guard attempt < 3 else { throw error }
        try? FileManager.default.removeItem(atPath: directory + "/sshd.log")
      }
    }
  }

  /// The script that runs sshd, next to this file.
  static let serverScript = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Servers/sshd-serve.sh").path

  func path(_ relative: String) -> String { directory + "/" + relative }

  /// `ssh://user@127.0.0.1:PORT/<directory>/<repository>`.
  func url(_ repository: String) -> String { "ssh://\(user)@127.0.0.1:\(port)\(directory)/\(repository)" }

  /// The `known_hosts` line that trusts this server's host key.
  func knownHostsLine() throws -> String {
    let key = try String(contentsOfFile: path("host_ed25519.pub"), encoding: .utf8)
      .split(separator: " ").prefix(2).joined(separator: " ")
    return "[127.0.0.1]:\(port) \(key)\n"
  }

  /// Writes an ssh client config: `body`, then defaults that keep ssh inside this fixture
  /// (its own known_hosts, strict checking, no global files). Returns the config's path.
  @discardableResult
  func writeClientConfig(_ body: String = "", trustingServer: Bool = true) throws -> String {
    try (trustingServer ? knownHostsLine() : "").write(toFile: path("known_hosts"), atomically: true, encoding: .utf8)
    let defaults = """
      Host *
        UserKnownHostsFile \(path("known_hosts"))
        GlobalKnownHostsFile /dev/null
        StrictHostKeyChecking yes
        ConnectTimeout 10

      """
    try (body + "\n" + defaults).write(toFile: path("ssh_config"), atomically: true, encoding: .utf8)
    return path("ssh_config")
  }

  /// An ssh config entry that names this server `alias` (`notes-test` unless given), so
  /// that `alias:path` is an scp-like address of a repository on it.
  func aliasConfig(_ alias: String = "notes-test") -> String {
    """
    Host \(alias)
      HostName 127.0.0.1
      Port \(port)
      User \(user)
      IdentityFile \(path("id_ed25519"))
      IdentitiesOnly yes
    """
  }

  /// A `core.sshCommand` that uses this fixture's client config.
  var sshCommand: String { "ssh -F '\(path("ssh_config"))'" }

  /// The process environment without anything that would let the machine's own ssh setup
  /// (agent, GIT_SSH_COMMAND) leak into a test.
  static var cleanEnvironment: [String: String] {
    var environment = ProcessInfo.processInfo.environment
    for key in ["SSH_AUTH_SOCK", "GIT_SSH_COMMAND", "GIT_SSH", "SSH_ASKPASS", "DISPLAY"] {
      environment[key] = nil
    }
    return environment
  }

  /// Starts `ssh-agent` on a socket in the fixture, adds the client key, and returns the
  /// socket's path (for `SSH_AUTH_SOCK`).
  func startAgent() throws -> String {
    let socket = path("agent.sock")
    agent = try SSHDaemon("/usr/bin/ssh-agent", ["-D", "-a", socket], log: path("agent.log"))
    try SSHFixture.waitUntil("ssh-agent's socket appears") { FileManager.default.fileExists(atPath: socket) }
    var environment = SSHFixture.cleanEnvironment
    environment["SSH_AUTH_SOCK"] = socket
    try SSHFixture.run("/usr/bin/ssh-add", ["-q", path("id_ed25519")], environment: environment)
    return socket
  }

  /// Writes an executable shell script and returns its path.
  @discardableResult
  func writeScript(_ name: String, _ body: String) throws -> String {
    try ("#!/bin/sh\n" + body + "\n").write(toFile: path(name), atomically: true, encoding: .utf8)
    guard chmod(path(name), 0o755) == 0 else { throw FixtureError("cannot make \(name) executable") }
    return path(name)
  }

  /// A new bare repository at `<directory>/<relative>` on branch `main`, as the server's copy.
  func makeServerRepository(_ relative: String) throws -> Repository {
    try Repository.create(at: path(relative), initialBranch: "main", bare: true)
  }

  /// A new client repository whose `core.sshCommand` uses this fixture's config.
  func makeClientRepository(_ relative: String, sshCommand: String? = nil) throws -> Repository {
    let repository = try Repository.create(at: path(relative), initialBranch: "main")
    try repository.setConfig("core.sshCommand", to: sshCommand ?? self.sshCommand)
    return repository
  }

  /// Waits until sshd says it listens on `port`: its own log line, not a connection, which
  /// another test's server on the same port would also accept.
  private static func waitUntilListening(_ server: SSHDaemon, port: Int, directory: String) throws {
    let log = directory + "/sshd.log"
    try waitUntil("sshd listens on port \(port) (log: \(log))") {
      if SSHFixture.log(log).contains("Server listening on 127.0.0.1 port \(port).") { return true }
      guard server.isRunning else {
        throw FixtureError("sshd exited: \(SSHFixture.log(directory + "/sshd-start.log")) \(SSHFixture.log(log))")
      }
      return false
    }
  }

  deinit {
    agent?.stop()
    server.stop()
    try? FileManager.default.removeItem(atPath: directory)
  }
}
