import Foundation

/// The ssh program a connection runs, chosen the way git chooses it.
enum SSHProgram: Equatable, Sendable {
  /// A command line run through `sh -c '<command> "$@"'` (`GIT_SSH_COMMAND`, `core.sshCommand`).
  case shellCommand(String)
  /// A program run directly, without a shell (`GIT_SSH`, `ssh` found on `PATH`).
  case executable(String)

  /// Picks the program in git's order: `GIT_SSH_COMMAND`, then `core.sshCommand`, then
  /// `GIT_SSH`, then `fallbackCommand` (given at registration), then `ssh` on `PATH`.
  /// Nil when none of them gives a program.
  static func resolve(
    environment: [String: String], configuredCommand: String?, fallbackCommand: String?
  ) -> SSHProgram? {
    if let command = nonEmpty(environment["GIT_SSH_COMMAND"]) { return .shellCommand(command) }
    if let command = nonEmpty(configuredCommand) { return .shellCommand(command) }
    if let program = nonEmpty(environment["GIT_SSH"]) {
      return findExecutable(program, path: environment["PATH"]).map { .executable($0) }
    }
    if let command = nonEmpty(fallbackCommand) { return .shellCommand(command) }
    return findExecutable("ssh", path: environment["PATH"]).map { .executable($0) }
  }

  /// `name` itself when it contains a `/`, else the first executable file of that name in the
  /// `PATH` directories (`/usr/bin:/bin` when `PATH` is unset, as the shell does).
  static func findExecutable(_ name: String, path: String?) -> String? {
    if name.contains("/") { return access(name, X_OK) == 0 ? name : nil }
    let directories = (path ?? "/usr/bin:/bin").split(separator: ":", omittingEmptySubsequences: false)
    for directory in directories {
      let candidate = (directory.isEmpty ? "." : String(directory)) + "/" + name
      var info = stat()
      if stat(candidate, &info) == 0, info.st_mode & S_IFMT == S_IFREG, access(candidate, X_OK) == 0 {
        return candidate
      }
    }
    return nil
  }

  private static func nonEmpty(_ text: String?) -> String? {
    guard let text, !text.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
    return text
  }
}

/// The full command line for one connection: the program, OpenSSH options, the destination
/// and the remote git command.
struct SSHCommandLine: Equatable, Sendable {
  /// The file to execute.
  var executable: String
  /// `argv`, starting with the program's name.
  var arguments: [String]

  /// `ssh [-o BatchMode=yes] [-p PORT] [user@]host "git-upload-pack '/path'"`, as git builds it
  /// for OpenSSH. `service` is `git-upload-pack` or `git-receive-pack`.
  init(program: SSHProgram, address: SSHAddress, service: String, batchMode: Bool) {
    var sshArguments: [String] = []
    if batchMode { sshArguments += ["-o", "BatchMode=yes"] }
    if let port = address.port { sshArguments += ["-p", String(port)] }
    sshArguments.append(address.destination)
    sshArguments.append("\(service) \(Self.shellQuoted(address.path))")
    switch program {
    case .shellCommand(let command):
      executable = "/bin/sh"
      arguments = ["sh", "-c", command + " \"$@\"", command] + sshArguments
    case .executable(let path):
      executable = path
      arguments = [path] + sshArguments
    }
  }

  /// Quotes `text` for a POSIX shell the way git's `sq_quote_buf` does: inside single quotes,
  /// with `'` and `!` written as `'\''` and `'\!'`.
  static func shellQuoted(_ text: String) -> String {
    var quoted = "'"
    for character in text {
      if character == "'" || character == "!" {
        quoted += "'\\\(character)'"
      } else {
        quoted.append(character)
      }
    }
    return quoted + "'"
  }
}
