import Foundation
import Git
import Testing

@Suite("Trees")
struct TreeTests {
  @Test("upserting nested paths builds the directories git expects")
  func nestedUpserts() throws {
    try withRepository { repository, _, git throws in
      let text = try repository.createBlob(Array("body".utf8))
      let image = try repository.createBlob([0, 1, 2])
      let tree = try repository.updatedTree(nil, applying: [
        .upsert(path: "Shopping.note/Text.rtf", id: text, mode: .blob),
        .upsert(path: "Shopping.note/Attachments/a.png", id: image, mode: .blob),
        .upsert(path: "run.sh", id: text, mode: .executable),
      ])
      #expect(try git.run("ls-tree", "-r", "--name-only", tree.hex)
        == "Shopping.note/Attachments/a.png\nShopping.note/Text.rtf\nrun.sh")
      let top = try repository.treeEntries(tree)
      #expect(top.map(\.name) == ["Shopping.note", "run.sh"])
      #expect(top.map(\.mode) == [.tree, .executable])
      let entry = try #require(try repository.treeEntry(atPath: "Shopping.note/Text.rtf", inTree: tree))
      #expect(entry == TreeEntry(name: "Shopping.note/Text.rtf", id: text, mode: .blob))
      #expect(try repository.treeEntry(atPath: "Shopping.note/None.rtf", inTree: tree) == nil)
      #expect(try repository.treeEntry(atPath: "Missing.note/Text.rtf", inTree: tree) == nil)
      try git.run("fsck", "--strict", "--no-dangling")
    }
  }

  @Test("removing a directory drops its subtree; removing a missing path is a no-op")
  func removals() throws {
    try withRepository { repository, _, git throws in
      let blob = try repository.createBlob(Array("x".utf8))
      let base = try repository.updatedTree(nil, applying: [
        .upsert(path: "A.note/Text.rtf", id: blob, mode: .blob),
        .upsert(path: "A.note/Attachments/one.bin", id: blob, mode: .blob),
        .upsert(path: "B.note/Text.rtf", id: blob, mode: .blob),
      ])
      let removed = try repository.updatedTree(base, applying: [
        .remove(path: "A.note"), .remove(path: "Missing.note"), .remove(path: "B.note/Nope.rtf"),
      ])
      #expect(try git.run("ls-tree", "-r", "--name-only", removed.hex) == "B.note/Text.rtf")
      let unchanged = try repository.updatedTree(base, applying: [.remove(path: "Missing.note/Text.rtf")])
      #expect(unchanged == base)
      let emptied = try repository.updatedTree(base, applying: [.remove(path: "A.note/Attachments/one.bin")])
      #expect(try git.run("ls-tree", "-r", "--name-only", emptied.hex) == "A.note/Text.rtf\nB.note/Text.rtf")
      #expect(try repository.updatedTree(nil, applying: [.remove(path: "x")]).hex == "4b825dc642cb6eb9a060e54bf8d69288fbee4904")
    }
  }

  @Test("conflicting updates are an error from git_tree_create_updated")
  func conflictingUpdates() throws {
    try withRepository { repository, _, _ throws in
      let blob = try repository.createBlob(Array("x".utf8))
      let error = try #require(throws: GitError.self) {
        try repository.updatedTree(nil, applying: [
          .upsert(path: "A", id: blob, mode: .blob), .upsert(path: "A", id: blob, mode: .blob),
        ])
      }
      #expect(error.function == "git_tree_create_updated")
    }
  }
}
