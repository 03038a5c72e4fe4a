import Foundation
import Testing

/// Progress of a slow transfer: a clone through the shared chaos proxy, throttled, redraws
/// its bar on a terminal and prints one line per phase elsewhere.
@Suite("Progress of a throttled transfer")
struct ThrottledProgressTests {
  static var chaosProxy: String {
    ProcessInfo.processInfo.environment["CHAOSPROXY"] ?? "/work/shared/tools/faults/chaosproxy.py"
  }

  private var notesBinary: String {
    URL(fileURLWithPath: CommandLine.arguments.first ?? ".").deletingLastPathComponent()
      .appendingPathComponent("notes").path
  }

  /// Text that does not compress: a fixed xorshift stream, base64-like.
  private static func incompressible(_ count: Int, seed: UInt64) -> String {
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
    var state = seed | 1
    var text = ""
    text.reserveCapacity(count)
    for _ in 0..<count {
      state ^= state << 13
      state ^= state >> 7
      state ^= state << 17
      text.append(alphabet[Int(state % 64)])
    }
    return text
  }

  @Test(
    "a throttled clone shows a moving bar on a terminal and one line per phase in a pipe",
    .enabled(if: FileManager.default.fileExists(atPath: chaosProxy), "the shared chaosproxy.py is not here"),
    .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "needs script (bsdutils)"))
  func throttledClone() throws {
    let sandbox = try Sandbox()
    let served = try ServedRepository(.gitDaemon, in: sandbox)
    let home = sandbox.file("home")
    try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
    try "[user]\n\tname = Progress Test\n\temail = progress@example.com\n".write(
      toFile: home + "/.gitconfig", atomically: true, encoding: .utf8)
    let environment = [
      "HOME": home, "GIT_CONFIG_NOSYSTEM": "1", "NO_COLOR": "", "TERM": "xterm", "CHAOSPROXY": Self.chaosProxy,
    ]
    func notes(_ arguments: String...) throws -> String {
      try runCommand([notesBinary] + arguments, environment: environment)
    }
    let laptop = sandbox.file("laptop")
    _ = try notes("init", laptop, "--device", "laptop")
    _ = try notes("-C", laptop, "remote", "add", "origin", served.url)
    for index in 0..<12 {
      let file = sandbox.file("body\(index).txt")
      try Self.incompressible(40_000, seed: UInt64(index + 1)).write(toFile: file, atomically: true, encoding: .utf8)
      _ = try notes("-C", laptop, "new", "Note \(index)", "--file", file)
    }
    _ = try notes("-q", "-C", laptop, "sync")

    let daemonPort = try #require(UInt16(served.url.split(separator: ":").last?.split(separator: "/").first ?? ""))
    let (proxy, proxyPort) = try startServer {
      let port = try freePort()
      return (
        try ServerProcess(
          script: "chaos-proxy.sh", [sandbox.path, String(port), String(daemonPort), "throttle", "--rate", "150000"]),
        port
      )
    }
    defer { proxy.stop() }
    let slowURL = "git://127.0.0.1:\(proxyPort)/notes.git"

    // On a terminal: the bar is redrawn as the bytes arrive, with a rate.
    let command = [notesBinary, "clone", slowURL, sandbox.file("phone"), "--device", "phone"]
      .map { "'" + $0 + "'" }.joined(separator: " ")
    let screen = try runCommand(["script", "-qec", command, "/dev/null"], environment: environment)
    let redraws = screen.components(separatedBy: "\rReceiving objects").count - 1
    #expect(redraws >= 3, "only \(redraws) redraws: \(screen.debugDescription)")
    #expect(screen.contains("/s"))
    #expect(screen.contains("["))
    #expect(screen.contains("Receiving objects: 100% ("))

    // Through a pipe: one line for the phase, no carriage returns.
    let piped = try runCommand(
      ["bash", "-c", "\"$0\" clone \"$1\" \"$2\" --device tablet 2>&1", notesBinary, slowURL, sandbox.file("tablet")],
      environment: environment)
    let lines = piped.split(separator: "\n").filter { $0.hasPrefix("Receiving objects") }
    #expect(lines.count == 1, "\(piped)")
    #expect(lines.first?.hasSuffix("done.") == true)
    #expect(!piped.contains("\r"))

    // Quiet: nothing at all.
    let quiet = try runCommand(
      ["bash", "-c", "\"$0\" -q clone \"$1\" \"$2\" --device watch 2>&1", notesBinary, slowURL, sandbox.file("watch")],
      environment: environment)
    #expect(quiet.isEmpty, "\(quiet)")
  }
}
