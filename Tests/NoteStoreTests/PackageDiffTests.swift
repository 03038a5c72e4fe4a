import Foundation
import Git
import Testing

@testable import NoteStore

/// `PackageDiff` walks raw tree bytes side by side; sync trusts it where it used to
/// list every package (`PackageScanner`) and every file outside packages (`TreeFiles`).
/// These tests hold it to those listings on the same trees.
@Suite("Package differences among trees")
struct PackageDiffTests {
  private struct Fixture {
    let directory: TemporaryDirectory
    let repository: Repository
    let package: ObjectID
    let edited: ObjectID
    let blob: ObjectID
    let otherBlob: ObjectID
    let base: ObjectID

    init() throws {
      directory = try TemporaryDirectory()
      let repository = try Repository.create(at: directory.path + "/repo", initialBranch: "main")
      let blob = try repository.createBlob(Array("x".utf8))
      let package = try repository.updatedTree(nil, applying: [.upsert(path: "Text.rtf", id: blob, mode: .blob)])
      otherBlob = try repository.createBlob(Array("y".utf8))
      edited = try repository.updatedTree(nil, applying: [.upsert(path: "Text.rtf", id: otherBlob, mode: .blob)])
      var updates: [TreeUpdate] = (0..<200).map { .upsert(path: String(format: "Note %03d.note", $0), id: package, mode: .tree) }
      updates += [
        .upsert(path: "Work/Plan.note", id: package, mode: .tree),
        .upsert(path: "Work/Deep/Old.note", id: package, mode: .tree),
        .upsert(path: ".notes/conflicts/a.json", id: blob, mode: .blob),
        .upsert(path: ".notes/Hidden.note", id: package, mode: .tree),
        .upsert(path: ".gitattributes", id: blob, mode: .blob),
        .upsert(path: "Work/readme.txt", id: blob, mode: .blob),
        .upsert(path: "Ærø Ünïcode.note", id: package, mode: .tree),
      ]
      base = try repository.updatedTree(nil, applying: updates)
      self.repository = repository
      self.blob = blob
      self.package = package
    }

    func tree(_ updates: [TreeUpdate]) throws -> ObjectID { try repository.updatedTree(base, applying: updates) }
  }

  /// Edits of the base tree, each a different kind of change.
  private static let edits: [(String, @Sendable (Fixture) -> [TreeUpdate])] = [
    ("nothing", { _ in [] }),
    ("one package edited", { [.upsert(path: "Note 100.note", id: $0.edited, mode: .tree)] }),
    ("a package removed and one added", {
      [.remove(path: "Note 000.note"), .upsert(path: "Note 999.note", id: $0.package, mode: .tree)]
    }),
    ("packages in nested folders", {
      [.upsert(path: "Work/Deep/Old.note", id: $0.edited, mode: .tree), .upsert(path: "Work/New.note", id: $0.package, mode: .tree)]
    }),
    ("a hidden package and conflict records", {
      [
        .upsert(path: ".notes/Hidden.note", id: $0.edited, mode: .tree),
        .upsert(path: ".notes/conflicts/a.json", id: $0.otherBlob, mode: .blob),
        .upsert(path: ".notes/conflicts/b.json", id: $0.blob, mode: .blob),
      ]
    }),
    ("files outside packages", {
      [.upsert(path: ".gitattributes", id: $0.otherBlob, mode: .blob), .remove(path: "Work/readme.txt"),
       .upsert(path: "Work/run.sh", id: $0.blob, mode: .executable)]
    }),
    ("a file named like a package", { [.upsert(path: "Loose.note", id: $0.blob, mode: .blob)] }),
    ("a non-ASCII package edited", { [.upsert(path: "Ærø Ünïcode.note", id: $0.edited, mode: .tree)] }),
  ]

  @Test("changed packages match PackageScanner for every kind of edit", arguments: edits.indices)
  func changedPackagesMatchScanner(_ index: Int) throws {
    let fixture = try Fixture()
    let (name, edit) = Self.edits[index]
    let new = try fixture.tree(edit(fixture))
    let scanner = PackageScanner(repository: fixture.repository)
    let diff = PackageDiff(repository: fixture.repository)
    let expected = try scanner.changedPackages(from: fixture.base, to: new)
    #expect(try diff.changedPackages(from: fixture.base, to: new) == expected, "\(name)")
    #expect(try diff.changedPackages(from: nil, to: new) == Set(try scanner.packages(in: new).map(\.path.path)), "\(name)")
  }

  @Test("three-way differences hold exactly the packages and outside files not equal in all three trees", arguments: edits.indices)
  func threeWayMatchesListings(_ index: Int) throws {
    let fixture = try Fixture()
    let (name, edit) = Self.edits[index]
    let mine = try fixture.tree(edit(fixture))
    let theirs = try fixture.tree([.upsert(path: "Note 050.note", id: fixture.edited, mode: .tree)])
    let trees = [fixture.base, mine, theirs]
    let differences = try #require(try PackageDiff(repository: fixture.repository).differences(trees))

    let scanner = PackageScanner(repository: fixture.repository)
    let packageMaps = try trees.map { tree in
      Dictionary(uniqueKeysWithValues: try scanner.packages(in: tree).map { ($0.path.path, $0.tree) })
    }
    let packagePaths = Set(packageMaps.flatMap(\.keys)).filter { path in Set(packageMaps.map { $0[path] }).count > 1 }
    #expect(Set(differences.packages.map(\.path)) == packagePaths, "\(name)")
    for difference in differences.packages {
      #expect(difference.trees == packageMaps.map { $0[difference.path] }, "\(name): \(difference.path)")
    }

    let files = TreeFiles(repository: fixture.repository)
    let fileMaps = try trees.map { try files.filesOutsidePackages(in: $0) }
    let filePaths = Set(fileMaps.flatMap(\.keys)).filter { path in Set(fileMaps.map { $0[path] }).count > 1 }
    #expect(Set(differences.otherFiles.map(\.path)) == filePaths, "\(name)")
    for difference in differences.otherFiles {
      #expect(difference.entries == fileMaps.map { $0[difference.path] }, "\(name): \(difference.path)")
    }
  }
}
