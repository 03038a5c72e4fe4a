import Foundation

/// A server started by one of the scripts in `Tests/IntegrationTests/Servers`, stopped (its
/// whole process group) when this object ends.
final class ServerProcess {
  /// The server's pid, which is also its process-group id (the scripts start it with setsid).
  let processGroup: pid_t

  /// The directory of the server scripts.
  static let scripts = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Servers").path

  /// Runs `script` with `arguments`; it starts the server and prints its pid.
  init(script: String, _ arguments: [String]) throws {
    let output = try runCommand(["bash", Self.scripts + "/" + script] + arguments)
    guard let pid = pid_t(output.split(separator: "\n").last ?? "") else {
      throw CommandFailure(command: [script] + arguments, status: 0, output: output)
    }
    processGroup = pid
  }

  /// Stops the server: SIGKILL to its whole process group. Not SIGTERM: processes started
  /// from the test runner inherit a signal mask that blocks it.
  func stop() {
    kill(-processGroup, SIGKILL)
  }

  deinit { stop() }
}

/// Starts a server on free ports, retrying with new ports when one was taken meanwhile.
func startServer<Server>(attempts: Int = 3, _ start: () throws -> Server) throws -> Server {
  var lastError: (any Error)?
  for _ in 0..<attempts {
    do { return try start() } catch { lastError = error }
  }
  throw lastError ?? CommandFailure(command: ["start server"], status: 0, output: "")
}
