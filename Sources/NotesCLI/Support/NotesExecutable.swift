import Foundation

/// How git should run this `notes` binary: its absolute path, shell-quoted.
enum NotesExecutable {
  static var shellCommand: String {
    let path = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
    let resolved = FileManager.default.isExecutableFile(atPath: path) ? path : (CommandLine.arguments.first ?? "notes")
    return "'" + resolved.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }
}
