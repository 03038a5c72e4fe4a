import Foundation
import Git
import Testing

/// ``BulkTreeReader`` reads trees for derived data without hashing them again, and
/// without turning libgit2's hash check off for anything else.
@Suite("Bulk tree reads")
struct BulkTreeReaderTests {
  @Test("loose and packed trees read the same bytes as Repository.rawTree")
  func sameBytes() throws {
    try withRepository { repository, _, git throws in
      let first = try repository.commitFiles(["A.note/Text.rtf": "a", "Work/B.note/Text.rtf": "b"], parent: nil)
      let second = try repository.commitFiles(["C.note/Text.rtf": "c"], parent: first)
      try repository.updateReference("refs/heads/devices/laptop", to: second, expecting: nil, logMessage: "test")
      try git.run("repack", "-adq")
      let third = try repository.commitFiles(["D.note/Text.rtf": "d"], parent: second)
      let reader = try BulkTreeReader(repository: repository)
      for commit in [first, second, third] {
        let root = try repository.commit(commit).tree
        #expect(try reader.rawTree(root) == repository.rawTree(root))
        let work = try #require(try repository.treeEntry(atPath: "Work", inTree: root))
        #expect(try reader.rawTree(work.id) == repository.rawTree(work.id))
      }
    }
  }

  @Test("a missing object is not found, a blob is not a tree")
  func refusals() throws {
    try withRepository { repository, _, _ throws in
      let reader = try BulkTreeReader(repository: repository)
      let blob = try repository.createBlob(Array("text".utf8))
      #expect { try reader.rawTree(blob) } throws: { ($0 as? GitError)?.code == .invalid }
      let missing = try #require(ObjectID(hex: String(repeating: "ab", count: 20)))
      #expect { try reader.rawTree(missing) } throws: { ($0 as? GitError)?.code == .notFound }
    }
  }

  @Test("reading in bulk leaves other reads hashed: a corrupted object is still refused")
  func otherReadsStayVerified() throws {
    try withRepository { repository, directory, git throws in
      let commit = try repository.commitFiles(["A.note/Text.rtf": "original"], parent: nil)
      let root = try repository.commit(commit).tree
      let entry = try #require(try repository.treeEntry(atPath: "A.note/Text.rtf", inTree: root))
      // Another object's valid loose file in place of the blob's: its bytes no longer hash to its id.
      let other = try git.run("hash-object", "-w", "--stdin", input: "replaced")
      let objects = directory.file("repo/.git/objects/")
      let target = objects + entry.id.hex.prefix(2) + "/" + entry.id.hex.dropFirst(2)
      try FileManager.default.removeItem(atPath: target)
      try FileManager.default.copyItem(atPath: objects + other.prefix(2) + "/" + other.dropFirst(2), toPath: target)
      let reader = try BulkTreeReader(repository: repository)
      _ = try reader.rawTree(root)
      #expect(throws: GitError.self) { try repository.blobData(entry.id) }
    }
  }
}
