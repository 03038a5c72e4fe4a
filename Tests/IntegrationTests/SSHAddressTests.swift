@testable import Git
import Testing

/// How ssh remote addresses are read and turned into an ssh command line, as git does.
@Suite("SSH addresses and command lines")
struct SSHAddressTests {
  struct AddressCase: Sendable, CustomTestStringConvertible {
    var url: String
    var expected: SSHAddress
    var testDescription: String { url }
  }

  static let addresses: [AddressCase] = [
    .init(url: "ssh://git@example.com:2222/srv/notes.git", expected: .init(user: "git", host: "example.com", port: 2222, path: "/srv/notes.git")),
    .init(url: "ssh://example.com/srv/notes.git", expected: .init(user: nil, host: "example.com", port: nil, path: "/srv/notes.git")),
    .init(url: "ssh://example.com:/srv/x", expected: .init(user: nil, host: "example.com", port: nil, path: "/srv/x")),
    .init(url: "ssh://example.com/~/notes.git", expected: .init(user: nil, host: "example.com", port: nil, path: "~/notes.git")),
    .init(url: "ssh://example.com/~ada/notes.git", expected: .init(user: nil, host: "example.com", port: nil, path: "~ada/notes.git")),
    .init(url: "SSH://[::1]:22/srv/x", expected: .init(user: nil, host: "::1", port: 22, path: "/srv/x")),
    .init(url: "ssh+git://host/x", expected: .init(user: nil, host: "host", port: nil, path: "/x")),
    .init(url: "git+ssh://a%40b@host/my%20notes", expected: .init(user: "a@b", host: "host", port: nil, path: "/my notes")),
    .init(url: "git@example.com:notes.git", expected: .init(user: "git", host: "example.com", port: nil, path: "notes.git")),
    .init(url: "notes-test:/srv/notes.git", expected: .init(user: nil, host: "notes-test", port: nil, path: "/srv/notes.git")),
    .init(url: "host:~/notes.git", expected: .init(user: nil, host: "host", port: nil, path: "~/notes.git")),
    .init(url: "[host:2222]:notes.git", expected: .init(user: nil, host: "host", port: 2222, path: "notes.git")),
    .init(url: "[git@host:2222]:notes.git", expected: .init(user: "git", host: "host", port: 2222, path: "notes.git")),
    .init(url: "git@[::1]:notes.git", expected: .init(user: "git", host: "::1", port: nil, path: "notes.git")),
  ]

  @Test("reads ssh:// URLs and scp-like addresses as git does", arguments: addresses)
  func parses(_ testCase: AddressCase) throws {
    #expect(try SSHAddress(parsing: testCase.url) == testCase.expected)
  }

  @Test("sends to ssh the addresses libgit2 gives its ssh transport, and no others")
  func namesSSH() {
    for url in Self.addresses.map(\.url) + ["SSH://host/x", "host:x", "relative/path:with-colon"] {
      #expect(SSHAddress.isSSH(url), "\(url)")
    }
    for url in ["https://host/x.git", "http://host:8080/x", "git://host/x", "file:///srv/x", "relative/path", "notes.git"] {
      #expect(!SSHAddress.isSSH(url), "\(url)")
    }
  }

  static let refusals: [(url: String, reason: String)] = [
    ("ssh://-oProxyCommand=touch%20x/srv", "would be read as an ssh option"),
    ("-oProxyCommand=x:srv", "would be read as an ssh option"),
    ("ssh://git@-evil/srv", "would be read as an ssh option"),
    ("host:-x", "starts with '-'"),
    ("ssh://example.com", "names no repository path"),
    ("ssh:///srv/x", "names no host"),
    ("ssh://host:99999/x", "not a number from 1 to 65535"),
    ("./notes:x", "neither an ssh:// URL nor"),
    ("host:", "names no repository path"),
  ]

  @Test("refuses addresses that are incomplete or would smuggle in ssh options", arguments: refusals)
  func refuses(_ refusal: (url: String, reason: String)) {
    let error = #expect(throws: GitError.self) { try SSHAddress(parsing: refusal.url) }
    #expect(error?.message.contains(refusal.reason) == true, "\(error?.message ?? "no error")")
    #expect(error?.code == .invalid)
  }

  @Test("quotes the repository path for the remote shell like git's sq_quote")
  func quoting() {
    #expect(SSHCommandLine.shellQuoted("/srv/notes.git") == "'/srv/notes.git'")
    #expect(SSHCommandLine.shellQuoted("it's!") == #"'it'\''s'\!''"#)
    #expect(SSHCommandLine.shellQuoted("$(rm -rf ~) `x` \"y\"") == "'$(rm -rf ~) `x` \"y\"'")
  }

  @Test("builds OpenSSH's command line: options, destination, then the quoted git command")
  func commandLine() {
    let address = SSHAddress(user: "git", host: "example.com", port: 2222, path: "/srv/it's.git")
    let direct = SSHCommandLine(
      program: .executable("/usr/bin/ssh"), address: address, service: "git-upload-pack", batchMode: true)
    #expect(direct.executable == "/usr/bin/ssh")
    #expect(
      direct.arguments == [
        "/usr/bin/ssh", "-o", "BatchMode=yes", "-p", "2222", "git@example.com", #"git-upload-pack '/srv/it'\''s.git'"#,
      ])
    let shell = SSHCommandLine(
      program: .shellCommand("ssh -F cfg"), address: SSHAddress(user: nil, host: "alias", port: nil, path: "x"),
      service: "git-receive-pack", batchMode: false)
    #expect(shell.executable == "/bin/sh")
    #expect(shell.arguments == ["sh", "-c", #"ssh -F cfg "$@""#, "ssh -F cfg", "alias", "git-receive-pack 'x'"])
  }

  struct ProgramCase: Sendable, CustomTestStringConvertible {
    var name: String
    var environment: [String: String]
    var configured: String?
    var fallback: String?
    var expected: SSHProgram?
    var testDescription: String { name }
  }

  static let programs: [ProgramCase] = [
    .init(
      name: "GIT_SSH_COMMAND first", environment: ["GIT_SSH_COMMAND": "env-ssh", "GIT_SSH": "/bin/true", "PATH": "/usr/bin"],
      configured: "config-ssh", fallback: "default-ssh", expected: .shellCommand("env-ssh")),
    .init(
      name: "then core.sshCommand", environment: ["GIT_SSH": "/bin/true", "PATH": "/usr/bin"],
      configured: "config-ssh", fallback: "default-ssh", expected: .shellCommand("config-ssh")),
    .init(
      name: "then GIT_SSH, run without a shell", environment: ["GIT_SSH": "true", "PATH": "/nonexistent:/bin"],
      configured: nil, fallback: "default-ssh", expected: .executable("/bin/true")),
    .init(
      name: "then the registered command", environment: ["PATH": "/usr/bin"], configured: "  ",
      fallback: "default-ssh", expected: .shellCommand("default-ssh")),
    .init(
      name: "then ssh on PATH", environment: ["PATH": "/nonexistent:/usr/bin"], configured: nil, fallback: nil,
      expected: .executable("/usr/bin/ssh")),
    .init(
      name: "nothing without ssh: libssh2 stays", environment: ["PATH": "/nonexistent"], configured: nil,
      fallback: nil, expected: nil),
  ]

  @Test("chooses the ssh program in git's order", arguments: programs)
  func program(_ testCase: ProgramCase) {
    let program = SSHProgram.resolve(
      environment: testCase.environment, configuredCommand: testCase.configured, fallbackCommand: testCase.fallback)
    #expect(program == testCase.expected)
  }
}
