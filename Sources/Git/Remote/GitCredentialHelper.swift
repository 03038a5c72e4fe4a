import Foundation

/// A user name and password for one remote; the password never appears in descriptions.
struct Credential: Sendable, CustomStringConvertible {
  var username: String
  var password: String

  var description: String { "credential for \(username)" }
}

/// What a credential is for, in the terms of git's credential protocol
/// (`git help credential`, "INPUT/OUTPUT FORMAT").
struct CredentialRequest: Sendable {
  var `protocol`: String
  /// The host, with `:port` when the URL names one.
  var host: String
  /// The repository path without its leading `/`.
  var path: String
  var username: String?

  /// The request for `url`; nil when it is not a URL with a host (a local path).
  init?(url: String, username: String?) {
    guard let parsed = URLComponents(string: url), let scheme = parsed.scheme,
      let host = parsed.host, !host.isEmpty
    else { return nil }
    self.protocol = scheme
    self.host = parsed.port.map { "\(host):\($0)" } ?? host
    path = String(parsed.path.drop(while: { $0 == "/" }))
    self.username = username ?? parsed.user
  }
}

/// Runs `git credential fill|approve|reject` in the repository, so the user's configured
/// helpers (`credential.helper`) supply, keep and forget credentials just as they do for git.
struct GitCredentialHelper: Sendable {
  /// The directory git runs in, so that the repository's own configuration applies.
  var directory: String
  /// Whether git may prompt (terminal or `GIT_ASKPASS`) when no helper has the credential.
  var allowsPrompt: Bool
  /// The longest a helper may run when prompting is off.
  var timeout: Double

  /// Asks the helpers for a credential; nil when none has one (and prompting is off or the
  /// user gave none).
  func fill(_ request: CredentialRequest) -> Credential? {
    guard let output = run("fill", input: fields(request, nil)) else { return nil }
    var username: String?
    var password: String?
    for line in output.split(separator: "\n") {
      guard let equals = line.firstIndex(of: "=") else { continue }
      let value = String(line[line.index(after: equals)...])
      switch line[..<equals] {
      case "username": username = value
      case "password": password = value
      default: break
      }
    }
    guard let username, let password else { return nil }
    return Credential(username: username, password: password)
  }

  /// Tells the helpers that `credential` worked, so they may store it.
  func approve(_ credential: Credential, for request: CredentialRequest) {
    _ = run("approve", input: fields(request, credential))
  }

  /// Tells the helpers that `credential` was refused, so they forget it.
  func reject(_ credential: Credential, for request: CredentialRequest) {
    _ = run("reject", input: fields(request, credential))
  }

  private func fields(_ request: CredentialRequest, _ credential: Credential?) -> String {
    var lines = ["protocol=\(request.protocol)", "host=\(request.host)"]
    if !request.path.isEmpty { lines.append("path=\(request.path)") }
    if let username = credential?.username ?? request.username {
      lines.append("username=\(username)")
    }
    if let credential { lines.append("password=\(credential.password)") }
    // Values cannot contain newlines in git's protocol; drop any rather than inject fields.
    let clean = lines.map { $0.replacingOccurrences(of: "\n", with: "") }
    return clean.joined(separator: "\n") + "\n\n"
  }

  /// Runs `git credential <action>`; its standard output when it exits 0, else nil.
  private func run(_ action: String, input: String) -> String? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["git", "-C", directory, "credential", action]
    var environment = ProcessInfo.processInfo.environment
    if !allowsPrompt {
      environment["GIT_TERMINAL_PROMPT"] = "0"
      // An empty GIT_ASKPASS also overrides core.askPass and SSH_ASKPASS.
      environment["GIT_ASKPASS"] = ""
    }
    process.environment = environment
    let stdin = Pipe()
    let stdout = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = FileHandle.nullDevice
    do { try process.run() } catch { return nil }
    if !allowsPrompt {
      let limit = timeout
      DispatchQueue.global().asyncAfter(deadline: .now() + limit) { [process] in
        if process.isRunning { process.terminate() }
      }
    }
    try? stdin.fileHandleForWriting.write(contentsOf: Data(input.utf8))
    try? stdin.fileHandleForWriting.close()
    let output = stdout.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationReason == .exit, process.terminationStatus == 0 else { return nil }
    return String(decoding: output, as: UTF8.self)
  }
}
