import Foundation
import Testing

@testable import Git

/// ``RawTreeFormat`` is the one reader of tree objects' bytes (the safety inspector's,
/// the push planner's, the kept-root lookups' and the splicing writer's). It must be
/// total on hostile bytes and agree with libgit2 wherever libgit2 parses a tree.
@Suite("Raw tree format")
struct RawTreeFormatTests {
  static let idA = [UInt8](repeating: 0xAB, count: 20)
  static let idB = [UInt8]((0..<20).map { UInt8($0) })

  static func entry(_ mode: String, _ name: [UInt8], _ id: [UInt8] = idA) -> [UInt8] {
    Array(mode.utf8) + [0x20] + name + [0] + id
  }

  static func entry(_ mode: String, _ name: String, _ id: [UInt8] = idA) -> [UInt8] {
    entry(mode, Array(name.utf8), id)
  }

  @Test("well-formed entries: kinds from the exact mode bytes, names and ids as written")
  func wellFormed() throws {
    let bytes =
      Self.entry("100644", "a") + Self.entry("100755", "b", Self.idB) + Self.entry("120000", "c")
      + Self.entry("160000", "d") + Self.entry("40000", "e") + Self.entry("040000", "f") + Self.entry("100664", "g")
      + Self.entry("0100644", "h") + Self.entry("00100644", "i") + Self.entry("1e0644", "j")
    let entries = try #require(RawTreeFormat.entries(bytes))
    #expect(entries.map(\.nameText) == ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j"])
    #expect(
      entries.map(\.kind) == [
        .file, .executable, .symbolicLink, .gitlink, .folder, .zeroPaddedFolder, .unknown, .unknown, .unknown, .unknown,
      ])
    #expect(entries.map { String(decoding: $0.mode, as: UTF8.self) } == [
      "100644", "100755", "120000", "160000", "40000", "040000", "100664", "0100644", "00100644", "1e0644",
    ])
    #expect(entries[1].id == ObjectID(bytes: Self.idB))
    #expect(entries.allSatisfy { $0.id == ObjectID(bytes: Self.idA) || $0.nameText == "b" })
    let slots = try bytes.withUnsafeBytes { try #require(RawTreeFormat.slots($0)) }
    // Up to seven octal digits are read as git reads them; more, or other bytes, are not octal.
    #expect(slots.map(\.octalMode) == [0o100644, 0o100755, 0o120000, 0o160000, 0o40000, 0o40000, 0o100664, 0o100644, 0, 0])
    // The push planner reads the kinds git reads; the kept-root lookup wants canonical modes only.
    #expect(bytes.withUnsafeBytes { TreeEntryList($0) } == nil)  // 00100644 and 1e0644
    #expect(RawTreeFormat.entries([]).map(\.count) == 0)
  }

  @Test("hostile shapes: refused, never read past the end", arguments: [
    ("no space", Array("100644".utf8)),
    ("empty mode", [0x20] + Array("a".utf8) + [0] + idA),
    ("no NUL", Array("100644 abc".utf8)),
    ("id cut short", entry("100644", "a").dropLast()),
    ("id missing", Array("100644 a\0".utf8)),
    ("trailing junk", entry("100644", "a") + [0x31]),
    ("trailing mode", entry("100644", "a") + Array("100644 ".utf8)),
    ("second entry cut", entry("100644", "a") + Array(entry("100644", "b").prefix(12))),
  ] as [(String, [UInt8])])
  func hostileShapes(label: String, bytes: [UInt8]) {
    #expect(RawTreeFormat.entries(bytes) == nil, "\(label)")
    #expect(bytes.withUnsafeBytes { RawTreeFormat.slots($0) } == nil, "\(label)")
    #expect(bytes.withUnsafeBytes { TreeEntryList($0) } == nil, "\(label)")
  }

  @Test("names the inspector judges are read, not refused: empty, with '/', NUL-free anything")
  func hostileNames() throws {
    let bytes =
      Self.entry("100644", []) + Self.entry("100644", "a/b") + Self.entry("40000", "..")
      + Self.entry("100644", [0xFF, 0x01, 0x20])
    let entries = try #require(RawTreeFormat.entries(bytes))
    #expect(entries.map { Array($0.name) } == [[], Array("a/b".utf8), Array("..".utf8), [0xFF, 0x01, 0x20]])
    // A mode may hold any byte but a space, a NUL included: it is then of no known kind.
    let odd = try #require(RawTreeFormat.entries(Self.entry("10\u{0}644", "x")))
    #expect(odd.map(\.kind) == [.unknown])
    // The push planner and the kept-root lookups refuse an empty name.
    #expect(Self.entry("100644", []).withUnsafeBytes { TreeEntryList($0) } == nil)
  }

  @Test("git's order: a folder as if its name ended in '/'")
  func order() {
    func compare(_ a: String, _ aFolder: Bool, _ b: String, _ bFolder: Bool) -> Int {
      Array(a.utf8).withUnsafeBytes { x in
        Array(b.utf8).withUnsafeBytes { y in RawTreeFormat.order(x, aFolder, y, bFolder) }
      }
    }
    #expect(compare("foo.txt", false, "foo", true) < 0)
    #expect(compare("foo", true, "foo0", false) < 0)
    #expect(compare("foo", false, "foo.txt", false) < 0)
    #expect(compare("foo", false, "foo", true) < 0)
    #expect(compare("foo", true, "foo", true) == 0)
    #expect(compare("", false, "a", false) < 0)
    #expect(compare("\u{e9}", false, "z", false) > 0)
  }

  /// Bytes `mutations` random edits away from a well-formed tree.
  static func mutated(_ base: [UInt8], _ generator: inout SeededGenerator) -> [UInt8] {
    var bytes = base
    let interesting: [UInt8] = [0x20, 0x00, 0x2F, 0x30, 0x31, 0x34, 0x37, 0x38, 0x2E, 0xFF]
    for _ in 0..<Int.random(in: 1...3, using: &generator) {
      let position = bytes.isEmpty ? 0 : Int.random(in: 0..<bytes.count, using: &generator)
      let byte = Bool.random(using: &generator) ? interesting.randomElement(using: &generator)! : UInt8.random(in: 0...255, using: &generator)
      switch Int.random(in: 0..<5, using: &generator) {
      case 0 where !bytes.isEmpty: bytes[position] = byte
      case 1: bytes.insert(byte, at: position)
      case 2 where !bytes.isEmpty: bytes.remove(at: position)
      case 3: bytes = Array(bytes.prefix(position))
      default: bytes.insert(contentsOf: [byte, byte], at: position)
      }
    }
    return bytes
  }

  static let base =
    entry("100644", "Plan.txt") + entry("40000", "Plan.note", idB) + entry("100755", "run")
    + entry("120000", "link") + entry("160000", "sub", idB) + entry("40000", "z")

  @Test("seeded random mutations: read whole or refused, the same by every reader")
  func randomMutations() throws {
    let seed = UInt64.random(in: 0...UInt64.max)
    print("RawTreeFormatTests.randomMutations seed \(seed)")
    var generator = SeededGenerator(seed: seed)
    for round in 0..<20_000 {
      let bytes = Self.mutated(Self.base, &generator)
      let entries = RawTreeFormat.entries(bytes)
      let slots = bytes.withUnsafeBytes { RawTreeFormat.slots($0) }
      #expect((entries == nil) == (slots == nil), "seed \(seed) round \(round)")
      guard let entries, let slots else {
        #expect(bytes.withUnsafeBytes { TreeEntryList($0) } == nil, "seed \(seed) round \(round)")
        continue
      }
      // Read whole: the entries written back are the bytes, byte for byte.
      var written: [UInt8] = []
      for entry in entries { written += Array(entry.mode) + [0x20] + Array(entry.name) + [0] + entry.id.bytes }
      #expect(written == bytes, "seed \(seed) round \(round)")
      for (entry, slot) in zip(entries, slots) {
        #expect(!entry.mode.isEmpty && !entry.mode.contains(0x20) && !entry.name.contains(0))
        #expect(entry.kind == slot.kind && Int(slot.nameEnd - slot.nameStart) == entry.name.count)
      }
      if let list = bytes.withUnsafeBytes({ TreeEntryList($0) }) {
        #expect(list.entries.count == slots.count, "seed \(seed) round \(round)")
        #expect(slots.allSatisfy { !$0.hasEmptyName && $0.octalMode != 0 }, "seed \(seed) round \(round)")
      }
    }
  }

  @Test("seeded random mutations: where libgit2 parses a tree, it reads the same entries")
  func agreesWithLibgit2() throws {
    let seed = UInt64.random(in: 0...UInt64.max)
    print("RawTreeFormatTests.agreesWithLibgit2 seed \(seed)")
    var generator = SeededGenerator(seed: seed)
    try withRepository { repository, directory, git throws in
      var samples: [[UInt8]] = [Self.base]
      while samples.count < 400 { samples.append(Self.mutated(Self.base, &generator)) }
      var paths: [String] = []
      for (index, bytes) in samples.enumerated() {
        let path = directory.file("sample-\(index)")
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        paths.append(path)
      }
      let ids = try git.run(
        "hash-object", "-t", "tree", "-w", "--literally", "--stdin-paths", input: paths.joined(separator: "\n") + "\n"
      ).split(separator: "\n").map { try #require(ObjectID(hex: String($0))) }
      try #require(ids.count == samples.count)
      var parsed = 0
      for (index, (bytes, id)) in zip(samples, ids).enumerated() {
        let context = "seed \(seed) sample \(index)"
        guard let expected = try? repository.treeEntries(id) else { continue }
        parsed += 1
        let entries = try #require(RawTreeFormat.entries(bytes), "\(context)")
        #expect(entries.map(\.id) == expected.map(\.id), "\(context)")
        #expect(entries.count == expected.count, "\(context)")
        for (entry, known) in zip(entries, expected) {
          if let name = String(validating: entry.name, as: UTF8.self) { #expect(name == known.name, "\(context)") }
          let mode: FileMode? =
            switch entry.kind {
            case .folder, .zeroPaddedFolder: .tree
            case .file: .blob
            case .executable: .executable
            case .symbolicLink: .link
            case .gitlink: .commit
            case .unknown: nil
            }
          if let mode { #expect(mode == known.mode, "\(context)") }
        }
      }
      #expect(parsed > 20, "seed \(seed): too few samples libgit2 parses")
    }
  }
}
