import Foundation
import Git
import Testing

@Suite("Packed writes and big blobs")
struct PackedWriteTests {
  /// The loose object files under `objects/`, as `git count-objects` counts them.
  func looseCount(_ git: GitCLI) throws -> Int {
    let line = try git.run("count-objects", "-v").split(separator: "\n").first { $0.hasPrefix("count:") }
    return Int(line?.split(separator: " ").last ?? "") ?? -1
  }

  /// A file of `size` bytes of seeded noise, which neither compresses nor deltas.
  func noiseFile(_ directory: TemporaryDirectory, _ name: String, size: Int, seed: UInt64) throws -> String {
    var state = seed
    var bytes = [UInt8](repeating: 0, count: size)
    for index in bytes.indices {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      bytes[index] = UInt8(truncatingIfNeeded: state >> 33)
    }
    let path = directory.file(name)
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return path
  }

  @Test("objects written inside a packed write land in a pack, not in loose files, and git reads them")
  func packedWriteMakesAPack() throws {
    try withRepository { repository, directory, git throws in
      let file = directory.file("body.rtf")
      try Data("{\\rtf1 from a file}".utf8).write(to: URL(fileURLWithPath: file))
      var blobs: [ObjectID] = []
      let tree = try repository.writingObjectsIntoPacks {
        for index in 0..<60 { blobs.append(try repository.createBlob(Array("note \(index)\n".utf8))) }
        blobs.append(try repository.createBlob(fromFile: file))
        return try repository.updatedTree(
          nil, applying: blobs.enumerated().map { .upsert(path: "N\($0.offset).note/Text.rtf", id: $0.element, mode: .blob) })
      }
      #expect(try looseCount(git) == 0)
      #expect(try repository.packStatistics().packs == 1)
      try git.run("cat-file", "-e", tree.description)
      #expect(try git.run("cat-file", "blob", blobs[7].description) == "note 7")
      #expect(try repository.blobData(blobs[60]) == Array("{\\rtf1 from a file}".utf8))
      #expect(try git.run("ls-tree", "-r", tree.description).split(separator: "\n").count == 61)
      try git.run("fsck", "--strict", "--no-dangling")
    }
  }

  @Test("a big blob in a packed write streams into a loose file; packing leaves it loose and not counted as due")
  func bigBlobStaysLoose() throws {
    try withRepository { repository, directory, git throws in
      let big = try noiseFile(directory, "big.bin", size: Int(Repository.bigFileThreshold) + 1024, seed: 7)
      let (small, large) = try repository.writingObjectsIntoPacks {
        (try repository.createBlob(Array("small".utf8)), try repository.createBlob(fromFile: big))
      }
      #expect(try looseCount(git) == 1)
      let tree = try repository.updatedTree(
        nil, applying: [
          .upsert(path: "A.note/Text.rtf", id: small, mode: .blob),
          .upsert(path: "A.note/Attachments/big.bin", id: large, mode: .blob),
        ])
      let signature = Signature(
        name: "T", email: "t@example.com", date: Date(timeIntervalSince1970: 1_700_000_000), timeZoneOffsetMinutes: 0)
      let tip = try repository.createCommit(
        tree: tree, parents: [], message: "big", author: signature, committer: signature)
      try repository.updateReference("refs/heads/devices/laptop", to: tip, expecting: nil, logMessage: "big")

      let statistics = try repository.packLooseObjects()
      #expect(statistics.bigLooseObjects == 1)
      #expect(statistics.looseObjects == 1)
      let hex = large.description
      #expect(FileManager.default.fileExists(
        atPath: repository.gitDirectory + "/objects/" + String(hex.prefix(2)) + "/" + String(hex.dropFirst(2))))
      try git.run("fsck", "--strict", "--no-dangling")
      let exported = directory.file("out.bin")
      try repository.writeBlob(large, toFile: exported)
      #expect(FileManager.default.contentsEqual(atPath: exported, andPath: big))
    }
  }
}
