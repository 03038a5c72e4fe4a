import Foundation

/// The processes `notes` left running after it answered (`notes gc --auto`, started
/// detached to pack and to draw previews), found by a store path below a directory in
/// their arguments, so that a test can wait for them before removing its files.
enum DetachedProcesses {
  /// The ids of live processes with an argument that is `directory` or lies below it.
  static func running(under directory: String) -> [pid_t] {
    let prefix = directory.hasSuffix("/") ? directory : directory + "/"
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return entries.compactMap { entry -> pid_t? in
      guard let pid = pid_t(entry), pid != getpid(),
        let arguments = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline")
      else { return nil }
      let matches = arguments.split(separator: 0).contains { argument in
        let text = String(decoding: argument, as: UTF8.self)
        return text == directory || text.hasPrefix(prefix)
      }
      return matches ? pid : nil
    }
  }

  /// Waits up to `timeout` seconds for the processes working below `directory` to end,
  /// then kills those still running. Reaped by their parent (init: they are detached).
  static func finish(under directory: String, timeout: TimeInterval = 20) {
    let deadline = Date().addingTimeInterval(timeout)
    while !running(under: directory).isEmpty && Date() < deadline {
      usleep(50_000)
    }
    for pid in running(under: directory) { kill(pid, SIGKILL) }
  }
}
