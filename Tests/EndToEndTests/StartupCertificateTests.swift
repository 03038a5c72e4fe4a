import Foundation
import Testing

/// libgit2's start parses the whole system CA bundle; `notes` leaves that to the first
/// TLS session (Git's `DeferredCertificates`). Commands that never reach an https remote
/// must not read the bundle at all.
@Suite("Start-up without the CA bundle")
struct StartupCertificateTests {
  static let strace = "/usr/bin/strace"
  static let bundle = "/etc/ssl/certs/ca-certificates.crt"

  @Test(
    "commands on a local store never open the CA bundle, and still answer",
    .enabled(if: FileManager.default.isExecutableFile(atPath: strace), "strace is not installed"),
    .enabled(if: FileManager.default.fileExists(atPath: bundle), "no system CA bundle at \(bundle)"),
    arguments: [
      (["list"], "Shopping"), (["show", "Shopping"], "Milk"), (["log", "Shopping"], "laptop"),
      (["status", "--json"], "{"),
    ])
  func localCommandSkipsBundle(_ command: [String], answer: String) throws {
    let sandbox = try Sandbox()
    let store = try sandbox.makeStore()
    try #require(sandbox.notes("-C", store, "new", "Shopping", "--text", "Milk").status == 0)

    let trace = sandbox.directory + "/trace.txt"
    let traced = CommandRunner.run(
      Self.strace, ["-f", "-qq", "-e", "trace=open,openat", "-o", trace, CommandRunner.notesBinary, "-C", store] + command,
      in: sandbox.directory, environment: sandbox.environment)
    #expect(traced.status == 0, "traced notes \(command) failed: \(traced.stderr)")
    #expect(traced.stdout.contains(answer), "notes \(command) printed: \(traced.stdout)")
    let opened = try String(contentsOfFile: trace, encoding: .utf8)
    #expect(opened.contains(".git/"), "the trace shows no store file opened: \(opened.prefix(400))")
    #expect(!opened.contains(Self.bundle))
  }
}
