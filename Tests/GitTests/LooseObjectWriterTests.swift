import Foundation
import Testing

@testable import Git

/// A note edit stores the new root tree through ``LooseObjectWriter`` (libdeflate) rather
/// than libgit2's loose backend: the file must be what git writes, in content and in
/// form, and a write that fails must leave nothing under the object's name.
@Suite("Loose object writer")
struct LooseObjectWriterTests {
  /// A root of three notes, and the same root with one note's body edited (the splice).
  private func editedRoot(_ repository: Repository) throws -> (base: ObjectID, edited: ObjectID, blob: ObjectID) {
    var updates: [TreeUpdate] = []
    for name in ["A", "B", "C"] {
      updates.append(.upsert(path: "\(name).note/Text.rtf", id: try repository.createBlob(Array(name.utf8)), mode: .blob))
    }
    let base = try repository.updatedTree(nil, applying: updates)
    let blob = try repository.createBlob(Array("B, edited".utf8))
    let edited = try repository.updatedTree(base, applying: [.upsert(path: "B.note/Text.rtf", id: blob, mode: .blob)])
    return (base, edited, blob)
  }

  private func loosePath(_ id: ObjectID, in gitDirectory: String) -> String {
    gitDirectory + "/objects/" + id.hex.prefix(2) + "/" + id.hex.dropFirst(2)
  }

  @Test("the spliced root is a read-only loose file that git reads as the same tree, with no temporary file left")
  func gitReadsIt() throws {
    try withRepository { repository, directory, git throws in
      let (_, edited, blob) = try editedRoot(repository)
      let path = loosePath(edited, in: directory.file("repo/.git"))
      let attributes = try FileManager.default.attributesOfItem(atPath: path)
      #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o444)
      #expect(try git.run("cat-file", "-t", edited.hex) == "tree")
      #expect(try git.run("rev-parse", "\(edited.hex):B.note/Text.rtf") == blob.hex)
      // git hashes the object again and checks its zlib stream end to end.
      try git.run("fsck", "--strict", "--no-dangling", edited.hex)
      let folder = (path as NSString).deletingLastPathComponent
      let names = try FileManager.default.contentsOfDirectory(atPath: folder)
      #expect(!names.contains { $0.hasPrefix("tmp_") })
      #expect(try repository.treeEntry(atPath: "B.note/Text.rtf", inTree: edited)?.id == blob)
    }
  }

  @Test("a root undone to one stored before is not written again")
  func existingRootKept() throws {
    try withRepository { repository, directory, _ throws in
      let (base, edited, _) = try editedRoot(repository)
      let original = try repository.treeEntry(atPath: "B.note/Text.rtf", inTree: base)
      let undoneBlob = try #require(original).id
      let path = loosePath(base, in: directory.file("repo/.git"))
      let before = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date
      let undone = try repository.updatedTree(
        edited, applying: [.upsert(path: "B.note/Text.rtf", id: undoneBlob, mode: .blob)])
      #expect(undone == base)
      let after = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date
      #expect(before == after)
    }
  }

  @Test("a folder that cannot be made fails the write with the path and the reason, and leaves no object")
  func failureNamesThePath() throws {
    try withRepository { repository, directory, _ throws in
      let content = Array("100644 x\0".utf8) + [UInt8](repeating: 7, count: 20)
      let id = try #require(ObjectID(hex: "ab" + String(repeating: "0", count: 38)))
      let objects = directory.file("repo/.git/objects")
      // A file where the fan-out folder belongs: mkdir fails whoever runs the test (root too).
      try? FileManager.default.removeItem(atPath: objects + "/ab")
      #expect(FileManager.default.createFile(atPath: objects + "/ab", contents: Data("x".utf8)))
      let error = try #require(
        throws: GitError.self,
        performing: {
          try content.withUnsafeBytes { raw in
            try LooseObjectWriter.write(raw, kind: .tree, id: id, objectsDirectory: objects)
          }
        })
      #expect(error.message.contains(objects + "/ab"))
      #expect(error.message.contains("Not a directory"))
      _ = repository
    }
  }

  @Test("the written stream inflates to the object's header and content")
  func streamRoundTrip() throws {
    try withRepository { repository, directory, _ throws in
      let content = (0..<50_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
      let id = try #require(ObjectID(hex: "cd" + String(repeating: "1", count: 38)))
      try content.withUnsafeBytes { raw in
        try LooseObjectWriter.write(raw, kind: .blob, id: id, objectsDirectory: directory.file("repo/.git/objects"))
      }
      let reader = try #require(LooseObjectReader(objectsHome: directory.file("repo/.git")))
      let read = reader.read(id, allocate: { malloc($0) }, free: { free($0) })
      guard case .object(let kind, let memory, let offset, let size) = read else {
        Issue.record("the written object was not read back: \(read)")
        return
      }
      defer { free(memory) }
      #expect(kind == .blob)
      #expect(Array(UnsafeRawBufferPointer(start: memory + offset, count: size)) == content)
      _ = repository
    }
  }
}
