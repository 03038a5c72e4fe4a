import Foundation

/// What a finished process printed and how it exited, stdout and stderr apart.
struct RunResult {
  var status: Int32
  var stdoutData: Data
  var stderr: String

  var stdout: String { String(decoding: stdoutData, as: UTF8.self) }
}

/// Runs programs for the end-to-end tests with a controlled environment.
enum CommandRunner {
  /// The built `notes` binary: `NOTES_BINARY`, else next to the test bundle.
  static var notesBinary: String {
    if let path = ProcessInfo.processInfo.environment["NOTES_BINARY"], !path.isEmpty { return path }
    var directory = URL(fileURLWithPath: CommandLine.arguments.first ?? ".").deletingLastPathComponent()
    for _ in 0..<4 {
      let candidate = directory.appendingPathComponent("notes").path
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
      directory = directory.deletingLastPathComponent()
    }
    for configuration in ["debug", "release"] {
      let fromSource = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent(".build/\(configuration)/notes").path
      if FileManager.default.isExecutableFile(atPath: fromSource) { return fromSource }
    }
    return "notes"
  }

  /// Runs `executable` with `arguments` in `directory`, feeding `input` to stdin
  /// (an empty stdin when nil), and waits for it.
  static func run(
    _ executable: String, _ arguments: [String], in directory: String, input: Data? = nil,
    environment: [String: String]
  ) -> RunResult {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.currentDirectoryURL = URL(fileURLWithPath: directory)
    process.environment = environment
    let stdout = Pipe()
    let stderr = Pipe()
    let stdin = Pipe()
    process.standardOutput = stdout
    process.standardError = stderr
    process.standardInput = stdin
    do {
      try process.run()
    } catch {
      return RunResult(status: -1, stdoutData: Data(), stderr: "cannot run \(executable): \(error)")
    }
    let writer = Thread {
      if let input { try? stdin.fileHandleForWriting.write(contentsOf: input) }
      try? stdin.fileHandleForWriting.close()
    }
    writer.start()
    let group = DispatchGroup()
    nonisolated(unsafe) var errData = Data()
    group.enter()
    Thread {
      errData = stderr.fileHandleForReading.readDataToEndOfFile()
      group.leave()
    }.start()
    let outData = stdout.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    process.waitUntilExit()
    return RunResult(status: process.terminationStatus, stdoutData: outData, stderr: String(decoding: errData, as: UTF8.self))
  }
}
