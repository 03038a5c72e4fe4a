import Foundation

/// How git should run this `notes` binary: its absolute path, shell-quoted.
enum NotesExecutable {
  static var shellCommand: String {
    "'" + path.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }

  /// The absolute path of the running binary (hooks get it as NOTES_EXECUTABLE).
  static var path: String {
    let path = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
    return FileManager.default.isExecutableFile(atPath: path) ? path : (CommandLine.arguments.first ?? "notes")
  }
}
