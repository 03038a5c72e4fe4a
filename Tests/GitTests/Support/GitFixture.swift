import Foundation
import Git
import Testing

/// A temporary directory for one test, removed when the fixture ends.
final class TemporaryDirectory {
  let path: String

  init() throws {
    let base = FileManager.default.temporaryDirectory.appendingPathComponent(
      "GitTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
    // Resolve symlinks so paths compare equal to what libgit2 reports.
    path = base.resolvingSymlinksInPath().path
  }

  func file(_ relative: String) -> String { path + "/" + relative }

  func write(_ relative: String, _ text: String) throws {
    let url = URL(fileURLWithPath: file(relative))
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
  }

  func read(_ relative: String) throws -> String {
    String(decoding: try Data(contentsOf: URL(fileURLWithPath: file(relative))), as: UTF8.self)
  }

  func exists(_ relative: String) -> Bool { FileManager.default.fileExists(atPath: file(relative)) }

  /// An empty repository made by `git init` in `store/`, on branch `devices/laptop`,
  /// and the git command line for it.
  func gitStore() throws -> (root: String, git: GitCLI) {
    let root = file("store")
    let git = GitCLI(directory: root)
    try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    try git.run("init", "-q", "-b", "devices/laptop")
    return (root, git)
  }

  deinit { try? FileManager.default.removeItem(atPath: path) }
}

/// The `git` command-line tool, run against a repository for cross-checks.
struct GitCLI {
  let directory: String

  struct Failure: Error, CustomStringConvertible {
    var arguments: [String]
    var status: Int32
    var output: String
    var description: String { "git \(arguments.joined(separator: " ")) exited \(status): \(output)" }
  }

  /// Runs git with `input` (or the bytes `inputData`) on standard input and returns stdout
  /// with the final newline removed; throws on a non-zero exit.
  @discardableResult
  func run(_ arguments: String..., input: String? = nil, inputData: Data? = nil) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/git")
    process.arguments = ["-C", directory, "-c", "user.name=Test", "-c", "user.email=test@example.com"] + arguments
    var environment = ProcessInfo.processInfo.environment
    environment["GIT_CONFIG_NOSYSTEM"] = "1"
    environment["GIT_CONFIG_GLOBAL"] = "/dev/null"
    process.environment = environment
    let output = Pipe()
    let errors = Pipe()
    let stdin = Pipe()
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = stdin
    try process.run()
    if let bytes = inputData ?? input.map({ Data($0.utf8) }) { stdin.fileHandleForWriting.write(bytes) }
    try stdin.fileHandleForWriting.close()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    let errorData = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let text = String(decoding: data, as: UTF8.self)
    guard process.terminationStatus == 0 else {
      throw Failure(
        arguments: arguments, status: process.terminationStatus,
        output: text + String(decoding: errorData, as: UTF8.self))
    }
    return text.hasSuffix("\n") ? String(text.dropLast()) : text
  }
}

/// A fixed signature, so commit ids are reproducible within a test.
func testSignature(_ seconds: TimeInterval = 1_700_000_000) -> Signature {
  Signature(
    name: "Ada Lovelace", email: "ada@example.com", date: Date(timeIntervalSince1970: seconds),
    timeZoneOffsetMinutes: 60)
}

/// Runs `body` and records a failure if it leaves any libgit2 handle alive.
func expectNoLeaks(
  sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void
) throws {
  let leaked = try GitLibrary.handlesLeaked(by: body)
  #expect(leaked == 0, "libgit2 handles leaked", sourceLocation: sourceLocation)
}

/// A fresh repository with a working directory in its own temporary directory.
func withRepository(
  bare: Bool = false, sourceLocation: SourceLocation = #_sourceLocation,
  _ body: (Repository, TemporaryDirectory, GitCLI) throws -> Void
) throws {
  let directory = try TemporaryDirectory()
  try expectNoLeaks(sourceLocation: sourceLocation) {
    let path = directory.file("repo")
    let repository = try Repository.create(at: path, initialBranch: "devices/laptop", bare: bare)
    try body(repository, directory, GitCLI(directory: path))
  }
}

extension Repository {
  /// Commits `files` (path → text) on top of `parent`'s tree; no reference moves.
  func commitFiles(
    _ files: [String: String], removing removals: [String] = [], parent: ObjectID?,
    message: String = "edit", seconds: TimeInterval = 1_700_000_000
  ) throws -> ObjectID {
    let base = try parent.map { try commit($0).tree }
    var updates: [TreeUpdate] = try files.map { path, text in
      .upsert(path: path, id: try createBlob(Array(text.utf8)), mode: .blob)
    }
    updates += removals.map { .remove(path: $0) }
    let tree = try updatedTree(base, applying: updates)
    return try createCommit(
      tree: tree, parents: parent.map { [$0] } ?? [], message: message,
      author: testSignature(seconds), committer: testSignature(seconds))
  }
}
