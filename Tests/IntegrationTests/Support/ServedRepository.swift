import Foundation
import Git
import Testing

/// The ways a client reaches a remote repository in these tests.
enum Transport: String, CaseIterable, Sendable, CustomTestStringConvertible {
  case path, fileURL, gitDaemon, http, https

  var testDescription: String {
    switch self {
    case .path: "a bare repository by path"
    case .fileURL: "a file:// URL"
    case .gitDaemon: "git daemon (git://)"
    case .http: "smart HTTP with basic auth"
    case .https: "HTTPS with a self-signed certificate"
    }
  }
}

/// A bare repository `srv/notes.git` in a sandbox, served over one transport, and what a
/// client repository needs to reach it (credentials through a real git credential helper,
/// the CA certificate).
final class ServedRepository {
  static let user = "alice"
  static let password = "s3cret"

  let sandbox: Sandbox
  let transport: Transport
  /// The bare repository's path on disk.
  let bare: String
  /// The URL clients use.
  let url: String
  /// The HTTP and HTTPS ports, when lighttpd serves the repository.
  private(set) var httpPort: UInt16 = 0
  private(set) var httpsPort: UInt16 = 0
  private var server: ServerProcess?

  init(_ transport: Transport, in sandbox: Sandbox) throws {
    self.sandbox = sandbox
    self.transport = transport
    bare = sandbox.file("srv/notes.git")
    try git(sandbox.path, "init", "-q", "--bare", "-b", "main", bare)
    switch transport {
    case .path:
      url = bare
    case .fileURL:
      url = "file://" + bare
    case .gitDaemon:
      let (server, port) = try startServer {
        let port = try freePort()
        return (try ServerProcess(script: "git-daemon.sh", [sandbox.path, String(port)]), port)
      }
      self.server = server
      url = "git://127.0.0.1:\(port)/notes.git"
    case .http, .https:
      let (server, http, https) = try startServer {
        let http = try freePort()
        let https = try freePort()
        let server = try ServerProcess(
          script: "lighttpd.sh",
          [sandbox.path, String(http), String(https), Self.user, Self.password])
        return (server, http, https)
      }
      self.server = server
      httpPort = http
      httpsPort = https
      url =
        transport == .http
        ? "http://127.0.0.1:\(http)/git/notes.git" : "https://127.0.0.1:\(https)/git/notes.git"
    }
  }

  /// The self-signed certificate lighttpd serves (its own CA).
  var certificate: String { sandbox.file("cert.pem") }

  /// Makes `client` able to reach this repository: for HTTP(S), a `store` credential helper
  /// holding the right password (git's own helper, in a file in the sandbox) and, for
  /// HTTPS, `http.sslCAInfo`.
  func configure(client: String, password: String = ServedRepository.password) throws {
    guard transport == .http || transport == .https else { return }
    let store = sandbox.file("credentials-\(UUID().uuidString)")
    let scheme = transport == .http ? "http" : "https"
    let port = transport == .http ? httpPort : httpsPort
    try sandbox.write(
      String(store.dropFirst(sandbox.path.count + 1)),
      "\(scheme)://\(Self.user):\(password)@127.0.0.1:\(port)\n")
    try useCredentialHelper("store --file=\(store)", in: client)
    if transport == .https { try git(client, "config", "http.sslCAInfo", certificate) }
  }

  /// Makes `helper` the only credential helper of `client` (an empty value first resets the
  /// list, so no helper from the machine's configuration takes part).
  func useCredentialHelper(_ helper: String, in client: String) throws {
    try git(client, "config", "--add", "credential.helper", "")
    try git(client, "config", "--add", "credential.helper", helper)
  }

  /// The commit `reference` points to in the served repository; nil when it does not exist.
  func tip(_ reference: String) throws -> ObjectID? {
    let output = try? git(bare, "rev-parse", "--verify", "-q", reference)
    return output.flatMap { ObjectID(hex: $0) }
  }

  deinit { server?.stop() }
}

/// A device's repository: a git working directory on branch `devices/<name>` with one
/// commit, opened through the `Git` module.
struct Device {
  let path: String
  let repository: Repository
  let branch: String

  init(_ name: String, in sandbox: Sandbox, reaching served: ServedRepository) throws {
    path = sandbox.file("devices/\(name)")
    branch = "refs/heads/devices/\(name)"
    try git(sandbox.path, "init", "-q", "-b", "devices/\(name)", path)
    try sandbox.write("devices/\(name)/\(name).txt", "written on \(name)\n")
    try git(path, "add", ".")
    try git(path, "commit", "-q", "-m", "first note on \(name)")
    try served.configure(client: path)
    repository = try Repository.open(at: path)
  }

  /// Commits another change on the device's branch and returns the new tip.
  @discardableResult
  func commit(_ text: String) throws -> ObjectID {
    let name = String(branch.split(separator: "/").last ?? "note")
    try Data(text.utf8).write(to: URL(fileURLWithPath: path + "/\(name).txt"))
    try git(path, "commit", "-q", "-a", "-m", text)
    return try #require(try repository.referenceTarget(branch))
  }

  var tip: ObjectID {
    get throws { try #require(try repository.referenceTarget(branch)) }
  }

  /// The refspec that pushes this device's branch to the same name.
  var pushRefspec: String { "\(branch):\(branch)" }
}

/// The fetch refspec every device uses.
let deviceFetchRefspec = "+refs/heads/devices/*:refs/remotes/origin/devices/*"

/// Options with a short timeout, so a hung test fails fast instead of stalling the suite.
func testOptions(
  timeout: Double = 20, progress: (@Sendable (TransferProgress) -> Void)? = nil
) -> TransferOptions {
  TransferOptions(timeout: timeout, progress: progress)
}
