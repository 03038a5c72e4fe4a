import Foundation
import Git

/// A tree object's bytes, diffed by bytes.
///
/// Two trees that differ in one note share every other entry byte for byte, so their
/// diff compares the common prefix and suffix with `memcmp`, finds the entry holding the
/// first differing byte by stepping over the entries before it (one `memchr` each, no
/// allocation), and decodes only the entries in the differing region: a one-note commit
/// in a 10,000-note store decodes two entries, not 10,000.
struct RawTree {
  /// One entry, decoded.
  struct Entry: Hashable {
    var name: String
    var id: ObjectID
    var isTree: Bool
  }

  let bytes: [UInt8]

  /// The empty tree.
  static let empty = RawTree()

  private init() {
    bytes = []
  }

  init(bytes: [UInt8]) throws {
    self.bytes = bytes
  }

  /// Where the entry starting at `start` ends (the next entry's start).
  ///
  /// - Throws: `RawTreeError.malformed` when it runs past the end.
  private func entryEnd(_ start: Int) throws -> Int {
    let count = bytes.count
    let end: Int? = bytes.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) -> Int? in
      guard let base = buffer.baseAddress, start < count,
        let found = memchr(base.advanced(by: start), 0, count - start)
      else { return nil }
      return base.distance(to: UnsafeRawPointer(found)) + 1 + ObjectID.byteCount
    }
    guard let end, end <= count else { throw RawTreeError.malformed }
    return end
  }

  /// The entry starting at `start`.
  private func entry(at start: Int) throws -> Entry {
    let end = try entryEnd(start)
    let nul = end - 1 - ObjectID.byteCount
    guard let space = bytes[start..<nul].firstIndex(of: UInt8(ascii: " ")) else { throw RawTreeError.malformed }
    let name = String(decoding: bytes[(space + 1)..<nul], as: UTF8.self)
    let id: ObjectID = Self.objectID(bytes[(nul + 1)..<end]) ?? .zero
    return Entry(name: name, id: id, isTree: bytes[start] == UInt8(ascii: "4"))
  }

  /// An object id from 20 bytes, through `ObjectID(bytes:)` for raw memory (the generic
  /// one, called from here, runs unspecialized, about twenty times slower).
  static func objectID(_ bytes: ArraySlice<UInt8>) -> ObjectID? {
    bytes.withUnsafeBytes { ObjectID(bytes: $0) }
  }

  /// The entries that differ between `old` and `new`: pairs of (before, after), either
  /// side nil for an added or removed name, in git's order.
  ///
  /// - Throws: `RawTreeError.malformed` for bytes that are not a tree.
  static func diff(_ old: RawTree, _ new: RawTree) throws -> [(old: Entry?, new: Entry?)] {
    let prefix = old.bytes.withUnsafeBytes { a in new.bytes.withUnsafeBytes { b in SharedBytes.prefix(a, b) } }
    if prefix == old.bytes.count && prefix == new.bytes.count { return [] }
    // Entries wholly inside the common prefix are the same in both: step over them.
    var start = 0
    while start < old.bytes.count {
      let end = try old.entryEnd(start)
      if end > prefix { break }
      start = end
    }
    let room = min(old.bytes.count, new.bytes.count) - start
    let suffix = old.bytes.withUnsafeBytes { a in new.bytes.withUnsafeBytes { b in SharedBytes.suffix(a, b, limit: room) } }
    // From a pair of entry starts with equal bytes to the end of both, nothing differs.
    let sameFrom = old.bytes.count - suffix
    let shift = new.bytes.count - old.bytes.count
    var result: [(old: Entry?, new: Entry?)] = []
    var i = start
    var j = start
    while i < old.bytes.count || j < new.bytes.count {
      if i >= sameFrom && j == i + shift { break }
      let a = i < old.bytes.count ? try old.entry(at: i) : nil
      let b = j < new.bytes.count ? try new.entry(at: j) : nil
      let order = a.flatMap { a in b.map { compareGitOrder(a, $0) } } ?? (a == nil ? 1 : -1)
      if order == 0 {
        if a != b { result.append((a, b)) }
        i = try old.entryEnd(i)
        j = try new.entryEnd(j)
      } else if order < 0 {
        result.append((a, nil))
        i = try old.entryEnd(i)
      } else {
        result.append((nil, b))
        j = try new.entryEnd(j)
      }
    }
    return result
  }

  /// Git sorts tree entries by name, comparing a directory as if its name ended in `/`.
  static func compareGitOrder(_ a: Entry, _ b: Entry) -> Int {
    var left: [UInt8] = Array(a.name.utf8)
    var right: [UInt8] = Array(b.name.utf8)
    if a.isTree { left.append(UInt8(ascii: "/")) }
    if b.isTree { right.append(UInt8(ascii: "/")) }
    if left == right { return 0 }
    return left.lexicographicallyPrecedes(right) ? -1 : 1
  }
}

/// A tree object whose bytes do not parse.
enum RawTreeError: Error {
  case malformed
}
