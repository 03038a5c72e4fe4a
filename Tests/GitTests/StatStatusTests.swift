import Foundation
import Git
import Testing

@Suite("Status trusting stat data")
struct StatStatusTests {
  /// Sets the modification time of `path` to `secondsAgo` in the past.
  func age(_ path: String, secondsAgo: Double) {
    let then = Date().addingTimeInterval(-secondsAgo)
    try? FileManager.default.setAttributes([.modificationDate: then], ofItemAtPath: path)
  }

  /// A repository whose working directory is committed, checked out by git and aged, so
  /// directory times are old enough to be remembered between scans.
  func makeAgedStore(_ directory: TemporaryDirectory) throws -> (Repository, String, GitCLI) {
    let root = directory.file("store")
    let git = GitCLI(directory: root)
    try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    try git.run("init", "-q", "-b", "devices/laptop")
    try directory.write("store/.gitignore", "*.note/QuickLook/\n")
    try directory.write("store/A.note/Text.rtf", "{\\rtf1 alpha}")
    try directory.write("store/B.note/Text.rtf", "{\\rtf1 beta}")
    try directory.write("store/B.note/Attachments/x.bin", "attachment")
    try directory.write("store/A.note/QuickLook/Preview.rtf", "ignored")
    for path in ["", "A.note", "B.note", "B.note/Attachments", "A.note/QuickLook"] + [
      ".gitignore", "A.note/Text.rtf", "B.note/Text.rtf", "B.note/Attachments/x.bin", "A.note/QuickLook/Preview.rtf",
    ] {
      age(root + "/" + path, secondsAgo: 60)
    }
    try git.run("add", "-A")
    try git.run("commit", "-qm", "start")
    return (try Repository.open(at: root), root, git)
  }

  /// Each step changes the working directory; after each, the fast scan must agree with
  /// libgit2's full status (twice: once filling the cache, once reading it).
  @Test("the stat-trusting scan reports exactly what the full status reports, step after step")
  func agreesWithFullStatus() throws {
    let directory = try TemporaryDirectory()
    let (repository, root, _) = try makeAgedStore(directory)
    let cache = directory.file("scan-cache")
    let steps: [(String, () throws -> Void)] = [
      ("nothing changed", {}),
      ("a body rewritten with the same size", { try directory.write("store/A.note/Text.rtf", "{\\rtf1 ALPHA}") }),
      ("a file added to a package", { try directory.write("store/B.note/Attachments/y.bin", "new") }),
      ("an ignored QuickLook file added", { try directory.write("store/B.note/QuickLook/Thumbnail.png", "png") }),
      ("a new package", { try directory.write("store/C.note/Text.rtf", "{\\rtf1 gamma}") }),
      ("an attachment deleted", { try FileManager.default.removeItem(atPath: root + "/B.note/Attachments/x.bin") }),
      ("a whole package deleted", { try FileManager.default.removeItem(atPath: root + "/B.note") }),
    ]
    for (name, change) in steps {
      try change()
      let expected = try repository.status()
      #expect(try repository.statusTrustingStat(cacheFile: cache) == expected, "\(name), cold")
      #expect(try repository.statusTrustingStat(cacheFile: cache) == expected, "\(name), cached")
    }
  }

  @Test("a touched but unchanged file is not a change, and a refreshing scan makes the index trust it again")
  func refreshAfterTouch() throws {
    let directory = try TemporaryDirectory()
    let (repository, root, git) = try makeAgedStore(directory)
    let cache = directory.file("scan-cache")
    age(root + "/A.note/Text.rtf", secondsAgo: 5)  // new time, same content
    #expect(try repository.statusTrustingStat(cacheFile: cache, refreshingIndex: true).isEmpty)
    let indexed = try git.run("ls-files", "--debug", "A.note/Text.rtf")
    var info = stat()
    #expect(lstat(root + "/A.note/Text.rtf", &info) == 0)
    #expect(indexed.contains("mtime: \(info.st_mtim.tv_sec):"), "\(indexed)")
    #expect(try git.run("status", "--porcelain").isEmpty)
    // A real edit after the refresh still shows.
    try directory.write("store/A.note/Text.rtf", "{\\rtf1 changed}")
    #expect(try repository.statusTrustingStat(cacheFile: cache).map(\.path) == ["A.note/Text.rtf"])
  }
}
