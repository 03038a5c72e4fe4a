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
    // All of the input, or the result says it was cut short: a fixture fed half its
    // input (a write interrupted by another child's signal) must not pass for a whole one.
    nonisolated(unsafe) var inputError: String?
    let writing = DispatchGroup()
    writing.enter()
    Thread {
      if let input { inputError = writeAll(input, to: stdin.fileHandleForWriting.fileDescriptor) }
      try? stdin.fileHandleForWriting.close()
      writing.leave()
    }.start()
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
    writing.wait()
    if let inputError {
      return RunResult(status: -1, stdoutData: outData, stderr: "cannot write the input of \(executable): \(inputError)")
    }
    return RunResult(status: process.terminationStatus, stdoutData: outData, stderr: String(decoding: errData, as: UTF8.self))
  }

  /// Writes all of `data` to `descriptor`, again after an interrupted or partial
  /// write; the error, or nil (also when the reader has gone).
  private static func writeAll(_ data: Data, to descriptor: Int32) -> String? {
    data.withUnsafeBytes { buffer -> String? in
      guard let base = buffer.baseAddress else { return nil }
      var offset = 0
      while offset < buffer.count {
        let written = write(descriptor, base + offset, buffer.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          // A child that exits without reading all of it chose to: its result stands.
          return errno == EPIPE ? nil : String(cString: strerror(errno))
        }
        offset += written
      }
      return nil
    }
  }
}
