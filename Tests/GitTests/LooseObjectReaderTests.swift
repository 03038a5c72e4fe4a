import Foundation
import Testing

@testable import Git

/// ``LooseObjectReader`` reads loose objects with libdeflate, for the push and, as
/// ``LooseObjectBackend``, for every libgit2 read: a damaged file is reported, never
/// left to libgit2 1.5.1's loose backend, which loops forever on one cut short.
@Suite("Loose object reads")
struct LooseObjectReaderTests {
  /// A commit of `count` notes: a root tree of `count` entries, stored loose.
  private func bigCommit(_ repository: Repository, count: Int) throws -> ObjectID {
    var files: [String: String] = [:]
    for index in 0..<count { files["Note \(index).note/Text.rtf"] = "body \(index)" }
    return try repository.commitFiles(files, parent: nil)
  }

  private func loosePath(_ directory: TemporaryDirectory, _ id: ObjectID) -> String {
    directory.file("repo/.git/objects/") + id.hex.prefix(2) + "/" + id.hex.dropFirst(2)
  }

  /// What `reader` reads of `id`: its kind and bytes, nil when absent, or the damage.
  private func read(_ reader: LooseObjectReader, _ id: ObjectID) -> Result<(kind: ObjectKind, bytes: [UInt8])?, Damage> {
    switch reader.read(id, allocate: { malloc($0) }, free: { free($0) }) {
    case .absent: return .success(nil)
    case .unreadable(let message): return .failure(Damage(message: message))
    case .object(let kind, let memory, let offset, let size):
      defer { free(memory) }
      return .success((kind, Array(UnsafeRawBufferPointer(start: memory + offset, count: size))))
    }
  }

  private struct Damage: Error { var message: String }

  /// What the reading thread found; written before it signals, read after the wait.
  private final class Outcome: @unchecked Sendable { var values: [String] = [] }

  @Test("loose trees, blobs and commits read the same bytes and kinds as libgit2, from 1 entry to 3,000")
  func sameBytes() throws {
    try withRepository { repository, directory, _ throws in
      let reader = try #require(LooseObjectReader(objectsHome: repository.objectsHome))
      for count in [1, 40, 3_000] {
        let commit = try bigCommit(repository, count: count)
        let root = try repository.commit(commit).tree
        let package = try #require(try repository.treeEntry(atPath: "Note 0.note", inTree: root))
        for id in [root, package.id] {
          #expect(FileManager.default.fileExists(atPath: loosePath(directory, id)))
          let object = try #require(try read(reader, id).get())
          #expect(object.kind == .tree)
          #expect(object.bytes == (try repository.rawTree(id)))
          guard case .object(let kind, let size) = reader.header(id) else {
            Issue.record("no header for \(id)")
            continue
          }
          #expect(kind == .tree && size == object.bytes.count)
        }
        let blob = try #require(try repository.treeEntry(atPath: "Note 0.note/Text.rtf", inTree: root))
        #expect(try read(reader, blob.id).get().map(\.bytes) == Array("body 0".utf8))
        #expect(try read(reader, commit).get()?.kind == .commit)
      }
      // A blob that does not compress, larger than the most deflate can make of the
      // 4 KB a header read looks at (its size is judged against the whole file).
      let random = try #require(FileHandle(forReadingAtPath: "/dev/urandom"))
      let noise = Array(random.readData(ofLength: 5_000_000))
      try random.close()
      let big = try repository.createBlob(noise)
      #expect(try read(reader, big).get()?.bytes == noise)
      guard case .object(.blob, noise.count) = reader.header(big) else {
        Issue.record("the header of a 5 MB blob: \(reader.header(big))")
        return
      }
    }
  }

  @Test("a packed object and a missing one are absent, left to the other backends")
  func notItsToRead() throws {
    try withRepository { repository, _, git throws in
      let reader = try #require(LooseObjectReader(objectsHome: repository.objectsHome))
      let commit = try bigCommit(repository, count: 5)
      let root = try repository.commit(commit).tree
      let missing = try #require(ObjectID(hex: String(repeating: "ab", count: 20)))
      #expect(try read(reader, missing).get() == nil)
      try repository.updateReference("refs/heads/main", to: commit, expecting: nil, logMessage: "test")
      _ = try git.run("repack", "-adq")
      _ = try git.run("prune-packed")
      #expect(try read(reader, root).get() == nil)
      guard case .absent = reader.header(root) else {
        Issue.record("a packed tree's header was read as loose")
        return
      }
      // libgit2 and ObjectReader still read it, from the pack.
      #expect(try ObjectReader(repository: repository).tree(root).count == (try repository.rawTree(root)).count)
    }
  }

  @Test("a loose object cut short, emptied or corrupted is reported as damaged, by libgit2's reads too, never a hang")
  func damagedFiles() throws {
    try withRepository { repository, directory, _ throws in
      let reader = try #require(LooseObjectReader(objectsHome: repository.objectsHome))
      let root = try repository.commit(bigCommit(repository, count: 200)).tree
      let path = loosePath(directory, root)
      let original = try Data(contentsOf: URL(fileURLWithPath: path))
      try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
      var flipped = original
      flipped[flipped.count / 2] ^= 0x55
      for (label, damaged) in [
        ("half", original.prefix(original.count / 2)), ("3 bytes", original.prefix(3)), ("empty", Data()),
        ("flipped", flipped),
      ] {
        try damaged.write(to: URL(fileURLWithPath: path))
        guard case .failure(let damage) = read(reader, root) else {
          Issue.record("\(label): not reported as damaged")
          continue
        }
        #expect(damage.message.contains(root.hex) && damage.message.contains(path), "\(label): \(damage.message)")
        // libgit2's own read, through the repository's backends, in a fresh repository
        // (nothing cached), on another thread: a hang shows as a timeout, not a stuck run.
        // Also after each way this process replaces the object database (a pack written,
        // a refused commit purged).
        let gitDirectory = repository.gitDirectory
        let outcome = Outcome()
        let done = DispatchSemaphore(value: 0)
        Thread {
          var results: [String] = []
          for replace in [false, true] {
            do {
              let fresh = try Repository.open(at: gitDirectory)
              if replace { try fresh.dropCachesAndObjectDatabase() }
              _ = try fresh.rawTree(root)
              results.append("read")
            } catch {
              results.append("\(error)")
            }
            do {
              let fresh = try Repository.open(at: gitDirectory)
              try fresh.reopenObjectDatabase()
              _ = try fresh.rawTree(root)
              results.append("read")
            } catch {
              results.append("\(error)")
            }
          }
          outcome.values = results
          done.signal()
        }.start()
        try #require(done.wait(timeout: .now() + 60) == .success, "\(label): libgit2's read did not return")
        #expect(outcome.values.count == 4 && outcome.values.allSatisfy { $0.contains("is damaged") }, "\(label): \(outcome.values)")
      }
    }
  }

  @Test("a loose object whose header gives another size or kind is damaged; the right header reads again")
  func wrongHeader() throws {
    try withRepository { repository, directory, _ throws in
      let reader = try #require(LooseObjectReader(objectsHome: repository.objectsHome))
      let root = try repository.commit(bigCommit(repository, count: 3)).tree
      let bytes = try repository.rawTree(root)
      let path = loosePath(directory, root)
      try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
      for header in [
        "tree \(bytes.count + 1)", "tree \(bytes.count - 1)", "tree x\(bytes.count)", "tree ", "frob \(bytes.count)",
        "tree 99999999999999999999",
      ] {
        let stream = try zlibCompressed(Array(header.utf8) + [0] + bytes)
        try Data(stream).write(to: URL(fileURLWithPath: path))
        guard case .failure = read(reader, root) else {
          Issue.record("header \(header): read")
          continue
        }
      }
      // Another kind of object is read as that kind (the caller judges it).
      try Data(try zlibCompressed(Array("blob \(bytes.count)".utf8) + [0] + bytes)).write(to: URL(fileURLWithPath: path))
      #expect(try read(reader, root).get()?.kind == .blob)
      // The same bytes with the right header read again.
      try Data(try zlibCompressed(Array("tree \(bytes.count)".utf8) + [0] + bytes)).write(to: URL(fileURLWithPath: path))
      #expect(try read(reader, root).get()?.bytes == bytes)
    }
  }

  /// `bytes` as one zlib stream, as git writes a loose object (through python's zlib, an
  /// outside writer).
  private func zlibCompressed(_ bytes: [UInt8]) throws -> [UInt8] {
    let input = FileManager.default.temporaryDirectory.appendingPathComponent("loose-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: input) }
    try Data(bytes).write(to: input)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "python3", "-c", "import sys, zlib; sys.stdout.buffer.write(zlib.compress(open(sys.argv[1], 'rb').read()))",
      input.path,
    ]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    try #require(process.terminationStatus == 0, "python3 could not compress")
    return Array(data)
  }
}
