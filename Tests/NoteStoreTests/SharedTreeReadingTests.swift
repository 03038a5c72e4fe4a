import Foundation
import Git
import Testing

@testable import NoteStore

/// A sync shares parsed root trees (`ParsedTreeCache`) and tree comparisons
/// (`PackageDiffMemo`) among the merge, the mass-delete guard and the inspector.
/// These tests hold the shared readings to fresh ones on the same trees, with a root
/// large enough to be kept, and a refused tree still refused after its root was kept.
@Suite("Shared tree readings give what fresh readings give")
struct SharedTreeReadingTests {
  private struct Fixture {
    let directory: TemporaryDirectory
    let repository: Repository
    let base: ObjectID
    let edited: ObjectID
    let hostile: ObjectID

    init() throws {
      directory = try TemporaryDirectory()
      let repository = try Repository.create(at: directory.path + "/repo", initialBranch: "main")
      let blob = try repository.createBlob(Array("{\\rtf1 x}".utf8))
      let other = try repository.createBlob(Array("{\\rtf1 y}".utf8))
      let package = try repository.updatedTree(nil, applying: [.upsert(path: "Text.rtf", id: blob, mode: .blob)])
      let changed = try repository.updatedTree(nil, applying: [.upsert(path: "Text.rtf", id: other, mode: .blob)])
      // More entries than ParsedTreeCache.minimumEntries, so the root is kept.
      let count = ParsedTreeCache.minimumEntries + 100
      base = try repository.updatedTree(
        nil, applying: (0..<count).map { .upsert(path: String(format: "Note %04d.note", $0), id: package, mode: .tree) })
      edited = try repository.updatedTree(
        base,
        applying: [
          .upsert(path: "Note 0007.note", id: changed, mode: .tree), .remove(path: "Note 0100.note"),
          .upsert(path: ".gitattributes", id: blob, mode: .blob),
        ])
      // A package whose body is a folder: the inspector refuses it (badPackage).
      let folderBody = try repository.updatedTree(nil, applying: [.upsert(path: "Text.rtf/x", id: blob, mode: .blob)])
      hostile = try repository.updatedTree(base, applying: [.upsert(path: "Note 0200.note", id: folderBody, mode: .tree)])
      self.repository = repository
    }
  }

  @Test("a memoised, cached comparison equals a fresh one, asked once or twice, two or three trees")
  func diffEqualsFresh() throws {
    let fixture = try Fixture()
    let shared = PackageDiff(repository: fixture.repository, trees: ParsedTreeCache(), memo: PackageDiffMemo(capacity: 8))
    let fresh = PackageDiff(repository: fixture.repository)
    for trees in [[fixture.base, fixture.edited], [fixture.edited, fixture.base], [nil, fixture.edited],
      [fixture.base, fixture.edited, fixture.hostile]] as [[ObjectID?]]
    {
      let expected = try #require(try fresh.differences(trees))
      for _ in 0..<2 {
        let found = try #require(try shared.differences(trees))
        #expect(found.packages.map(\.path) == expected.packages.map(\.path))
        #expect(found.packages.map(\.trees) == expected.packages.map(\.trees))
        #expect(found.otherFiles.map(\.path) == expected.otherFiles.map(\.path))
        #expect(found.otherFiles.map(\.entries) == expected.otherFiles.map(\.entries))
      }
    }
  }

  @Test("the inspector refuses a hostile tree the same with a shared cache already holding its root")
  func inspectorStillRefuses() throws {
    let fixture = try Fixture()
    let cache = ParsedTreeCache()
    // Warm the cache with every root, as the merge and the guard do first.
    _ = try PackageDiff(repository: fixture.repository, trees: cache).differences([fixture.base, fixture.edited, fixture.hostile])
    let commit = ObjectID.zero
    let fresh = TreeInspector(repository: fixture.repository)
    let shared = TreeInspector(repository: fixture.repository, trees: cache)
    for trusted in [fixture.base, fixture.edited, nil] as [ObjectID?] {
      let expected = try fresh.firstViolation(in: fixture.hostile, commit: commit, comparedWith: trusted)
      #expect(expected?.rule == .badPackage)
      #expect(try shared.firstViolation(in: fixture.hostile, commit: commit, comparedWith: trusted) == expected)
      #expect(try shared.firstViolation(in: fixture.edited, commit: commit, comparedWith: trusted) == nil)
    }
  }
}
