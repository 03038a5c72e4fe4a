import Foundation
import Git
import Testing

extension SSHTransportTests {
  /// The built `notes` binary, next to this test bundle.
  private var notesBinary: String {
    URL(fileURLWithPath: CommandLine.arguments.first ?? ".").deletingLastPathComponent()
      .appendingPathComponent("notes").path
  }

  @Test("two devices sync notes over ssh through the notes binary, with ssh's own config")
  func notesSyncOverSSH() throws {
    let fixture = try SSHFixture()
    try fixture.writeClientConfig("Host *\n  IdentityFile \(fixture.path("id_ed25519"))\n  IdentitiesOnly yes")
    _ = try fixture.makeServerRepository("server/notes.git")
    let home = fixture.path("home")
    try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
    try "[user]\n\tname = SSH Test\n\temail = ssh@example.com\n".write(
      toFile: home + "/.gitconfig", atomically: true, encoding: .utf8)
    let environment = ["GIT_SSH_COMMAND": fixture.sshCommand, "HOME": home, "GIT_CONFIG_NOSYSTEM": "1"]
    func notes(_ arguments: String...) throws -> String {
      try runCommand([notesBinary] + arguments, environment: environment)
    }
    let url = fixture.url("server/notes.git")
    _ = try notes("init", fixture.path("laptop"), "--device", "laptop")
    _ = try notes("-C", fixture.path("laptop"), "remote", "add", "origin", url)
    _ = try notes("-C", fixture.path("laptop"), "new", "Over SSH", "--text", "hello")
    _ = try notes("-C", fixture.path("laptop"), "sync")
    _ = try notes("clone", url, fixture.path("phone"), "--device", "phone")
    #expect(try notes("-C", fixture.path("phone"), "show", "Over SSH") == "hello")
    _ = try notes("-C", fixture.path("phone"), "write", "Over SSH", "--text", "hello from the phone")
    _ = try notes("-C", fixture.path("phone"), "sync")
    _ = try notes("-C", fixture.path("laptop"), "sync")
    #expect(try notes("-C", fixture.path("laptop"), "show", "Over SSH") == "hello from the phone")
  }
}
