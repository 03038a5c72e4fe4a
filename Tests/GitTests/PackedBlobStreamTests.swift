import Foundation
import Git
import Testing

@Suite("Blobs streamed out of packs")
struct PackedBlobStreamTests {
  /// `size` bytes of seeded noise (which neither compresses nor deltas), with `edit` at the middle.
  static func noise(size: Int, seed: UInt64, edit: [UInt8] = []) -> [UInt8] {
    var state = seed
    var bytes = [UInt8](repeating: 0, count: size)
    for index in bytes.indices {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      bytes[index] = UInt8(truncatingIfNeeded: state >> 33)
    }
    bytes.replaceSubrange((size / 2)..<(size / 2 + edit.count), with: edit)
    return bytes
  }

  /// Commits `files` (path → content) as the branch's tip, then lets git pack everything
  /// (`git repack -adf` with `config`) and checks nothing is left loose.
  func committedAndRepacked(
    _ files: [String: [UInt8]], repository: Repository, git: GitCLI, config: [String] = []
  ) throws -> [String: ObjectID] {
    var ids: [String: ObjectID] = [:]
    for (path, bytes) in files { ids[path] = try repository.createBlob(bytes) }
    let tree = try repository.updatedTree(nil, applying: ids.map { .upsert(path: $0.key, id: $0.value, mode: .blob) })
    let signature = Signature(
      name: "T", email: "t@example.com", date: Date(timeIntervalSince1970: 1_700_000_000), timeZoneOffsetMinutes: 0)
    let tip = try repository.createCommit(tree: tree, parents: [], message: "files", author: signature, committer: signature)
    try repository.updateReference("refs/heads/devices/laptop", to: tip, expecting: nil, logMessage: "files")
    for setting in config { try git.run("config", setting.split(separator: "=")[0].description, String(setting.split(separator: "=")[1])) }
    try git.run("repack", "-adfq")
    try git.run("prune-packed")
    let count = try git.run("count-objects", "-v").split(separator: "\n").first { $0.hasPrefix("count:") }
    #expect(count == "count: 0")
    return ids
  }

  struct Case: CustomTestStringConvertible, Sendable {
    var name: String
    var files: [String: [UInt8]]
    var config: [String]
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(
      name: "a big blob, packed whole by git's core.bigFileThreshold",
      files: ["A.note/Attachments/big.bin": noise(size: 300_000, seed: 3)], config: ["core.bigFileThreshold=64k"]),
    Case(
      name: "a blob stored as a delta of a similar one",
      files: [
        "A.note/Attachments/one.bin": noise(size: 200_000, seed: 5),
        "A.note/Attachments/two.bin": noise(size: 200_000, seed: 5, edit: Array("an edit".utf8)),
      ], config: []),
    Case(name: "a small text blob", files: ["A.note/Text.rtf": Array("{\\rtf1 hello}".utf8)], config: []),
    Case(name: "an empty blob", files: ["A.note/Attachments/empty": []], config: []),
  ]

  @Test("a packed blob is exported byte-exact, to a file and to a descriptor, and its prefix is its first bytes", arguments: cases)
  func packedBlobsExport(_ example: Case) throws {
    try withRepository { repository, directory, git throws in
      let ids = try committedAndRepacked(example.files, repository: repository, git: git, config: example.config)
      for (path, bytes) in example.files {
        let id = try #require(ids[path])
        let out = directory.file("out-" + path.replacingOccurrences(of: "/", with: "-"))
        try repository.writeBlob(id, toFile: out)
        #expect(FileManager.default.contents(atPath: out) == Data(bytes), "\(path)")
        let piped = directory.file("piped")
        #expect(FileManager.default.createFile(atPath: piped, contents: nil))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: piped))
        try repository.writeBlob(id, toDescriptor: handle.fileDescriptor, name: "the test file")
        try handle.close()
        #expect(FileManager.default.contents(atPath: piped) == Data(bytes), "\(path)")
        #expect(try repository.blobPrefix(id, count: 1000) == Array(bytes.prefix(1000)), "\(path)")
      }
    }
  }

  @Test("a damaged whole entry in a pack is refused, and no file is left behind")
  func damagedEntryIsRefused() throws {
    try withRepository { repository, directory, git throws in
      let bytes = Self.noise(size: 300_000, seed: 9)
      let ids = try committedAndRepacked(
        ["A.note/Attachments/big.bin": bytes], repository: repository, git: git, config: ["core.bigFileThreshold=64k"])
      let id = try #require(ids["A.note/Attachments/big.bin"])
      // `git verify-pack -v`: "<id> blob <size> <size in pack> <offset>".
      let pack = try #require(
        try FileManager.default.contentsOfDirectory(atPath: repository.gitDirectory + "/objects/pack")
          .first { $0.hasSuffix(".pack") })
      let packPath = repository.gitDirectory + "/objects/pack/" + pack
      let line = try #require(
        try git.run("verify-pack", "-v", packPath).split(separator: "\n").first { $0.hasPrefix(id.description) })
      let fields = line.split(separator: " ", omittingEmptySubsequences: true)
      let offset = try #require(Int(fields[4])), length = try #require(Int(fields[3]))
      let file = try FileHandle(forUpdating: URL(fileURLWithPath: packPath))
      try file.seek(toOffset: UInt64(offset + length / 2))
      let original = try #require(try file.read(upToCount: 1))
      try file.seek(toOffset: UInt64(offset + length / 2))
      try file.write(contentsOf: Data([original[0] ^ 0x55]))
      try file.close()

      let out = directory.file("out.bin")
      #expect(throws: GitError.self) { try repository.writeBlob(id, toFile: out) }
      #expect(!FileManager.default.fileExists(atPath: out))
      let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.contains(".tmp-") }
      #expect(leftovers.isEmpty)
    }
  }

  @Test("a damaged loose blob is refused, and no file is left behind")
  func damagedLooseBlobIsRefused() throws {
    try withRepository { repository, directory, _ throws in
      let bytes = Self.noise(size: 200_000, seed: 11)
      let id = try repository.createBlob(bytes)
      let hex = id.description
      let path = repository.gitDirectory + "/objects/" + hex.prefix(2) + "/" + hex.dropFirst(2)
      #expect(chmod(path, 0o644) == 0)
      #expect(truncate(path, 100_000) == 0)
      let out = directory.file("out.bin")
      #expect(throws: GitError.self) { try repository.writeBlob(id, toFile: out) }
      #expect(!FileManager.default.fileExists(atPath: out))
      #expect(try repository.blobPrefix(id, count: 1000) == Array(bytes.prefix(1000)))
    }
  }
}
