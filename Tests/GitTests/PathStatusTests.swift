import Foundation
import Testing

@testable import Git

#if canImport(Glibc)
  import Glibc
#endif

/// The status of one package found from stat data and hashes
/// (``Repository/statusTrustingStat(paths:excluding:)``) is libgit2's status of it, for
/// seeded random hand edits.
@Suite("Status of a few paths trusting stat data")
struct PathStatusTests {
  @Test("random hand edits in a package: the same entries as libgit2's status", arguments: Array(1...12) as [UInt64])
  func agreesWithLibgit2(seed: UInt64) throws {
    print("PathStatusTests seed \(seed)")
    var random = SeededGenerator(seed: seed)
    let directory = try TemporaryDirectory()
    let (root, git) = try directory.gitStore()
    try directory.write("store/.gitignore", "*.tmp\n")
    let packages = ["A.note", "B.note", "Work/C.note"]
    for package in packages {
      try directory.write("store/\(package)/Text.rtf", "{\\rtf1 \(package)}")
      try directory.write("store/\(package)/Attachments/one.bin", "one \(package)")
      try directory.write("store/\(package)/QuickLook/Preview.rtf", "preview")
    }
    // An hour old, as a store's files are between commands.
    let old = Date(timeIntervalSinceNow: -3600)
    for package in packages {
      for file in ["Text.rtf", "Attachments/one.bin", "QuickLook/Preview.rtf"] {
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: root + "/\(package)/\(file)")
      }
    }
    try git.run("add", "-A")
    try git.run("commit", "-qm", "start")
    let repository = try Repository.open(at: root)
    let package = packages.randomElement(using: &random) ?? "A.note"
    let edits: [(String, () throws -> Void)] = [
      ("body rewritten", { try directory.write("store/\(package)/Text.rtf", "{\\rtf1 edited \(seed)}") }),
      ("body rewritten, same size", { try directory.write("store/\(package)/Text.rtf", "{\\rtf1 \(package.uppercased())}") }),
      ("body touched", { try FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: root + "/\(package)/Text.rtf") }),
      ("attachment added", { try directory.write("store/\(package)/Attachments/two.bin", "two") }),
      ("ignored file added", { try directory.write("store/\(package)/scratch.tmp", "scratch") }),
      ("attachment removed", { try FileManager.default.removeItem(atPath: root + "/\(package)/Attachments/one.bin") }),
      ("preview rewritten", { try directory.write("store/\(package)/QuickLook/Preview.rtf", "new preview") }),
      ("untracked folder", { try directory.write("store/\(package)/Extra/x.bin", "x") }),
      ("body made executable", { _ = chmod(root + "/\(package)/Text.rtf", 0o755) }),
      ("package removed", { try FileManager.default.removeItem(atPath: root + "/\(package)") }),
      ("body replaced by a link", {
        try FileManager.default.removeItem(atPath: root + "/\(package)/Text.rtf")
        try FileManager.default.createSymbolicLink(atPath: root + "/\(package)/Text.rtf", withDestinationPath: "elsewhere")
      }),
    ]
    var applied: [String] = []
    for _ in 0..<Int.random(in: 1...3, using: &random) {
      guard let (name, edit) = edits.randomElement(using: &random) else { continue }
      if (try? edit()) != nil { applied.append(name) }
    }
    let isPreview = { (path: String) in path.contains(".note/QuickLook/") }
    let expected = try repository.status(paths: [package]).filter { !isPreview($0.path) }
    let found = try repository.statusTrustingStat(paths: [package], excluding: StatStatusTests.previews)
      .filter { !isPreview($0.path) }
    #expect(found == expected, "seed \(seed), \(package): \(applied)")
    // Without the exclusion, previews count too.
    #expect(try repository.statusTrustingStat(paths: [package]) == (try repository.status(paths: [package])), "seed \(seed): \(applied)")
  }
}
