import Foundation
import Git
import Testing

@Suite("Packing")
struct PackTests {
  /// `git count-objects -v` as a dictionary.
  func countObjects(_ git: GitCLI) throws -> [String: Int] {
    var values: [String: Int] = [:]
    for line in try git.run("count-objects", "-v").split(separator: "\n") {
      let parts = line.split(separator: ":", maxSplits: 1)
      if parts.count == 2, let value = Int(parts[1].trimmingCharacters(in: .whitespaces)) {
        values[String(parts[0])] = value
      }
    }
    return values
  }

  @Test("a loose commit that only a packed commit reaches is packed from the reflog; what nothing reaches is counted as left")
  func reflogReachesPastPackedCommits() throws {
    try withRepository { repository, _, git throws in
      // This device's commit, loose; then another device's commit on it, arriving in a
      // pack as a fetch brings it, and the branch moving there.
      let mine = try repository.commitFiles(["Note.note/Text.rtf": "mine"], parent: nil, seconds: 1_700_000_000)
      try repository.updateReference("refs/heads/devices/laptop", to: mine, expecting: nil, logMessage: "edit")
      let theirs = try repository.commitFiles(["Note.note/Text.rtf": "theirs"], parent: mine, seconds: 1_700_000_100)
      let theirTree = try repository.commit(theirs).tree
      let theirBlob = try #require(try repository.treeEntry(atPath: "Note.note/Text.rtf", inTree: theirTree)).id
      let packageTree = try #require(try repository.treeEntry(atPath: "Note.note", inTree: theirTree)).id
      let fetched = [theirs, theirTree, packageTree, theirBlob].map(\.hex).joined(separator: "\n") + "\n"
      _ = try git.run("pack-objects", "-q", ".git/objects/pack/pack", input: fetched)
      _ = try git.run("prune-packed")
      try repository.updateReference("refs/heads/devices/laptop", to: theirs, expecting: mine, logMessage: "sync")
      let dangling = try repository.createBlob(Array("a write that failed".utf8))

      let after = try repository.packLooseObjects()
      #expect(after.looseObjects == 1, "only the dangling blob stays loose")
      #expect(after.leftLooseObjects == 1)
      #expect(after.leftLooseBytes > 0)
      #expect(repository.objectExists(dangling))
      try git.run("fsck", "--strict")
      #expect(try countObjects(git)["count"] == 1)
    }
  }

  @Test("packing moves every reachable loose object into one pack; unreachable ones stay; git agrees")
  func packLooseObjects() throws {
    try withRepository { repository, _, git throws in
      var tip: ObjectID? = nil
      for edit in 0..<10 {
        let next = try repository.commitFiles(
          ["Note\(edit % 3).note/Text.rtf": String(repeating: "paragraph \(edit)\n", count: 50)], parent: tip,
          seconds: 1_700_000_000 + Double(edit))
        try repository.updateReference("refs/heads/devices/laptop", to: next, expecting: tip, logMessage: "edit")
        tip = next
      }
      let unreachable = try repository.createBlob(Array("dangling".utf8))
      let before = try repository.packStatistics()
      #expect(before.packs == 0)
      #expect(before.looseObjects == (try countObjects(git))["count"])

      let after = try repository.packLooseObjects()
      #expect(after.looseObjects == 1)
      #expect(after.packs == 1)
      #expect(after.packBytes > 0)
      let counted = try countObjects(git)
      #expect(counted["count"] == 1)
      #expect(counted["packs"] == 1)
      #expect(counted["in-pack"] == before.looseObjects - 1)
      try git.run("fsck", "--strict")
      #expect(repository.objectExists(unreachable))
      let tipID = try #require(tip)
      #expect(try repository.commits(from: [tipID]).count == 10)
      let entry = try #require(try repository.treeEntry(atPath: "Note0.note/Text.rtf", inTree: repository.commit(tipID).tree))
      #expect(try repository.blobData(entry.id).count > 0)

      // A later edit packs only the new loose objects into a second pack.
      let next = try repository.commitFiles(["Note1.note/Text.rtf": "new"], parent: tipID)
      try repository.updateReference("refs/heads/devices/laptop", to: next, expecting: tipID, logMessage: "edit")
      let again = try repository.packLooseObjects()
      #expect(again.looseObjects == 1)
      #expect(again.packs == 2)
      try git.run("fsck", "--strict")
      #expect(try countObjects(git)["in-pack"] == before.looseObjects - 1 + 4)
    }
  }

  @Test("small packs are rolled up geometrically, so repeated packing keeps few packs")
  func consolidation() throws {
    try withRepository { repository, _, git throws in
      var tip: ObjectID? = nil
      for round in 0...Repository.maximumPackCount {
        let next = try repository.commitFiles(["N.note/Text.rtf": "round \(round)"], parent: tip)
        try repository.updateReference("refs/heads/devices/laptop", to: next, expecting: tip, logMessage: "edit")
        tip = next
        let statistics = try repository.packLooseObjects()
        // Each pack is at least twice the size of all smaller ones together.
        let bound = 2 + Int(log2(Double(round + 1)))
        #expect(statistics.packs <= bound, "round \(round): \(statistics.packs) packs")
        #expect(statistics.looseObjects == 0)
      }
      #expect(try countObjects(git)["packs"] ?? 99 < 6)
      try git.run("fsck", "--strict")
      #expect(try repository.commits(from: [try #require(tip)]).count == Repository.maximumPackCount + 1)
    }
  }

  @Test("packing an empty or already packed repository changes nothing")
  func nothingToPack() throws {
    try withRepository { repository, _, _ throws in
      #expect(try repository.packLooseObjects() == PackStatistics(looseObjects: 0, looseBytes: 0, packs: 0, packBytes: 0))
      let commit = try repository.commitFiles(["a": "1"], parent: nil)
      try repository.updateReference("refs/heads/devices/laptop", to: commit, expecting: nil, logMessage: "x")
      let once = try repository.packLooseObjects()
      #expect(try repository.packLooseObjects() == once)
    }
  }
}

@Suite("Handle accounting")
struct HandleAccountingTests {
  @Test("a handle kept past the scope is reported as leaked, and freed once released")
  func detectsKeptHandles() throws {
    let directory = try TemporaryDirectory()
    _ = try Repository.create(at: directory.file("repo"), initialBranch: "main")
    var kept: Repository?
    let leaked = try GitLibrary.handlesLeaked {
      kept = try Repository.open(at: directory.file("repo"))
    }
    #expect(leaked == 1)
    #expect(GitLibrary.liveHandleCount >= 1)
    kept = nil
    #expect(kept == nil)
  }
}
