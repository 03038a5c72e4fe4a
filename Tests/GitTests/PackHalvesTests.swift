import Foundation
import Git
import Testing

/// The automatic pack runs in two halves so a writer need not wait for the delta search:
/// the first only adds packs, the second deletes what they provably hold.
@Suite("Packing in two halves")
struct PackHalvesTests {
  private func looseCount(_ git: GitCLI) throws -> Int {
    let line = try git.run("count-objects", "-v").split(separator: "\n").first { $0.hasPrefix("count:") }
    return Int(line?.split(separator: " ").last ?? "") ?? -1
  }

  /// Six commits on `devices/laptop`, editing N0 and N1 in turn (the last writes "edit 5"
  /// to N1); returns the tip.
  private func sixEdits(_ repository: Repository) throws -> ObjectID {
    var tip: ObjectID? = nil
    for edit in 0..<6 {
      let next = try repository.commitFiles(["N\(edit % 2).note/Text.rtf": "edit \(edit)"], parent: tip)
      try repository.updateReference("refs/heads/devices/laptop", to: next, expecting: tip, logMessage: "edit")
      tip = next
    }
    return try #require(tip)
  }

  @Test("writing the packs deletes nothing; a commit made between the halves stays readable and loose")
  func commitBetweenHalves() throws {
    try withRepository { repository, _, git throws in
      let tip = try sixEdits(repository)
      let looseBefore = try looseCount(git)
      let work = try repository.writePacksOfLooseObjects()
      #expect(try looseCount(git) == looseBefore, "the first half deleted loose objects")
      #expect(try repository.packStatistics().packs == 1)
      try git.run("fsck", "--strict")

      // Another writer commits while the first half's pack is on disk.
      let between = try repository.commitFiles(["N0.note/Text.rtf": "between"], parent: tip)
      try repository.updateReference("refs/heads/devices/laptop", to: between, expecting: tip, logMessage: "edit")

      let after = try repository.finishPacking(work)
      #expect(after.looseObjects == 4, "the commit, the root, the note's tree and its blob stay loose")
      #expect(after.packs == 1)
      try git.run("fsck", "--strict")
      #expect(try repository.commits(from: [between]).count == 7)
      let body = try #require(try repository.treeEntry(atPath: "N0.note/Text.rtf", inTree: repository.commit(between).tree))
      #expect(try repository.blobData(body.id) == Array("between".utf8))
    }
  }

  @Test("loose copies go between the halves, with no lock; their emptied folders wait for the second half")
  func looseCopiesDeletedBetweenHalves() throws {
    try withRepository { repository, directory, git throws in
      let tip = try sixEdits(repository)
      var work = try repository.writePacksOfLooseObjects()
      let objects = directory.file("repo") + "/.git/objects"
      let folders = try FileManager.default.contentsOfDirectory(atPath: objects).filter { $0.count == 2 }
      #expect(!folders.isEmpty)

      try repository.deletePackedLooseObjects(&work)
      #expect(try looseCount(git) == 0, "every packed object's loose copy is gone")
      let left = try FileManager.default.contentsOfDirectory(atPath: objects).filter { $0.count == 2 }
      #expect(Set(left) == Set(folders), "a writer may be about to use a folder: they stay until the second half")
      // Readers that opened the repository before the pack existed find every object in it.
      let body = try #require(try repository.treeEntry(atPath: "N1.note/Text.rtf", inTree: repository.commit(tip).tree))
      #expect(try repository.blobData(body.id) == Array("edit 5".utf8))

      let after = try repository.finishPacking(work)
      #expect(after.looseObjects == 0)
      #expect(after.leftLooseObjects == 0)
      #expect(try FileManager.default.contentsOfDirectory(atPath: objects).filter { $0.count == 2 }.isEmpty)
      try git.run("fsck", "--strict")
    }
  }

  @Test("a purge of unreachable objects keeps what only a reflog names, as the automatic pack does")
  func purgeKeepsReflogCommits() throws {
    try withRepository { repository, directory, git throws in
      let tip = try sixEdits(repository)
      _ = try repository.packLooseObjects()  // the tip is packed now, with its history
      let earlier = try #require(try repository.commit(tip).parents.first)
      // An undo: the branch goes back; only its reflog still names the tip.
      try repository.updateReference("refs/heads/devices/laptop", to: earlier, expecting: tip, logMessage: "undo")
      try repository.purgeUnreachableObjects(quarantine: directory.file("quarantine"))
      #expect(repository.objectExists(tip), "the undone commit went to the quarantine")
      let body = try #require(try repository.treeEntry(atPath: "N1.note/Text.rtf", inTree: repository.commit(tip).tree))
      #expect(try repository.blobData(body.id) == Array("edit 5".utf8))
      try git.run("fsck", "--strict")
    }
  }
}
