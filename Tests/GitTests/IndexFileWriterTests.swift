import Foundation
import Testing

@testable import Git

/// The index rewritten from a mapping of the old one: its SHA-1, and git reading the
/// entries it changed and the ones it copied.
@Suite("Index rewritten directly")
struct IndexFileWriterTests {
  @Test(
    "SHA-1 gives the standard digests, whole or fed in pieces",
    arguments: [
      ("", "da39a3ee5e6b4b0d3255bfef95601890afd80709"),
      ("abc", "a9993e364706816aba3e25717850c26c9cd0d89d"),
      ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "84983e441c3bd26ebaae4aa1f95129e5e54670f1"),
      (String(repeating: "a", count: 1000), "291e9a6c66994949b57ba5e650361e98fc36b1ba"),
    ])
  func sha1(message: String, digest: String) throws {
    let bytes = Array(message.utf8)
    let whole = try #require(bytes.withUnsafeBytes { SHA1.digest($0) })
    #expect(ObjectID(bytes: whole)?.hex == digest)
    var pieces = try #require(SHA1())
    var start = 0
    for size in [1, 63, 2, 64, 130] where start < bytes.count {
      let end = min(start + size, bytes.count)
      bytes[start..<end].withUnsafeBytes { pieces.update($0) }
      start = end
    }
    bytes[start...].withUnsafeBytes { pieces.update($0) }
    let fed = pieces.finish()
    #expect(fed.flatMap { ObjectID(bytes: $0) }?.hex == digest)
  }

  @Test("a copy of a SHA-1 in progress goes on from where it was copied, apart from the original")
  func sha1CopyIsIndependent() throws {
    var original = try #require(SHA1())
    Array("abc".utf8).withUnsafeBytes { original.update($0) }
    var copy = original
    Array("dbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8).withUnsafeBytes { copy.update($0) }
    let originalDigest = original.finish()
    let copyDigest = copy.finish()
    let afresh = original.finish()
    #expect(originalDigest.flatMap { ObjectID(bytes: $0) }?.hex == "a9993e364706816aba3e25717850c26c9cd0d89d")
    #expect(copyDigest.flatMap { ObjectID(bytes: $0) }?.hex == "84983e441c3bd26ebaae4aa1f95129e5e54670f1")
    // A finished hash starts afresh.
    #expect(afresh.flatMap { ObjectID(bytes: $0) }?.hex == "da39a3ee5e6b4b0d3255bfef95601890afd80709")
  }

  @Test("a set, a refresh and a removal give an index git reads, with the other entries unchanged")
  func editsReadByGit() throws {
    let directory = try TemporaryDirectory()
    let (root, git) = try directory.gitStore()
    for name in ["A", "B", "C", "D"] {
      try directory.write("store/\(name).note/Text.rtf", "{\\rtf1 \(name)}")
      // An hour old: no entry is racily clean against the index git writes now.
      try FileManager.default.setAttributes(
        [.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: root + "/\(name).note/Text.rtf")
    }
    try git.run("add", "-A")
    try git.run("commit", "-qm", "start")
    let before = try git.run("ls-files", "--stage", "--debug")
    // B changes, C is gone, E is new; a refresh of A keeps its blob.
    try directory.write("store/B.note/Text.rtf", "{\\rtf1 B changed}")
    try FileManager.default.removeItem(atPath: root + "/C.note")
    try directory.write("store/E.note/Text.rtf", "{\\rtf1 E}")
    let repository = try Repository.open(at: root)
    func stated(_ path: String) throws -> stat {
      try #require(WorkingFileStat(path: root + "/" + path)).statInfo
    }
    let blobB = try repository.createBlob(fromFile: root + "/B.note/Text.rtf")
    let blobE = try repository.createBlob(fromFile: root + "/E.note/Text.rtf")
    let written = try repository.editIndexFile { _ in
      [
        .set(path: "B.note/Text.rtf", id: blobB, mode: .blob, stat: try stated("B.note/Text.rtf")),
        .remove(path: "C.note"),
        .set(path: "E.note/Text.rtf", id: blobE, mode: .blob, stat: try stated("E.note/Text.rtf")),
        .refresh(path: "A.note/Text.rtf", stat: try stated("A.note/Text.rtf")),
      ]
    }
    #expect(written)
    let paths = try git.run("ls-files").split(separator: "\n").map(String.init)
    #expect(paths == ["A.note/Text.rtf", "B.note/Text.rtf", "D.note/Text.rtf", "E.note/Text.rtf"])
    // The working tree matches the new index; the index differs from HEAD by the edits.
    #expect(try git.run("diff", "--name-only").isEmpty)
    #expect(try git.run("diff", "--cached", "--name-status") == "M\tB.note/Text.rtf\nD\tC.note/Text.rtf\nA\tE.note/Text.rtf")
    #expect(try git.run("ls-files", "--stage", "B.note/Text.rtf").contains(blobB.hex))
    // D's entry is copied as it was (stat data and all).
    let entryD = { (listing: String) -> [Substring] in
      let lines = listing.split(separator: "\n")
      guard let start = lines.firstIndex(where: { $0.hasSuffix("D.note/Text.rtf") }) else { return [] }
      return Array(lines[start...].prefix { $0 == lines[start] || $0.hasPrefix(" ") })
    }
    let after = try git.run("ls-files", "--stage", "--debug")
    #expect(entryD(after) == entryD(before))
    #expect(!entryD(after).isEmpty)
    // libgit2 reads it too: its status of the whole tree agrees.
    #expect(try repository.status().map(\.path) == ["B.note/Text.rtf", "C.note/Text.rtf", "E.note/Text.rtf"])
  }

  @Test("an edit putting a file where the index has a folder is left to libgit2")
  func fileOverFolderFallsBack() throws {
    let directory = try TemporaryDirectory()
    let (root, git) = try directory.gitStore()
    try directory.write("store/A.note/Text.rtf", "{\\rtf1 A}")
    try git.run("add", "-A")
    let index = try Data(contentsOf: URL(fileURLWithPath: root + "/.git/index"))
    let repository = try Repository.open(at: root)
    let blob = try repository.createBlob([1, 2, 3])
    let written = try repository.editIndexFile { _ in
      [.set(path: "A.note", id: blob, mode: .blob, stat: stat())]
    }
    #expect(!written)
    #expect(try Data(contentsOf: URL(fileURLWithPath: root + "/.git/index")) == index)
    #expect(!FileManager.default.fileExists(atPath: root + "/.git/index.lock"))
  }
}
