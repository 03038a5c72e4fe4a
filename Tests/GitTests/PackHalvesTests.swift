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

  @Test("writing the packs deletes nothing; a commit made between the halves stays readable and loose")
  func commitBetweenHalves() throws {
    try withRepository { repository, _, git throws in
      var tip: ObjectID? = nil
      for edit in 0..<6 {
        let next = try repository.commitFiles(["N\(edit % 2).note/Text.rtf": "edit \(edit)"], parent: tip)
        try repository.updateReference("refs/heads/devices/laptop", to: next, expecting: tip, logMessage: "edit")
        tip = next
      }
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
}
