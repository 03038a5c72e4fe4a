import Foundation

/// What a test waits for that another process does not get in time.
struct LockProbeTimeout: Error, CustomStringConvertible {
  let path: String
  var description: String { "nobody took the lock on \(path) within 30 s" }
}

/// Waits until some other process holds the `flock` on `path` (asked with `flock -n`,
/// which fails while it is held), so a test never guesses how long a start takes.
func waitUntilLocked(_ path: String, within seconds: Double = 30) throws {
  let deadline = Date().addingTimeInterval(seconds)
  while Date() < deadline {
    let probe = Process()
    probe.executableURL = URL(fileURLWithPath: "/usr/bin/flock")
    probe.arguments = ["-n", path, "true"]
    probe.standardOutput = FileHandle.nullDevice
    probe.standardError = FileHandle.nullDevice
    try probe.run()
    probe.waitUntilExit()
    if probe.terminationStatus != 0 { return }
    Thread.sleep(forTimeInterval: 0.02)
  }
  throw LockProbeTimeout(path: path)
}
