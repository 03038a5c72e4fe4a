import Foundation
import Git
import Testing

@Suite("History")
struct HistoryTests {
  @Test("commits are listed children before parents, newest first, as git log --date-order does")
  func revwalkOrder() throws {
    try withRepository { repository, _, git throws in
      let root = try repository.commitFiles(["a": "0"], parent: nil, seconds: 1_000)
      let left = try repository.commitFiles(["a": "L"], parent: root, seconds: 2_000)
      let right = try repository.commitFiles(["b": "R"], parent: root, seconds: 3_000)
      let leftTwo = try repository.commitFiles(["a": "L2"], parent: left, seconds: 4_000)
      let merge = try repository.createCommit(
        tree: try repository.commit(leftTwo).tree, parents: [leftTwo, right], message: "merge\n",
        author: testSignature(5_000), committer: testSignature(5_000))
      let walked = try repository.commits(from: [merge])
      #expect(walked == [merge, leftTwo, right, left, root] || walked == [merge, right, leftTwo, left, root])
      #expect(walked.first == merge && walked.last == root)
      #expect(walked.map(\.hex) == (try git.run("log", "--date-order", "--format=%H", merge.hex)).split(separator: "\n").map(String.init))
      #expect(try repository.commits(from: [merge], limit: 2).count == 2)
      #expect(try repository.commits(from: [left, right]).count == 3)
    }
  }

  @Test("merge base and descendant checks", arguments: [false, true])
  func mergeBaseAndDescendant(packedFirst: Bool) throws {
    try withRepository { repository, _, _ throws in
      let root = try repository.commitFiles(["a": "0"], parent: nil)
      let left = try repository.commitFiles(["a": "L"], parent: root)
      let right = try repository.commitFiles(["b": "R"], parent: root)
      let other = try repository.commitFiles(["z": "unrelated"], parent: nil, seconds: 1_800_000_000)
      if packedFirst {
        try repository.updateReference("refs/heads/l", to: left, expecting: nil, logMessage: "l")
        try repository.updateReference("refs/heads/r", to: right, expecting: nil, logMessage: "r")
        _ = try repository.packLooseObjects()
      }
      #expect(try repository.mergeBase(left, right) == root)
      #expect(try repository.mergeBase(left, root) == root)
      #expect(try repository.mergeBase(left, other) == nil)
      #expect(try repository.isDescendant(left, of: root))
      #expect(try !repository.isDescendant(root, of: left))
      #expect(try !repository.isDescendant(left, of: right))
      #expect(try !repository.isDescendant(left, of: left))
    }
  }
}
