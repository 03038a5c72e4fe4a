import Foundation

/// The entries of one raw tree (`<octal mode> <name>\0<20-byte id>` each) as byte offsets,
/// for walking two trees side by side without building ``TreeEntry`` values.
struct TreeEntryList {
  /// One entry: where it starts, where its name ends (the NUL; the id follows it), its kind.
  struct Entry {
    var start: Int32
    var nameStart: Int32
    var nameEnd: Int32
    var kind: Kind

    /// One past the entry's last byte.
    var end: Int { Int(nameEnd) + 1 + ObjectID.byteCount }
  }

  /// What an entry names, from its mode as git reads it.
  enum Kind {
    case tree
    /// A file or a symbolic link: a blob.
    case blob
    /// A submodule's commit, which is never sent.
    case gitlink
  }

  let entries: [Entry]

  /// The entries of `bytes`; nil when they are not a well-formed tree (a mode that is not
  /// octal or names no known kind, a missing NUL or a short id).
  init?(_ bytes: UnsafeRawBufferPointer) {
    var entries: [Entry] = []
    entries.reserveCapacity(bytes.count / 48)
    var position = 0
    let count = bytes.count
    while position < count {
      var mode: UInt32 = 0
      var cursor = position
      while cursor < count, bytes[cursor] != UInt8(ascii: " ") {
        let digit = bytes[cursor] &- UInt8(ascii: "0")
        guard digit < 8, cursor - position < 7 else { return nil }
        mode = mode << 3 | UInt32(digit)
        cursor += 1
      }
      guard cursor > position, cursor < count else { return nil }
      let kind: Kind
      switch mode & 0o170000 {
      case 0o040000: kind = .tree
      case 0o100000, 0o120000: kind = .blob
      case 0o160000: kind = .gitlink
      default: return nil
      }
      let nameStart = cursor + 1
      var nul = nameStart
      while nul < count, bytes[nul] != 0 { nul += 1 }
      guard nul > nameStart, nul + ObjectID.byteCount < count + 1 else { return nil }
      entries.append(Entry(start: Int32(position), nameStart: Int32(nameStart), nameEnd: Int32(nul), kind: kind))
      position = nul + 1 + ObjectID.byteCount
    }
    self.entries = entries
  }

  /// The id of `entry` in `bytes`.
  static func id(of entry: Entry, in bytes: UnsafeRawBufferPointer) -> ObjectID {
    let start = Int(entry.nameEnd) + 1
    return ObjectID(bytes: UnsafeRawBufferPointer(rebasing: bytes[start..<(start + ObjectID.byteCount)])) ?? .zero
  }

  /// git's tree order (`base_name_compare`) of entry `a` of `aBytes` against entry `b` of
  /// `bBytes`: names bytewise, a tree's as if it ended in "/". Zero for the same name
  /// and the same tree-ness.
  static func order(
    _ a: Entry, in aBytes: UnsafeRawBufferPointer, _ b: Entry, in bBytes: UnsafeRawBufferPointer
  ) -> Int {
    let aLength = Int(a.nameEnd - a.nameStart)
    let bLength = Int(b.nameEnd - b.nameStart)
    let common = min(aLength, bLength)
    let aStart = Int(a.nameStart)
    let bStart = Int(b.nameStart)
    var index = 0
    while index < common {
      let x = aBytes[aStart + index]
      let y = bBytes[bStart + index]
      if x != y { return Int(x) - Int(y) }
      index += 1
    }
    let slash = UInt8(ascii: "/")
    let nextA: UInt8 = aLength > common ? aBytes[aStart + common] : a.kind == .tree ? slash : 0
    let nextB: UInt8 = bLength > common ? bBytes[bStart + common] : b.kind == .tree ? slash : 0
    return Int(nextA) - Int(nextB)
  }

  /// Whether entry `a` of `aBytes` is byte for byte entry `b` of `bBytes` (mode, name, id).
  static func same(
    _ a: Entry, in aBytes: UnsafeRawBufferPointer, _ b: Entry, in bBytes: UnsafeRawBufferPointer
  ) -> Bool {
    let length = a.end - Int(a.start)
    guard b.end - Int(b.start) == length, let x = aBytes.baseAddress, let y = bBytes.baseAddress else { return false }
    return memcmp(x + Int(a.start), y + Int(b.start), length) == 0
  }
}
