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
    let (root, git) = try directory.gitStore()
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

  /// `*.note/QuickLook`, as a notes store leaves its previews out.
  static let previews = ScanExclusion(name: "test-previews") { directory in
    let path = String(decoding: directory, as: UTF8.self)
    return path.hasSuffix(".note/QuickLook") && !path.dropLast("/QuickLook".count).contains("/")
  }

  static func isExcluded(_ path: String) -> Bool {
    let parts = path.split(separator: "/")
    return parts.count > 2 && parts[0].hasSuffix(".note") && parts[1] == "QuickLook"
  }

  @Test("a scan excluding folders reports every change outside them, and does not look at the files inside")
  func excludedFoldersAreLeftOut() throws {
    let directory = try TemporaryDirectory()
    let (repository, root, git) = try makeAgedStore(directory)
    // Previews tracked, as in a real store.
    try FileManager.default.removeItem(atPath: root + "/.gitignore")
    try git.run("add", "-A")
    try git.run("commit", "-qm", "track previews")
    let cache = directory.file("scan-cache")
    let steps: [(name: String, change: () throws -> Void, expected: [String])] = [
      ("nothing changed", {}, []),
      ("a tracked preview rewritten", { try directory.write("store/A.note/QuickLook/Preview.rtf", "IGNORED") }, []),
      ("a body rewritten", { try directory.write("store/A.note/Text.rtf", "{\\rtf1 ALPHA}") }, ["A.note/Text.rtf"]),
      (
        "a file added to a package", { try directory.write("store/B.note/Attachments/y.bin", "new") },
        ["A.note/Text.rtf", "B.note/Attachments/y.bin"]
      ),
      (
        "a new package", { try directory.write("store/C.note/Text.rtf", "{\\rtf1 gamma}") },
        ["A.note/Text.rtf", "B.note/Attachments/y.bin", "C.note/Text.rtf"]
      ),
    ]
    for step in steps {
      try step.change()
      let full = try repository.status().map(\.path).filter { !Self.isExcluded($0) }
      #expect(full == step.expected, "\(step.name): full status")
      for pass in ["cold", "cached"] {
        // Inside an excluded folder the answer may hold a change or not (a package that
        // changed elsewhere is compared whole); with nothing else changed, it holds none.
        let scanned = try repository.statusTrustingStat(cacheFile: cache, excluding: Self.previews).map(\.path)
        #expect(scanned.filter { !Self.isExcluded($0) } == step.expected, "\(step.name), \(pass)")
        if step.expected.isEmpty { #expect(scanned.isEmpty, "\(step.name), \(pass): an excluded file was looked at") }
      }
      // The same cache file, used by a scan without the exclusion, is not mistaken for its own.
      let whole = try repository.statusTrustingStat(cacheFile: cache).map(\.path)
      #expect(whole == (try repository.status().map(\.path)), "\(step.name), whole scan")
    }
  }

  /// Enough packages that the scan's stats run on several threads (``ScanPlan`` splits
  /// anything past 2,000 paths); changes at the start, the middle, the end and on the
  /// boundaries of the threads' ranges must all be found, and the cache kept in order.
  @Test("a scan split across threads reports exactly what the full status reports")
  func splitScanAgreesWithFullStatus() throws {
    let directory = try TemporaryDirectory()
    let (root, git) = try directory.gitStore()
    let count = 1_500
    let names = (0..<count).map { String(format: "Note %04d.note", $0) }
    let then = Date().addingTimeInterval(-60)
    for name in names {
      try directory.write("store/\(name)/Text.rtf", "{\\rtf1 \(name)}")
      try directory.write("store/\(name)/QuickLook/Preview.rtf", "preview")
      for path in [name, name + "/Text.rtf", name + "/QuickLook", name + "/QuickLook/Preview.rtf"] {
        try FileManager.default.setAttributes([.modificationDate: then], ofItemAtPath: root + "/" + path)
      }
    }
    try FileManager.default.setAttributes([.modificationDate: then], ofItemAtPath: root)
    try git.run("add", "-A")
    try git.run("commit", "-qm", "start")
    let repository = try Repository.open(at: root)
    let cache = directory.file("scan-cache")
    // Packages on either side of where 8 and 16 equal parts of the files meet.
    let boundaries = [1, 7, 8, 9, 15].flatMap { part in [count * part / 16 - 1, count * part / 16] }
    let steps: [(String, () throws -> Void)] = [
      ("nothing changed", {}),
      (
        "bodies rewritten at the start, the end and the ranges' boundaries",
        {
          for number in [0, count - 1] + boundaries {
            try directory.write("store/\(names[number])/Text.rtf", "{\\rtf1 EDIT \(number)}")
          }
        }
      ),
      (
        "files added to packages near the end",
        { for number in [count - 2, count - 1] { try directory.write("store/\(names[number])/Attachments/a.bin", "new") } }
      ),
      ("a package deleted in the middle", { try FileManager.default.removeItem(atPath: root + "/" + names[count / 2]) }),
      ("a new package at the end", { try directory.write("store/Zeta.note/Text.rtf", "{\\rtf1 zeta}") }),
    ]
    for (name, change) in steps {
      try change()
      let expected = try repository.status().map(\.path).filter { !Self.isExcluded($0) }
      for pass in ["cold", "cached"] {
        let scanned = try repository.statusTrustingStat(cacheFile: cache, excluding: Self.previews).map(\.path)
        #expect(scanned.filter { !Self.isExcluded($0) } == expected, "\(name), \(pass)")
      }
      #expect(try repository.statusTrustingStat(cacheFile: cache) == (try repository.status()), "\(name), whole scan")
    }
  }
}
