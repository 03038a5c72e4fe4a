import Foundation
import Testing

/// `notes write`, `notes save` and the checkout after them rewrite `.git/index` themselves
/// (a few entries changed, the rest copied) instead of through libgit2. These tests hold
/// that index to what git and libgit2 expect of one.
@Suite("Index written directly by write and save")
struct DirectIndexTests {
  private static func rtf(_ text: String) -> String {
    "{\\rtf1\\ansi\\ansicpg1252\\cocoartf2761\n{\\fonttbl\\f0\\fswiss\\fcharset0 Helvetica;}\n\\f0\\fs24 \(text)}"
  }

  /// A store with a few notes, each made by a `new` (whose checkout writes the index).
  private func store(_ sandbox: Sandbox, notes: [String] = ["Alpha", "Beta", "Gamma"]) throws -> String {
    let store = try sandbox.makeStore()
    for name in notes {
      let result = sandbox.notes("-C", store, "new", name, "--text", "first text of \(name)")
      try #require(result.status == 0, "\(result.stderr)")
    }
    return store
  }

  /// git's own checks: nothing staged or changed, and an object store fsck accepts.
  private func expectGitAgrees(_ sandbox: Sandbox, _ store: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let status = sandbox.git("status", "--porcelain", in: store)
    #expect(status.status == 0 && status.stdout.isEmpty, "git status: \(status.stdout)\(status.stderr)", sourceLocation: sourceLocation)
    let cached = sandbox.git("diff-index", "--cached", "HEAD", in: store)
    #expect(cached.status == 0 && cached.stdout.isEmpty, "diff-index: \(cached.stdout)\(cached.stderr)", sourceLocation: sourceLocation)
    let fsck = sandbox.git("fsck", "--full", in: store)
    #expect(fsck.status == 0, "fsck: \(fsck.stderr)", sourceLocation: sourceLocation)
    let unsaved = sandbox.notes("-C", store, "status", "--json")
    let report = (try? JSONSerialization.jsonObject(with: unsaved.stdoutData)) as? [String: Any]
    #expect((report?["unsaved"] as? [Any])?.isEmpty == true, "notes status: \(unsaved.stdout)", sourceLocation: sourceLocation)
  }

  /// `git ls-files --stage --debug` of one path: mode, blob, and the recorded size.
  private func indexEntry(_ sandbox: Sandbox, _ store: String, _ path: String) -> (mode: String, blob: String, size: Int?) {
    let lines = sandbox.git("ls-files", "--stage", "--debug", "--", path, in: store).stdout.split(separator: "\n")
    let fields = lines.first?.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init) ?? []
    let size = lines.first { $0.contains("size:") }.flatMap { line in
      line.split(separator: " ").last.flatMap { Int($0) }
    }
    return (fields.first ?? "", fields.count > 1 ? fields[1] : "", size)
  }

  /// Whether the index file still has the cached-tree extension, which libgit2 writes
  /// and the direct rewrite drops: its absence shows the direct path wrote the file.
  private func hasCachedTrees(_ store: String) throws -> Bool {
    let data = try Data(contentsOf: URL(fileURLWithPath: store + "/.git/index"))
    return data.range(of: Data("TREE".utf8)) != nil
  }

  @Test("after write and save, git status, diff-index and fsck are clean and the entries match HEAD")
  func writeAndSaveAgreeWithGit() throws {
    let sandbox = try Sandbox()
    let store = try store(sandbox)
    #expect(sandbox.notes("-C", store, "write", "Beta", "--text", "second text of Beta").status == 0)
    #expect(try !hasCachedTrees(store), "the write went through libgit2's index, not the direct rewrite")
    expectGitAgrees(sandbox, store)
    let written = indexEntry(sandbox, store, "Beta.note/Text.rtf")
    #expect(written.mode == "100644")
    #expect(written.blob == sandbox.git("rev-parse", "HEAD:Beta.note/Text.rtf", in: store).stdout.trimmingCharacters(in: .whitespacesAndNewlines))
    let size = try FileManager.default.attributesOfItem(atPath: store + "/Beta.note/Text.rtf")[.size] as? Int
    #expect(written.size == size || written.size == 0)  // 0: smudged as racily clean, which is allowed

    try Self.rtf("edited by hand").write(toFile: store + "/Gamma.note/Text.rtf", atomically: true, encoding: .utf8)
    try FileManager.default.createDirectory(atPath: store + "/Delta.note", withIntermediateDirectories: true)
    try Self.rtf("a new note").write(toFile: store + "/Delta.note/Text.rtf", atomically: true, encoding: .utf8)
    #expect(sandbox.notes("-C", store, "save").status == 0)
    #expect(try !hasCachedTrees(store))
    expectGitAgrees(sandbox, store)
    for note in ["Alpha", "Beta", "Gamma", "Delta"] {
      let entry = indexEntry(sandbox, store, "\(note).note/Text.rtf")
      let head = sandbox.git("rev-parse", "HEAD:\(note).note/Text.rtf", in: store).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
      #expect(entry.blob == head, "\(note)")
      #expect(entry.mode == "100644", "\(note)")
    }
    #expect(sandbox.notes("-C", store, "show", "Delta").stdout == "a new note\n")
    // libgit2 reads the same index: a later write through it works, and git agrees again.
    #expect(sandbox.notes("-C", store, "delete", "Alpha").status == 0)
    expectGitAgrees(sandbox, store)
  }

  @Test("a hand edit racily clean against the old index is still seen after a write rewrote the index")
  func racilyCleanEditSurvivesRewrite() throws {
    let sandbox = try Sandbox()
    let store = try store(sandbox)
    let file = store + "/Alpha.note/Text.rtf"
    // `touch -r` copies times to the nanosecond.
    func touch(_ target: String, like reference: String) throws {
      let result = CommandRunner.run("/usr/bin/touch", ["-r", reference, target], in: store, environment: sandbox.environment)
      try #require(result.status == 0, "\(result.stderr)")
    }
    let reference = sandbox.directory + "/alpha-time"
    try #require(FileManager.default.createFile(atPath: reference, contents: nil))
    try touch(reference, like: file)
    // The index as if written in the very tick Alpha's file was: Alpha's entry is racy.
    try touch(store + "/.git/index", like: file)
    // Alpha changed in place, same size, same inode, its time put back: only content differs.
    let old = try Data(contentsOf: URL(fileURLWithPath: file))
    var changed = old
    let position = try #require(changed.range(of: Data("first".utf8))).lowerBound
    changed.replaceSubrange(position..<(position + 5), with: Data("FIRST".utf8))
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: file))
    try handle.write(contentsOf: changed)
    try handle.close()
    try touch(file, like: reference)

    // Another note's write rewrites the index, later than Alpha's file time.
    #expect(sandbox.notes("-C", store, "write", "Beta", "--text", "other").status == 0)
    #expect(try !hasCachedTrees(store))
    #expect(indexEntry(sandbox, store, "Alpha.note/Text.rtf").size == 0, "the racy entry was not smudged")
    let status = sandbox.notes("-C", store, "status", "--json")
    let report = try #require(try JSONSerialization.jsonObject(with: status.stdoutData) as? [String: Any])
    let unsaved = try #require(report["unsaved"] as? [[String: Any]])
    #expect(unsaved.map { $0["note"] as? String } == ["Alpha"])
    let git = sandbox.git("-c", "core.trustctime=false", "status", "--porcelain", in: store)
    #expect(git.stdout.contains("Alpha.note/Text.rtf"))
    #expect(sandbox.notes("-C", store, "save").status == 0)
    #expect(sandbox.notes("-C", store, "show", "Alpha").stdout == "FIRST text of Alpha\n")
    expectGitAgrees(sandbox, store)
  }

  @Test("a corrupt index stops the write with libgit2's message and commits nothing")
  func corruptIndexIsRefused() throws {
    let sandbox = try Sandbox()
    let store = try store(sandbox)
    let path = store + "/.git/index"
    var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
    // One bit of the first entry's blob id: the structure still reads, the checksum fails.
    bytes[12 + 40] ^= 0x01
    try bytes.write(to: URL(fileURLWithPath: path))
    let head = sandbox.head(store)
    let result = sandbox.notes("-C", store, "write", "Beta", "--text", "never written")
    #expect(result.status == 1)
    #expect(result.stderr.contains("checksum"), "\(result.stderr)")
    #expect(sandbox.head(store) == head)
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes, "the corrupt index was rewritten")
  }

  @Test("an index in version 4 (which the direct path does not read) still works through libgit2")
  func versionFourIndexFallsBack() throws {
    let sandbox = try Sandbox()
    let store = try store(sandbox)
    #expect(sandbox.git("update-index", "--index-version", "4", in: store).status == 0)
    #expect(sandbox.notes("-C", store, "write", "Beta", "--text", "written through libgit2").status == 0)
    try Self.rtf("by hand").write(toFile: store + "/Gamma.note/Text.rtf", atomically: true, encoding: .utf8)
    #expect(sandbox.notes("-C", store, "save").status == 0)
    expectGitAgrees(sandbox, store)
    #expect(sandbox.notes("-C", store, "show", "Beta").stdout == "written through libgit2\n")
  }

  @Test("an index left locked by a killed writer: git reads the old index, and the next write succeeds")
  func killedIndexWriteLeavesOldIndex() throws {
    let sandbox = try Sandbox()
    let store = try store(sandbox)
    let index = try Data(contentsOf: URL(fileURLWithPath: store + "/.git/index"))
    let files = sandbox.git("ls-files", "--stage", in: store).stdout
    // What a writer killed half-way through leaves: its mark, and a partial index.lock.
    try Data().write(to: URL(fileURLWithPath: store + "/.git/notes-writer"))
    try Data(index.prefix(index.count / 2)).write(to: URL(fileURLWithPath: store + "/.git/index.lock"))
    #expect(sandbox.git("diff-index", "--cached", "HEAD", in: store).stdout.isEmpty)
    #expect(sandbox.git("ls-files", "--stage", in: store).stdout == files)
    #expect(sandbox.notes("-C", store, "write", "Alpha", "--text", "after the crash").status == 0)
    #expect(!FileManager.default.fileExists(atPath: store + "/.git/index.lock"))
    expectGitAgrees(sandbox, store)
  }

  @Test("a write killed after the branch moved is checked out by the next command, directly")
  func killedMoveIsFinished() throws {
    let sandbox = try Sandbox()
    let store = try store(sandbox)
    let landed = try KillPlan.insideMove.run(
      ["-C", store, "write", "Gamma", "--text", "killed mid-move"], store: store, environment: sandbox.environment)
    try #require(landed, "the kill did not land inside the move")
    #expect(sandbox.notes("-C", store, "status").status == 0)
    #expect(sandbox.notes("-C", store, "write", "Alpha", "--text", "next").status == 0)
    // The kill lands once the journal is there: before or after the branch moved. Either
    // way the working file is the committed one.
    let committed = sandbox.git("show", "HEAD:Gamma.note/Text.rtf", in: store).stdout
    #expect(try String(contentsOfFile: store + "/Gamma.note/Text.rtf", encoding: .utf8) == committed)
    expectGitAgrees(sandbox, store)
  }
}
