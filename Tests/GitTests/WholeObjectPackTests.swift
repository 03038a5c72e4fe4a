import Foundation
import Testing

@testable import Git

@Suite("Packs of whole objects and their index")
struct WholeObjectPackTests {
  /// The one pack file of `repository`.
  func onlyPack(_ repository: Repository) throws -> String {
    let packs = try FileManager.default.contentsOfDirectory(atPath: repository.packDirectory)
      .filter { $0.hasSuffix(".pack") }
    try #require(packs.count == 1, "packs: \(packs)")
    return repository.packDirectory + "/" + packs[0]
  }

  @Test("a packed write makes a pack of whole objects whose index is byte for byte git index-pack's")
  func indexEqualsGits() throws {
    try withRepository { repository, directory, git throws in
      let header = String(repeating: "{\\fonttbl\\f0\\fswiss Helvetica;}", count: 40)
      var blobs: [ObjectID] = []
      let tree = try repository.writingObjectsIntoPacks {
        // Bodies that share most of their bytes: a delta search would find deltas.
        for index in 0..<80 { blobs.append(try repository.createBlob(Array("{\\rtf1 \(header) note \(index)}".utf8))) }
        // Written twice, packed once.
        blobs.append(try repository.createBlob(Array("{\\rtf1 \(header) note 3}".utf8)))
        return try repository.updatedTree(
          nil, applying: blobs.enumerated().map { .upsert(path: "N\($0.offset).note/Text.rtf", id: $0.element, mode: .blob) })
      }
      let pack = try onlyPack(repository)
      let ours = try Data(contentsOf: URL(fileURLWithPath: String(pack.dropLast(5)) + ".idx"))
      let theirs = directory.file("theirs.idx")
      try git.run("index-pack", "-o", theirs, pack)
      #expect(ours == (try Data(contentsOf: URL(fileURLWithPath: theirs))))
      // The name is the pack's checksum, as git names packs.
      let checksum = try Data(contentsOf: URL(fileURLWithPath: pack)).suffix(20).map { String(format: "%02x", $0) }
      #expect(pack.hasSuffix("/pack-\(checksum.joined()).pack"))
      // verify-pack lists a delta with its depth and base (7 fields); a whole object has 5.
      let objects = try git.run("verify-pack", "-v", pack).split(separator: "\n")
        .map { $0.split(separator: " ", omittingEmptySubsequences: true) }
        .filter { $0.first?.count == 40 }
      #expect(objects.count == 80 + 80 + 1)  // the bodies, their package trees, the root tree
      #expect(objects.allSatisfy { $0.count == 5 })
      #expect(try git.run("cat-file", "blob", blobs[7].description).hasSuffix("note 7}"))
      try git.run("cat-file", "-e", tree.description)
      try git.run("fsck", "--strict", "--no-dangling")
    }
  }
}

extension WholeObjectPackTests {
  @Test("what a killed packed write left goes once an hour old: temporaries, and a pack whose index never came")
  func staleLeftoversRemoved() throws {
    try withRepository { repository, _, git throws in
      let directory = repository.packDirectory
      try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
      let orphan = directory + "/pack-" + String(repeating: "ab", count: 20) + ".pack"
      let fresh = directory + "/pack-" + String(repeating: "cd", count: 20) + ".pack"
      let temporary = directory + "/tmp_pack_1234_5678"
      for path in [orphan, fresh, temporary] { try Data("PACK half".utf8).write(to: URL(fileURLWithPath: path)) }
      let twoHoursAgo = Date().addingTimeInterval(-7200)
      for path in [orphan, temporary] {
        try FileManager.default.setAttributes([.modificationDate: twoHoursAgo], ofItemAtPath: path)
      }
      _ = try repository.writingObjectsIntoPacks {
        try repository.updatedTree(
          nil, applying: try (0..<60).map { .upsert(path: "N\($0).note/Text.rtf", id: try repository.createBlob(Array("{\\rtf1 \($0)}".utf8)), mode: .blob) })
      }
      let left = Set(try FileManager.default.contentsOfDirectory(atPath: directory))
      #expect(!left.contains((orphan as NSString).lastPathComponent))
      #expect(!left.contains((temporary as NSString).lastPathComponent))
      // Too young to be a killed write's: it may be one renamed a moment ago.
      #expect(left.contains((fresh as NSString).lastPathComponent))
      // The write's own pack is whole, with its index.
      let packs = left.filter { $0.hasSuffix(".pack") && $0 != (fresh as NSString).lastPathComponent }
      #expect(packs.count == 1 && packs.allSatisfy { left.contains(String($0.dropLast(5)) + ".idx") })
      try FileManager.default.removeItem(atPath: fresh)
      try git.run("fsck", "--strict", "--no-dangling")
    }
  }
}

@Suite("Pack index format")
struct PackIndexFormatTests {
  @Test("offsets past 2 GiB go to the table of 8-byte offsets, and git show-index reads them back")
  func largeOffsets() throws {
    let directory = try TemporaryDirectory()
    let offsets = [12, 5_000_000_000, 1 << 31, (1 << 31) - 1, 3_000_000_000, 400]
    var entries: [PackIndexFormat.Entry] = []
    for (position, offset) in offsets.enumerated() {
      let id = try #require(ObjectID(bytes: (0..<20).map { UInt8(truncatingIfNeeded: $0 * 37 + position * 91) }))
      entries.append(PackIndexFormat.Entry(id: id, offset: offset, crc: UInt32(position) &* 0x9E37_79B9))
    }
    let bytes = try #require(PackIndexFormat.bytes(of: entries, packChecksum: [UInt8](repeating: 7, count: 20)))
    let shown = try GitCLI(directory: directory.path).run("show-index", inputData: Data(bytes))
    // Each line: offset, id, (crc in hex).
    var read: [String: (offset: Int, crc: String)] = [:]
    for line in shown.split(separator: "\n") {
      let fields = line.split(separator: " ")
      try #require(fields.count == 3, "line: \(line)")
      read[String(fields[1])] = (Int(fields[0]) ?? -1, String(fields[2]))
    }
    #expect(read.count == entries.count)
    for entry in entries {
      let found = try #require(read[entry.id.hex])
      #expect(found.offset == entry.offset)
      #expect(found.crc == "(" + String(format: "%08x", entry.crc) + ")")
    }
  }
}
