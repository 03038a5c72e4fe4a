import Foundation
import Git
import Testing

/// `treeEntry(atPath:inTree:keepingTree: true)` answers from the root's kept bytes by
/// binary search in git's order; it must answer exactly as libgit2 does.
@Suite("Kept tree lookups")
struct KeptTreeLookupTests {
  /// Names whose git order differs from plain byte order: a folder sorts as if its name
  /// ended in "/", so `foo.txt` (".") comes before the folder `foo` ("/") and after `foo-`.
  static let paths = [
    "foo", "foo/Text.rtf", "foo/Deep/a.bin", "foo.txt", "foo-bar", "foo0", "fo", "foox",
    "Plan.note", "Plan.note/Text.rtf", "Plan.note/Missing.rtf", "Plan.note/Attachments", "Plan",
    "Zed.note/Text.rtf", "Zed.note", "run.sh", "run.sh/inside", "Missing.note", "Missing.note/Text.rtf",
    "a", "é.note", "é.note/Text.rtf", "", "/foo", "foo/", "foo//Text.rtf",
  ]

  @Test("a kept root answers every path as libgit2 does", arguments: paths)
  func sameAnswerAsLibgit2(path: String) throws {
    try withRepository { repository, _, _ throws in
      let root = try tree(in: repository)
      let fresh = try Repository.open(at: try #require(repository.workingDirectory))
      let expected = answer { try fresh.treeEntry(atPath: path, inTree: root) }
      #expect(answer { try repository.treeEntry(atPath: path, inTree: root, keepingTree: true) } == expected)
      // Once kept, a plain lookup uses the bytes too.
      #expect(answer { try repository.treeEntry(atPath: path, inTree: root) } == expected)
    }
  }

  @Test("a root written out of git's order is answered by libgit2")
  func unsortedRootFallsBack() throws {
    try withRepository { repository, _, git throws in
      let blob = try repository.createBlob(Array("x".utf8))
      let package = try repository.updatedTree(nil, applying: [.upsert(path: "Text.rtf", id: blob, mode: .blob)])
      var bytes = Array("40000 B.note\0".utf8) + package.bytes
      bytes += Array("40000 A.note\0".utf8) + package.bytes
      let file = FileManager.default.temporaryDirectory.appendingPathComponent("tree-\(UUID().uuidString)")
      try Data(bytes).write(to: file)
      defer { try? FileManager.default.removeItem(at: file) }
      let root = try #require(ObjectID(hex: try git.run("hash-object", "-t", "tree", "-w", "--literally", file.path)))
      let fresh = try Repository.open(at: try #require(repository.workingDirectory))
      for path in ["A.note", "B.note/Text.rtf", "C.note"] {
        #expect(try repository.treeEntry(atPath: path, inTree: root, keepingTree: true) == (try fresh.treeEntry(atPath: path, inTree: root)))
      }
    }
  }

  @Test("a kept root lists the entries libgit2 lists, and a root in another form is listed by libgit2")
  func keptEntriesAsLibgit2() throws {
    try withRepository { repository, _, git throws in
      let root = try tree(in: repository)
      let fresh = try Repository.open(at: try #require(repository.workingDirectory))
      #expect(try repository.treeEntries(root, keepingTree: true) == (try fresh.treeEntries(root)))
      // Modes git's fsck warns about, which libgit2 normalizes (100664 to 100644, 040000
      // to 40000), and a name that is not UTF-8.
      let blob = try repository.createBlob(Array("x".utf8))
      let package = try repository.updatedTree(nil, applying: [.upsert(path: "Text.rtf", id: blob, mode: .blob)])
      for bytes in [
        Array("100664 A\0".utf8) + blob.bytes + Array("40000 B.note\0".utf8) + package.bytes,
        Array("040000 A.note\0".utf8) + package.bytes,
        Array("100644 ".utf8) + [0xC3, 0x28, 0] + blob.bytes,
      ] {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("tree-\(UUID().uuidString)")
        try Data(bytes).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let odd = try #require(ObjectID(hex: try git.run("hash-object", "-t", "tree", "-w", "--literally", file.path)))
        #expect(try repository.treeEntries(odd, keepingTree: true) == (try fresh.treeEntries(odd)))
      }
    }
  }

  @Test("a spliced root is kept: its entries are those git reads")
  func splicedRootIsKept() throws {
    try withRepository { repository, _, git throws in
      let root = try tree(in: repository)
      let edited = try repository.createBlob(Array("edited".utf8))
      _ = try repository.treeEntry(atPath: "Plan.note", inTree: root, keepingTree: true)
      let new = try repository.updatedTree(root, applying: [.upsert(path: "Plan.note/Text.rtf", id: edited, mode: .blob)])
      #expect(try repository.treeEntry(atPath: "Plan.note/Text.rtf", inTree: new)?.id == edited)
      #expect(try git.run("rev-parse", "\(new.hex):Plan.note/Text.rtf") == edited.hex)
      #expect(try repository.rawObject(new).bytes == (try Repository.open(at: try #require(repository.workingDirectory)).rawObject(new).bytes))
    }
  }

  /// The entry found, or the libgit2 function that refused the path.
  private func answer(_ lookup: () throws -> TreeEntry?) -> String {
    do {
      guard let entry = try lookup() else { return "none" }
      return "\(entry.name) \(entry.id.hex) \(String(entry.mode.rawValue, radix: 8))"
    } catch let error as GitError {
      return "error from \(error.function)"
    } catch {
      return "error \(error)"
    }
  }

  private func tree(in repository: Repository) throws -> ObjectID {
    let blob = try repository.createBlob(Array("body".utf8))
    let other = try repository.createBlob(Array("other".utf8))
    return try repository.updatedTree(nil, applying: [
      .upsert(path: "foo/Text.rtf", id: blob, mode: .blob),
      .upsert(path: "foo/Deep/a.bin", id: other, mode: .blob),
      .upsert(path: "foo.txt", id: blob, mode: .blob),
      .upsert(path: "foo-bar", id: other, mode: .blob),
      .upsert(path: "foo0", id: blob, mode: .executable),
      .upsert(path: "fo", id: blob, mode: .blob),
      .upsert(path: "Plan.note/Text.rtf", id: blob, mode: .blob),
      .upsert(path: "Plan.note/Attachments/a.png", id: other, mode: .blob),
      .upsert(path: "Zed.note/Text.rtf", id: other, mode: .blob),
      .upsert(path: "run.sh", id: blob, mode: .executable),
      .upsert(path: "é.note/Text.rtf", id: blob, mode: .blob),
    ])
  }
}
