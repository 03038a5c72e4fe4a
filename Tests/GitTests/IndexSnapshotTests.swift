import Foundation
import Testing

@testable import Git

/// The index read straight from its file gives git's own entries, and refuses what it
/// does not read (a version 4 index, a conflict, a damaged file), so the scan falls back
/// to libgit2 and still agrees with the full status.
@Suite("Index read from its file")
struct IndexSnapshotTests {
  /// A repository with a few files, one in a folder, one executable, committed by git.
  func makeRepository(_ directory: TemporaryDirectory) throws -> (root: String, git: GitCLI) {
    let (root, git) = try directory.gitStore()
    try directory.write("store/A.note/Text.rtf", "{\\rtf1 alpha}")
    try directory.write("store/B.note/Attachments/x.bin", String(repeating: "b", count: 1000))
    try directory.write("store/Ünïcode \u{1F600}.note/Text.rtf", "{\\rtf1 gamma}")
    try directory.write("store/run.sh", "#!/bin/sh\n")
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: root + "/run.sh")
    try git.run("add", "-A")
    try git.run("commit", "-qm", "start")
    return (root, git)
  }

  /// `git ls-files --debug` and `-s`, as (path, mode, size, mtime seconds, nanoseconds, inode).
  func gitEntries(_ git: GitCLI) throws -> [[String]] {
    let modes = try git.run("-c", "core.quotePath=false", "ls-files", "-s").split(separator: "\n").map {
      String($0.split(separator: " ")[0])
    }
    var entries: [[String]] = []
    var current: [String] = []
    for line in try git.run("-c", "core.quotePath=false", "ls-files", "--debug").split(separator: "\n") {
      if !line.hasPrefix(" ") {
        if !current.isEmpty { entries.append(current) }
        current = [String(line)]
        continue
      }
      let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
      for (index, field) in fields.enumerated() {
        switch field {
        case "mtime:": current += fields[index + 1].split(separator: ":").map(String.init)
        case "ino:", "size:": current.append(String(fields[index + 1]))
        default: break
        }
      }
    }
    if !current.isEmpty { entries.append(current) }
    return zip(entries, modes).map { entry, mode in [entry[0], String(UInt32(mode, radix: 8) ?? 0)] + entry.dropFirst() }
  }

  func snapshotEntries(_ root: String) throws -> [[String]] {
    let snapshot = try #require(IndexSnapshot(path: root + "/.git/index"))
    return snapshot.entries.map { entry in
      let mtime = snapshot.mtime(entry)
      return [
        String(decoding: snapshot.path(entry), as: UTF8.self), String(snapshot.mode(entry)), "\(mtime.seconds)",
        "\(mtime.nanoseconds)", "\(snapshot.inode(entry))", "\(snapshot.size(entry))",
      ]
    }
  }

  @Test("the entries are git's: paths, modes, times, inodes and sizes, in the index's order")
  func sameAsGit() throws {
    let directory = try TemporaryDirectory()
    let (root, git) = try makeRepository(directory)
    #expect(try snapshotEntries(root) == (try gitEntries(git)))
    let snapshot = try #require(IndexSnapshot(path: root + "/.git/index"))
    let cString = String(cString: snapshot.cPath(snapshot.entries[0]))
    #expect(cString == "A.note/Text.rtf", "a path is NUL-terminated in the file")
  }

  @Test("a version 3 index (an intent-to-add entry) is read too")
  func versionThree() throws {
    let directory = try TemporaryDirectory()
    let (root, git) = try makeRepository(directory)
    try directory.write("store/C.note/Text.rtf", "{\\rtf1 later}")
    try git.run("add", "-N", "C.note/Text.rtf")
    let header = try #require(FileManager.default.contents(atPath: root + "/.git/index"))
    #expect(Array(header[4..<8]) == [0, 0, 0, 3])
    #expect(try snapshotEntries(root) == (try gitEntries(git)))
  }

  @Test("a version 4 index, a conflicted one and a damaged one are not read, and the scan still agrees with git")
  func refused() throws {
    let cases: [(String, (String, GitCLI) throws -> Void)] = [
      ("version 4", { _, git in try git.run("update-index", "--index-version", "4") }),
      ("conflict", { root, git in
        try git.run("checkout", "-q", "-b", "other")
        try Data("{\\rtf1 other}".utf8).write(to: URL(fileURLWithPath: root + "/A.note/Text.rtf"))
        try git.run("commit", "-qam", "other")
        try git.run("checkout", "-q", "devices/laptop")
        try Data("{\\rtf1 mine}".utf8).write(to: URL(fileURLWithPath: root + "/A.note/Text.rtf"))
        try git.run("commit", "-qam", "mine")
        _ = try? git.run("merge", "-q", "other")
      }),
      ("truncated", { root, _ in
        let path = root + "/.git/index"
        let bytes = try #require(FileManager.default.contents(atPath: path))
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: path))
      }),
    ]
    for (name, damage) in cases {
      let directory = try TemporaryDirectory()
      let (root, git) = try makeRepository(directory)
      try damage(root, git)
      #expect(IndexSnapshot(path: root + "/.git/index") == nil, "\(name)")
      if name == "truncated" { continue }  // libgit2 refuses that index too
      let repository = try Repository.open(at: root)
      #expect(
        try repository.statusTrustingStat(cacheFile: directory.file("cache")) == (try repository.status()), "\(name)")
    }
  }
}
