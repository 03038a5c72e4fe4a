import Foundation
import Git
import Testing

@Suite("References")
struct ReferenceTests {
  let branch = "refs/heads/devices/laptop"

  @Test("compare-and-swap creates, advances, and refuses a stale expectation with .modified")
  func compareAndSwap() throws {
    try withRepository { repository, _, git throws in
      let first = try repository.commitFiles(["a": "1"], parent: nil)
      let second = try repository.commitFiles(["a": "2"], parent: first)
      try repository.updateReference(branch, to: first, expecting: nil, logMessage: "notes: init")
      #expect(try repository.referenceTarget(branch) == first)
      #expect(try repository.referenceTarget("HEAD") == first)
      try repository.updateReference(branch, to: second, expecting: first, logMessage: "notes: edit a")

      let stale = try #require(throws: GitError.self) {
        try repository.updateReference(branch, to: first, expecting: first, logMessage: "stale")
      }
      #expect(stale.code == .modified)
      #expect(stale.function == "git_reference_create_matching")
      #expect { try repository.updateReference(branch, to: first, expecting: nil, logMessage: "exists") } throws: {
        GitError.Code.modified ~= $0
      }
      #expect(try repository.referenceTarget(branch) == second)
      #expect(try git.run("reflog", "--format=%gs", branch) == "notes: edit a\nnotes: init")
    }
  }

  @Test("delete succeeds only with the current target")
  func deleteExpecting() throws {
    try withRepository { repository, _, _ throws in
      let first = try repository.commitFiles(["a": "1"], parent: nil)
      let second = try repository.commitFiles(["a": "2"], parent: first)
      try repository.updateReference("refs/heads/devices/phone", to: second, expecting: nil, logMessage: "x")
      #expect { try repository.deleteReference("refs/heads/devices/phone", expecting: first) } throws: {
        ($0 as? GitError)?.code == .modified
      }
      try repository.deleteReference("refs/heads/devices/phone", expecting: second)
      #expect(try repository.referenceTarget("refs/heads/devices/phone") == nil)
      #expect { try repository.deleteReference("refs/heads/devices/phone", expecting: second) } throws: {
        ($0 as? GitError)?.code == .modified
      }
    }
  }

  @Test("references(matching:) returns matching names sorted, with targets")
  func glob() throws {
    try withRepository { repository, _, _ throws in
      let commit = try repository.commitFiles(["a": "1"], parent: nil)
      for name in ["refs/heads/devices/phone", "refs/heads/devices/laptop", "refs/remotes/origin/devices/tablet", "refs/heads/other"] {
        try repository.updateReference(name, to: commit, expecting: nil, logMessage: "x")
      }
      let devices = try repository.references(matching: "refs/heads/devices/*")
      #expect(devices.map(\.name) == ["refs/heads/devices/laptop", "refs/heads/devices/phone"])
      #expect(devices.allSatisfy { $0.target == commit })
      #expect(try repository.references(matching: "refs/*").count == 4)
      #expect(try repository.references(matching: "refs/tags/*").isEmpty)
    }
  }

  @Test("HEAD can point at an unborn branch, and its name is reported")
  func symbolicHead() throws {
    try withRepository { repository, _, git throws in
      try repository.setHead("refs/heads/devices/phone")
      #expect(try repository.headReferenceName() == "refs/heads/devices/phone")
      #expect(try repository.referenceTarget("HEAD") == nil)
      #expect(try git.run("symbolic-ref", "HEAD") == "refs/heads/devices/phone")
      #expect(throws: GitError.self) { try repository.referenceTarget("refs/heads/bad..name") }
    }
  }
}
