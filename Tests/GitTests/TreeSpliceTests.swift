import Foundation
import Git
import Testing

/// `updatedTree` splices a rebuilt folder into the root's bytes when every update lies
/// inside folders the root already has; the result must be the tree git itself builds
/// from the same index, and the general path must still take everything else.
@Suite("Tree updates inside existing folders")
struct TreeSpliceTests {
  /// One case: updates (nil id = remove) and what git must list afterwards.
  struct Case: CustomTestStringConvertible, Sendable {
    var name: String
    var upserts: [String: String]
    var removals: [String] = []
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(name: "one body edited", upserts: ["B.note/Text.rtf": "new body"]),
    Case(name: "two notes edited", upserts: ["A.note/Text.rtf": "a2", "C.note/Text.rtf": "c2"]),
    Case(name: "an attachment added in a new subfolder", upserts: ["B.note/Attachments/x.png": "png"]),
    Case(name: "a note in a folder edited", upserts: ["Work/Plan.note/Text.rtf": "plan 2"]),
    Case(name: "a file removed inside a note", upserts: [:], removals: ["A.note/Attachments/a.txt"]),
    Case(name: "a missing file removed (nothing changes)", upserts: [:], removals: ["A.note/None.rtf"]),
    Case(name: "a note emptied (the folder goes, as in git)", upserts: [:], removals: ["C.note/Text.rtf"]),
    Case(name: "a new note next to edited ones", upserts: ["A.note/Text.rtf": "a3", "New.note/Text.rtf": "n"]),
    Case(name: "a top-level file", upserts: ["README": "r"]),
  ]

  @Test("the new root is the tree git writes from the same index", arguments: cases)
  func sameTreeAsGit(_ testCase: Case) throws {
    try withRepository { repository, _, git throws in
      var base: [TreeUpdate] = []
      for (path, text) in [
        "A.note/Text.rtf": "a", "A.note/Attachments/a.txt": "att", "B.note/Text.rtf": "b", "C.note/Text.rtf": "c",
        "Work/Plan.note/Text.rtf": "plan", "Work/Z.note/Text.rtf": "z", ".notes/format": "1",
      ] {
        base.append(.upsert(path: path, id: try repository.createBlob(Array(text.utf8)), mode: .blob))
      }
      let baseTree = try repository.updatedTree(nil, applying: base)
      var updates: [TreeUpdate] = []
      try git.run("read-tree", baseTree.hex)
      for (path, text) in testCase.upserts.sorted(by: { $0.key < $1.key }) {
        let blob = try repository.createBlob(Array(text.utf8))
        updates.append(.upsert(path: path, id: blob, mode: .blob))
        try git.run("update-index", "--add", "--cacheinfo", "100644,\(blob.hex),\(path)")
      }
      for path in testCase.removals {
        updates.append(.remove(path: path))
        try git.run("update-index", "--force-remove", path)
      }
      let tree = try repository.updatedTree(baseTree, applying: updates)
      #expect(tree.hex == (try git.run("write-tree")))
      try git.run("fsck", "--strict", "--no-dangling")
    }
  }

  @Test("an entry written in a non-canonical mode is left to the general path, which normalizes it")
  func nonCanonicalMode() throws {
    try withRepository { repository, _, git throws in
      let blob = try repository.createBlob(Array("x".utf8))
      let package = try repository.updatedTree(nil, applying: [.upsert(path: "Text.rtf", id: blob, mode: .blob)])
      // "040000" is how some old tools wrote folders; git itself writes "40000".
      var bytes = Array("040000 A.note\0".utf8) + package.bytes
      bytes += Array("40000 B.note\0".utf8) + package.bytes
      let rootID = try #require(ObjectID(hex: try writeRawTree(bytes, git: git)))
      let edited = try repository.createBlob(Array("y".utf8))
      let tree = try repository.updatedTree(rootID, applying: [.upsert(path: "A.note/Text.rtf", id: edited, mode: .blob)])
      let written = try repository.rawObject(tree).bytes
      #expect(written.starts(with: Array("40000 A.note\0".utf8)))
      #expect(try repository.treeEntry(atPath: "A.note/Text.rtf", inTree: tree)?.id == edited)
      #expect(try repository.treeEntry(atPath: "B.note/Text.rtf", inTree: tree)?.id == blob)
    }
  }

  /// Writes raw tree bytes (which may hold a NUL, so not through a String pipe).
  private func writeRawTree(_ bytes: [UInt8], git: GitCLI) throws -> String {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("tree-\(UUID().uuidString)")
    try Data(bytes).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    return try git.run("hash-object", "-t", "tree", "-w", "--literally", file.path)
  }
}
