import Foundation
import Git
import Testing

@Suite("Checkout and index")
struct CheckoutTests {
  @Test("a forced checkout limited to a note directory updates it, removes files absent from the tree, and leaves other notes alone")
  func limitedForcedCheckout() throws {
    try withRepository { repository, directory, git throws in
      let first = try repository.commitFiles([
        "A.note/Text.rtf": "A1", "B.note/Text.rtf": "B1", "B.note/Attachments/x.bin": "x",
        "C.note/Text.rtf": "C1",
      ], parent: nil)
      try repository.checkout(tree: try repository.commit(first).tree, paths: nil, force: true)
      #expect(try directory.read("repo/B.note/Attachments/x.bin") == "x")
      try directory.write("repo/B.note/stray.tmp", "untracked")

      // Next tree: A edited, B deleted, C renamed to D.
      let second = try repository.commitFiles(
        ["A.note/Text.rtf": "A2", "D.note/Text.rtf": "C1"], removing: ["B.note", "C.note"], parent: first)
      let tree = try repository.commit(second).tree
      try repository.checkout(tree: tree, paths: ["B.note", "C.note", "D.note"], force: true)

      #expect(!directory.exists("repo/B.note"))
      #expect(!directory.exists("repo/C.note/Text.rtf"))
      #expect(try directory.read("repo/D.note/Text.rtf") == "C1")
      #expect(try directory.read("repo/A.note/Text.rtf") == "A1", "A.note was outside the paths")
      #expect(try git.run("ls-files") == "A.note/Text.rtf\nD.note/Text.rtf")
      #expect(try repository.referenceTarget("HEAD") == nil, "checkout never moves HEAD")

      try repository.checkout(tree: tree, paths: ["A.note"], force: true)
      #expect(try directory.read("repo/A.note/Text.rtf") == "A2")
    }
  }

  @Test("a safe checkout refuses to overwrite a local edit with .conflict and changes nothing")
  func safeCheckoutConflict() throws {
    try withRepository { repository, directory, _ throws in
      let first = try repository.commitFiles(["A.note/Text.rtf": "A1", "B.note/Text.rtf": "B1"], parent: nil)
      try repository.checkout(tree: try repository.commit(first).tree, paths: nil, force: false)
      #expect(try directory.read("repo/A.note/Text.rtf") == "A1")
      try directory.write("repo/A.note/Text.rtf", "local edit")
      let second = try repository.commitFiles(["A.note/Text.rtf": "A2", "B.note/Text.rtf": "B2"], parent: first)
      let error = try #require(throws: GitError.self) {
        try repository.checkout(tree: try repository.commit(second).tree, paths: nil, force: false)
      }
      #expect(error.code == .conflict)
      #expect(try directory.read("repo/A.note/Text.rtf") == "local edit")
      #expect(try directory.read("repo/B.note/Text.rtf") == "B1")
      // Limited to the untouched note, the safe checkout goes through.
      try repository.checkout(tree: try repository.commit(second).tree, paths: ["B.note"], force: false)
      #expect(try directory.read("repo/B.note/Text.rtf") == "B2")
    }
  }

  @Test("resetIndex makes the index match a tree without touching files")
  func resetIndex() throws {
    try withRepository { repository, directory, git throws in
      let first = try repository.commitFiles(["A.note/Text.rtf": "A1"], parent: nil)
      let second = try repository.commitFiles(["B.note/Text.rtf": "B1"], parent: first)
      try repository.resetIndex(to: try repository.commit(second).tree)
      #expect(try git.run("ls-files") == "A.note/Text.rtf\nB.note/Text.rtf")
      #expect(!directory.exists("repo/A.note"))
    }
  }
}

@Suite("Status")
struct StatusTests {
  @Test("status lists files of a new note, modified and deleted files, sorted")
  func status() throws {
    try withRepository { repository, directory, _ throws in
      let first = try repository.commitFiles([
        "A.note/Text.rtf": "A1", "B.note/Text.rtf": "B1", "C.note/Text.rtf": "C1",
      ], parent: nil)
      try repository.updateReference("refs/heads/devices/laptop", to: first, expecting: nil, logMessage: "init")
      try repository.checkout(tree: try repository.commit(first).tree, paths: nil, force: true)
      #expect(try repository.status().isEmpty)

      try directory.write("repo/New.note/Text.rtf", "n")
      try directory.write("repo/New.note/Attachments/a.png", "png")
      try directory.write("repo/A.note/Text.rtf", "A2 longer")
      try FileManager.default.removeItem(atPath: directory.file("repo/B.note/Text.rtf"))

      #expect(try repository.status() == [
        StatusEntry(path: "A.note/Text.rtf", kind: .modified),
        StatusEntry(path: "B.note/Text.rtf", kind: .deleted),
        StatusEntry(path: "New.note/Attachments/a.png", kind: .untracked),
        StatusEntry(path: "New.note/Text.rtf", kind: .untracked),
      ])
      #expect(try repository.status(includeUntracked: false).map(\.path) == ["A.note/Text.rtf", "B.note/Text.rtf"])
    }
  }

  @Test("staged additions and renames relative to HEAD are reported")
  func stagedChanges() throws {
    try withRepository { repository, directory, git throws in
      let first = try repository.commitFiles(["A.note/Text.rtf": "same body\nline two\n"], parent: nil)
      try repository.updateReference("refs/heads/devices/laptop", to: first, expecting: nil, logMessage: "init")
      try repository.checkout(tree: try repository.commit(first).tree, paths: nil, force: true)
      try git.run("mv", "A.note", "Renamed.note")
      try directory.write("repo/Added.txt", "new")
      try git.run("add", "Added.txt")
      #expect(try repository.status() == [
        StatusEntry(path: "Added.txt", kind: .added),
        StatusEntry(path: "Renamed.note/Text.rtf", kind: .renamed, oldPath: "A.note/Text.rtf"),
      ])
    }
  }

  @Test("files written by other means and recorded in the index count as checked out")
  func recordInIndex() throws {
    try withRepository { repository, directory, git throws in
      let first = try repository.commitFiles(["A.note/Text.rtf": "A1"], parent: nil)
      try repository.checkout(tree: try repository.commit(first).tree, paths: nil, force: true)
      let blob = try repository.createBlob(Array("attachment bytes".utf8))
      let second = try repository.updatedTree(
        try repository.commit(first).tree,
        applying: [.upsert(path: "A.note/Attachments/a.bin", id: blob, mode: .blob)])
      try directory.write("repo/A.note/Attachments/a.bin", "attachment bytes")
      try repository.recordInIndex([(path: "A.note/Attachments/a.bin", id: blob, mode: .blob)])
      #expect(try git.run("ls-files", "-s", "A.note/Attachments/a.bin").contains(blob.hex))
      #expect(try git.run("diff-files", "--name-only").isEmpty, "the stat data matches the file")
      _ = second
    }
  }
}

@Suite("Status limited to paths")
struct StatusPathTests {
  @Test("a status limited to a note folder sees that folder's changes and nothing else")
  func limitedStatus() throws {
    try withRepository { repository, directory, _ throws in
      let first = try repository.commitFiles(["A.note/Text.rtf": "A1", "B.note/Text.rtf": "B1"], parent: nil)
      try repository.checkout(tree: try repository.commit(first).tree, paths: nil, force: true)
      try directory.write("repo/A.note/Text.rtf", "A2")
      try directory.write("repo/B.note/Text.rtf", "B2")
      try directory.write("repo/A.note/Attachments/new.txt", "new")
      let limited = try repository.status(paths: ["A.note"])
      #expect(limited.map(\.path) == ["A.note/Attachments/new.txt", "A.note/Text.rtf"])
      #expect(try repository.status(paths: ["C.note"]).isEmpty)
      #expect(try repository.status().count == 3)
    }
  }
}
