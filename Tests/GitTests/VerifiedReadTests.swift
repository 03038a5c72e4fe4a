import Foundation
import Testing

@testable import Git

/// Big trees read whole (a command's root tree) are checked against their ids by
/// libcrypto's SHA-1 rather than libgit2's: the check must still catch a damaged object.
@Suite("Verified reads of whole objects")
struct VerifiedReadTests {
  @Test("an intact object reads as libgit2 reads it, loose or packed")
  func intact() throws {
    try withRepository { repository, _, git throws in
      let blob = try repository.createBlob(Array("body".utf8))
      let tree = try repository.updatedTree(nil, applying: [.upsert(path: "A.note/Text.rtf", id: blob, mode: .blob)])
      for id in [tree, blob] {
        let verified = try repository.verifiedRawObject(id)
        let plain = try repository.rawObject(id)
        #expect(verified.kind == plain.kind)
        #expect(verified.bytes == plain.bytes)
      }
      try git.run("repack", "-adq")
      try repository.reopenObjectDatabase()
      #expect(try repository.verifiedRawObject(tree).bytes == (try repository.rawObject(tree)).bytes)
    }
  }

  @Test("a loose file holding other bytes than its id says is refused, naming both ids")
  func damaged() throws {
    try withRepository { repository, directory, _ throws in
      let blob = try repository.createBlob(Array("body".utf8))
      let tree = try repository.updatedTree(nil, applying: [.upsert(path: "A.note/Text.rtf", id: blob, mode: .blob)])
      let other = try repository.updatedTree(nil, applying: [.upsert(path: "B.note/Text.rtf", id: blob, mode: .blob)])
      let objects = directory.file("repo/.git/objects")
      let path = objects + "/" + tree.hex.prefix(2) + "/" + tree.hex.dropFirst(2)
      try FileManager.default.removeItem(atPath: path)
      // A sound zlib stream of another tree, under this tree's name.
      let otherBytes = try repository.rawObject(other).bytes
      try otherBytes.withUnsafeBytes { raw in
        try LooseObjectWriter.write(raw, kind: .tree, id: tree, objectsDirectory: objects)
      }
      let error = try #require(throws: GitError.self, performing: { try repository.verifiedRawObject(tree) })
      #expect(error.code == .mismatch)
      #expect(error.message.contains(tree.hex) && error.message.contains(other.hex))
      // The kept-tree lookups that commands use go through the same check.
      #expect(throws: GitError.self) {
        try repository.treeEntry(atPath: "A.note/Text.rtf", inTree: tree, keepingTree: true)
      }
    }
  }

  @Test("a missing object is reported as not found")
  func missing() throws {
    try withRepository { repository, _, _ throws in
      let id = try #require(ObjectID(hex: String(repeating: "5", count: 40)))
      let error = try #require(throws: GitError.self, performing: { try repository.verifiedRawObject(id) })
      #expect(error.code == .notFound)
    }
  }
}
