import Foundation
import Testing

@testable import Git

/// A command trusts the index's checksum without hashing it again only for the very file
/// an earlier one wrote or verified; a file written by anyone else is hashed.
@Suite("Index checksum record")
struct IndexChecksumRecordTests {
  static func makeRepository(_ directory: TemporaryDirectory) throws -> (root: String, git: GitCLI) {
    let (root, git) = try directory.gitStore()
    for name in ["A", "B"] { try directory.write("store/\(name).note/Text.rtf", "{\\rtf1 \(name)}") }
    try git.run("add", "-A")
    try git.run("commit", "-qm", "start")
    return (root, git)
  }

  @Test("an index this code wrote is known valid to the next command, and git still reads it")
  func writtenIndexIsKnown() throws {
    let directory = try TemporaryDirectory()
    let (root, git) = try Self.makeRepository(directory)
    let writer = try Repository.open(at: root)
    let blob = try writer.createBlob(fromFile: root + "/A.note/Text.rtf")
    let info = try #require(WorkingFileStat(path: root + "/A.note/Text.rtf")).statInfo
    #expect(try writer.editIndexFile { _ in [.set(path: "A.note/Text.rtf", id: blob, mode: .blob, stat: info)] })
    let index = try #require(IndexSnapshot(path: root + "/.git/index"))
    #expect(index.checksumIsValid())
    #expect(try Repository.open(at: root).indexChecksumIsKnown(index), "a new process trusts the file it wrote")
    #expect(try git.run("status", "--porcelain").isEmpty)
    #expect(try git.run("diff", "--cached", "--name-only").isEmpty)
  }

  @Test("after git rewrites the index the record vouches for nothing, and the file is hashed")
  func foreignIndexIsHashed() throws {
    let directory = try TemporaryDirectory()
    let (root, git) = try Self.makeRepository(directory)
    let repository = try Repository.open(at: root)
    _ = try repository.isUnchangedByStat("A.note")  // verifies the checksum (the answer may be "racy")
    let verified = try #require(IndexSnapshot(path: root + "/.git/index"))
    #expect(try Repository.open(at: root).indexChecksumIsKnown(verified))
    try directory.write("store/B.note/Text.rtf", "{\\rtf1 B, changed}")
    try git.run("add", "-A")
    let rewritten = try #require(IndexSnapshot(path: root + "/.git/index"))
    #expect(try !Repository.open(at: root).indexChecksumIsKnown(rewritten))
  }

  @Test("a damaged record is ignored")
  func damagedRecord() throws {
    let directory = try TemporaryDirectory()
    let (root, _) = try Self.makeRepository(directory)
    _ = try Repository.open(at: root).isUnchangedByStat("A.note")
    try Data("garbage".utf8).write(to: URL(fileURLWithPath: root + "/.git/" + IndexChecksumRecord.fileName))
    let index = try #require(IndexSnapshot(path: root + "/.git/index"))
    #expect(try !Repository.open(at: root).indexChecksumIsKnown(index))
  }
}
