import Foundation

/// Runs `notes` with its standard streams on a pseudo-terminal, through util-linux's
/// `script`, so the program sees a TTY exactly as it does in a terminal window.
enum PseudoTerminal {
  /// Whether `script` is installed (Debian's bsdutils).
  static var isAvailable: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/script") }

  /// `word` quoted for `sh`.
  static func quoted(_ word: String) -> String {
    "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }
}

extension Sandbox {
  /// Runs `notes arguments` on a pseudo-terminal in `directory`; what the terminal showed
  /// (stdout and stderr together, as a terminal shows them) is the result's stdout.
  /// `pipeStdout` sends standard output through `cat` instead, so only stderr is a TTY.
  func notesOnTerminal(
    _ arguments: [String], in directory: String? = nil, environment extra: [String: String] = [:],
    pipeStdout: Bool = false
  ) -> RunResult {
    var environment = self.environment
    environment["TERM"] = "xterm-256color"
    environment["NO_COLOR"] = nil
    for (key, value) in extra { environment[key] = value }
    var command = ([CommandRunner.notesBinary] + arguments).map(PseudoTerminal.quoted).joined(separator: " ")
    if pipeStdout { command += " | cat" }
    return CommandRunner.run(
      "/usr/bin/script", ["-qec", command, "/dev/null"], in: directory ?? self.directory,
      environment: environment)
  }
}
