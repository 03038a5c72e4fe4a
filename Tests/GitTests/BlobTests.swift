import Foundation
import Git
import Testing

@Suite("Blobs")
struct BlobTests {
  @Test("a blob from memory has git's id and reads back")
  func blobFromMemory() throws {
    try withRepository { repository, _, git throws in
      let text = "Milk\nEggs\n"
      let id = try repository.createBlob(Array(text.utf8))
      #expect(id.hex == (try git.run("hash-object", "--stdin", input: text)))
      #expect(try repository.blobData(id) == Array(text.utf8))
      #expect(try repository.blobSize(id) == Int64(text.utf8.count))
      #expect(try git.run("cat-file", "-p", id.hex) == "Milk\nEggs")
      #expect(try repository.blobData(repository.createBlob([])) == [])
    }
  }

  @Test("a blob streamed from a file has git's id; hashFile writes nothing")
  func blobFromFile() throws {
    try withRepository { repository, directory, git throws in
      // 3.5 MB crosses several 1 MiB chunks.
      var bytes = [UInt8](repeating: 0, count: 3_500_000)
      for index in bytes.indices { bytes[index] = UInt8(truncatingIfNeeded: index &* 2_654_435_761 >> 13) }
      let path = directory.file("attachment.bin")
      try Data(bytes).write(to: URL(fileURLWithPath: path))
      let expected = try git.run("hash-object", path)
      let hashed = try repository.hashFile(path)
      #expect(hashed.hex == expected)
      #expect(!repository.objectExists(hashed))
      let stored = try repository.createBlob(fromFile: path)
      #expect(stored == hashed)
      #expect(repository.objectExists(stored))
      #expect(try repository.blobSize(stored) == Int64(bytes.count))
      try git.run("cat-file", "-e", stored.hex)
    }
  }

  @Test("writeBlob replaces a file with the content, loose or packed, leaving no temporary file")
  func writeBlobToFile() throws {
    try withRepository { repository, directory, _ throws in
      let content = Array(String(repeating: "line of text\n", count: 200_000).utf8)
      let blob = try repository.createBlob(content)
      let target = directory.file("out/Text.rtf")
      try FileManager.default.createDirectory(atPath: directory.file("out"), withIntermediateDirectories: true)
      try directory.write("out/Text.rtf", "old")
      try repository.writeBlob(blob, toFile: target)
      #expect(Array(try Data(contentsOf: URL(fileURLWithPath: target))) == content)

      let tree = try repository.updatedTree(nil, applying: [.upsert(path: "a", id: blob, mode: .blob)])
      let commit = try repository.createCommit(
        tree: tree, parents: [], message: "a\n", author: testSignature(), committer: testSignature())
      try repository.updateReference("refs/heads/devices/laptop", to: commit, expecting: nil, logMessage: "init")
      #expect(try repository.packLooseObjects().looseObjects == 0)
      try repository.writeBlob(blob, toFile: target)
      #expect(Array(try Data(contentsOf: URL(fileURLWithPath: target))) == content)
      #expect(try FileManager.default.contentsOfDirectory(atPath: directory.file("out")) == ["Text.rtf"])
    }
  }

  @Test("a missing blob is notFound; a file that cannot be read names the path")
  func missingObjects() throws {
    try withRepository { repository, directory, _ throws in
      let absent = try #require(ObjectID(hex: "1111111111111111111111111111111111111111"))
      #expect { try repository.blobData(absent) } throws: { ($0 as? GitError)?.code == .notFound }
      #expect { try repository.blobSize(absent) } throws: { ($0 as? GitError)?.code == .notFound }
      let missingFile = directory.file("nope")
      #expect { try repository.createBlob(fromFile: missingFile) } throws: {
        ($0 as? GitError)?.message.contains(missingFile) == true
      }
    }
  }
}
