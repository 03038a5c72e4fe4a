import Foundation
import Testing

@testable import Git

/// ``ParsedTree`` is how the safety inspector and the package diff walk fetched trees:
/// its comparisons decide which entries are judged again and which count as the same.
@Suite("Parsed trees read entries where they lie")
struct ParsedTreeTests {
  typealias Format = RawTreeFormatTests

  static let tree =
    Format.entry("100644", "a") + Format.entry("100644", "a-b", Format.idB) + Format.entry("40000", "a")
    + Format.entry("40000", "b.note") + Format.entry("100755", "c")

  @Test("each entry's kind, name, mode and id are the bytes RawTreeFormat reads")
  func readsAsTheFormat() throws {
    let parsed = try #require(ParsedTree(Self.tree))
    let entries = try #require(RawTreeFormat.entries(Self.tree))
    #expect(parsed.count == 5)
    for index in 0..<parsed.count {
      #expect(parsed.kind(index) == entries[index].kind)
      #expect(Array(parsed.name(index)) == Array(entries[index].name))
      #expect(Array(parsed.mode(index)) == Array(entries[index].mode))
      #expect(parsed.id(index) == entries[index].id)
    }
    #expect(parsed.nameText(3) == "b.note")
    #expect(ParsedTree().count == 0)
    #expect(try #require(ParsedTree([])).count == 0)
    #expect(ParsedTree(Array(Self.tree.dropLast())) == nil)
  }

  @Test("git's order across two trees: a folder sorts as if its name ended in '/'")
  func ordersAsGit() throws {
    let parsed = try #require(ParsedTree(Self.tree))
    // The file "a" before "a-b" before the folder "a" ("a/"), as git sorts them.
    #expect(parsed.order(0, parsed, 1) < 0)
    #expect(parsed.order(1, parsed, 2) < 0)
    #expect(parsed.order(0, parsed, 2) < 0)
    #expect(parsed.order(2, parsed, 2) == 0)
    let other = try #require(ParsedTree(Format.entry("40000", "a", Format.idB)))
    // The same name and kind is order 0, whatever the id; a file and a folder never are.
    #expect(parsed.order(2, other, 0) == 0)
    #expect(parsed.order(0, other, 0) != 0)
  }

  @Test("the same entry means the same mode bytes, name and id")
  func sameEntries() throws {
    let parsed = try #require(ParsedTree(Self.tree))
    let copy = try #require(ParsedTree(Format.entry("40000", "a") + Format.entry("40000", "b.note", Format.idB)))
    #expect(parsed.isSame(2, as: copy, 0))
    #expect(!parsed.isSame(3, as: copy, 1))  // another id
    let padded = try #require(ParsedTree(Format.entry("040000", "a")))
    #expect(!parsed.isSame(2, as: padded, 0))  // the same folder, its mode zero-padded
    #expect(!parsed.isSame(0, as: copy, 0))  // file "a" and folder "a"
  }

  @Test("a file of a folder's name is found among the entries before it, not next to it")
  func findsFileBeforeFolder() throws {
    let parsed = try #require(ParsedTree(Self.tree))
    #expect(parsed.holdsNonFolder(named: parsed.name(2), before: 2))
    #expect(!parsed.holdsNonFolder(named: parsed.name(2), before: 0))
    #expect(!parsed.holdsNonFolder(named: parsed.name(3), before: 3))  // "b.note" is a folder only
    #expect(parsed.holdsNonFolder(named: parsed.name(4), before: 5))
  }
}
