import Foundation
import Git
import Testing

@Suite("Creating, opening and discovering repositories")
struct RepositoryOpeningTests {
  @Test("create makes a repository whose HEAD is the unborn initial branch, with reflogs on and no setting git warns about")
  func createSetsUpHeadAndConfig() throws {
    try withRepository { repository, directory, git throws in
      #expect(repository.workingDirectory == directory.file("repo"))
      #expect(repository.gitDirectory == directory.file("repo/.git"))
      #expect(try repository.headReferenceName() == "refs/heads/devices/laptop")
      #expect(try repository.referenceTarget("HEAD") == nil)
      // The deprecated core.fsyncObjectFiles would make git 2.39 warn on every command.
      #expect(try repository.configBool("core.fsyncObjectFiles") == nil)
      #expect(try repository.configBool("core.logAllRefUpdates") == true)
      #expect(try git.run("symbolic-ref", "HEAD") == "refs/heads/devices/laptop")
    }
  }

  @Test("create with bare has no working directory")
  func createBare() throws {
    try withRepository(bare: true) { repository, directory, git throws in
      #expect(repository.workingDirectory == nil)
      #expect(repository.isBare)
      #expect(repository.gitDirectory == directory.file("repo"))
      #expect(try git.run("rev-parse", "--is-bare-repository") == "true")
    }
  }

  @Test("open accepts the working directory and the git directory, and nothing above")
  func openWorkdirAndGitDirectory() throws {
    try withRepository { repository, directory, _ throws in
      let viaWorkdir = try Repository.open(at: directory.file("repo"))
      let viaGitDir = try Repository.open(at: directory.file("repo/.git"))
      #expect(viaWorkdir.gitDirectory == repository.gitDirectory)
      #expect(viaGitDir.workingDirectory == directory.file("repo"))
      try directory.write("repo/sub/file.txt", "x")
      #expect(throws: GitError.self) { try Repository.open(at: directory.file("repo/sub")) }
    }
  }

  @Test("discover finds the enclosing working directory, or nil outside any repository")
  func discover() throws {
    try withRepository { _, directory, _ throws in
      try directory.write("repo/Shopping.note/Text.rtf", "x")
      #expect(try Repository.discover(startingAt: directory.file("repo/Shopping.note")) == directory.file("repo"))
      try directory.write("elsewhere/file", "x")
      #expect(try Repository.discover(startingAt: directory.file("elsewhere")) == nil)
    }
  }

  @Test("an error carries libgit2's code, message and function")
  func errorCarriesLibgit2Details() throws {
    let directory = try TemporaryDirectory()
    let missing = directory.file("missing")
    try expectNoLeaks {
      let error = try #require(throws: GitError.self) { try Repository.open(at: missing) }
      #expect(error.code == .notFound)
      #expect(error.function == "git_repository_open_ext")
      #expect(error.message.contains(missing))
      #expect(error.description == "git_repository_open_ext: \(error.message)")
    }
  }

  @Test("catch GitError.Code.notFound matches by pattern")
  func codePatternMatching() throws {
    let directory = try TemporaryDirectory()
    var caught = false
    do {
      _ = try Repository.open(at: directory.file("missing"))
    } catch GitError.Code.notFound {
      caught = true
    } catch {
      Issue.record("unexpected error \(error)")
    }
    #expect(caught)
    #expect(!(GitError.Code.exists ~= GitError(code: .notFound, category: .os, message: "", function: "f")))
  }
}

@Suite("Object ids")
struct ObjectIDTests {
  @Test("hex round-trips and orders like the hex string", arguments: [
    "0000000000000000000000000000000000000000", "4b825dc642cb6eb9a060e54bf8d69288fbee4904",
    "ffffffffffffffffffffffffffffffffffffffff", "0123456789abcdef0123456789abcdef01234567",
  ])
  func hexRoundTrip(hex: String) throws {
    let id = try #require(ObjectID(hex: hex))
    #expect(id.hex == hex)
    #expect(ObjectID(hex: hex.uppercased()) == id)
  }

  @Test("malformed hex is rejected", arguments: ["", "abc", String(repeating: "g", count: 40), String(repeating: "a", count: 41)])
  func rejectsMalformedHex(hex: String) {
    #expect(ObjectID(hex: hex) == nil)
  }

  @Test("ordering matches the byte order")
  func ordering() throws {
    let hexes = ["ff00000000000000000000000000000000000000", "00000000000000000000000000000000000000ff",
                 "0000000000000000ff0000000000000000000000", "000000000000000000000000000000ff00000000"]
    let ids = try hexes.map { try #require(ObjectID(hex: $0)) }
    #expect(ids.sorted().map(\.hex) == hexes.sorted())
    #expect(ObjectID.zero.isZero)
  }
}
