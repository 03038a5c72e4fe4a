import Foundation
import Git
import Testing

@Suite("Commits")
struct CommitTests {
  @Test("a commit round-trips its fields, trailers and summary, and git agrees")
  func commitRoundTrip() throws {
    try withRepository { repository, _, git throws in
      let message = "Edit Shopping\n\nAdded milk.\n\nNote-Id: 1234\nDevice: laptop\n"
      let first = try repository.commitFiles(["Shopping.note/Text.rtf": "v1"], parent: nil, message: "init\n")
      let tree = try repository.commit(first).tree
      let author = testSignature(1_700_000_000)
      let committer = Signature(name: "Bot", email: "bot@example.com",
                                date: Date(timeIntervalSince1970: 1_700_000_100), timeZoneOffsetMinutes: -300)
      let id = try repository.createCommit(tree: tree, parents: [first], message: message, author: author, committer: committer)
      let commit = try repository.commit(id)
      #expect(commit.id == id)
      #expect(commit.tree == tree)
      #expect(commit.parents == [first])
      #expect(commit.author == author)
      #expect(commit.committer == committer)
      #expect(commit.message == message)
      #expect(commit.summary == "Edit Shopping")
      #expect(commit.trailers == [Trailer(key: "Note-Id", value: "1234"), Trailer(key: "Device", value: "laptop")])
      #expect(try git.run("log", "--format=%an|%ae|%at|%ai|%cn|%ct|%s|%P", "-1", id.hex)
        == "Ada Lovelace|ada@example.com|1700000000|2023-11-14 23:13:20 +0100|Bot|1700000100|Edit Shopping|\(first.hex)")
      #expect(try git.run("log", "--format=%(trailers:key=Note-Id,valueonly)", "-1", id.hex)
        .trimmingCharacters(in: .whitespacesAndNewlines) == "1234")
      try git.run("fsck", "--strict", "--no-dangling")
    }
  }

  @Test("a commit naming a missing tree or parent is refused")
  func missingTreeOrParent() throws {
    try withRepository { repository, _, _ throws in
      let absent = try #require(ObjectID(hex: "1111111111111111111111111111111111111111"))
      let tree = try repository.updatedTree(nil, applying: [])
      #expect(throws: GitError.self) {
        try repository.createCommit(tree: absent, parents: [], message: "m", author: testSignature(), committer: testSignature())
      }
      #expect(throws: GitError.self) {
        try repository.createCommit(tree: tree, parents: [absent], message: "m", author: testSignature(), committer: testSignature())
      }
      #expect { try repository.commit(absent) } throws: { ($0 as? GitError)?.code == .notFound }
    }
  }
}
