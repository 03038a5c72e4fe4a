import Foundation

/// The entries of one raw tree as byte offsets (read by ``RawTreeFormat``), for walking
/// two trees side by side without building ``TreeEntry`` values.
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

    /// The kind of octal mode `mode`, as git reads it; nil for none (0: not octal).
    init?(octalMode mode: UInt32) {
      switch mode & 0o170000 {
      case 0o040000: self = .tree
      case 0o100000, 0o120000: self = .blob
      case 0o160000: self = .gitlink
      default: return nil
      }
    }
  }

  let entries: [Entry]

  /// A list of the given entries (a stretch of another list; offsets stay those of its bytes).
  init(entries: [Entry]) {
    self.entries = entries
  }

  /// The entries of `bytes`; nil when they are not a well-formed tree (a mode that is not
  /// at most seven octal digits or names no known kind, an empty name, a missing NUL or a
  /// short id).
  init?(_ bytes: UnsafeRawBufferPointer) {
    guard let slots = RawTreeFormat.slots(bytes) else { return nil }
    var entries: [Entry] = []
    entries.reserveCapacity(slots.count)
    for slot in slots {
      guard !slot.hasEmptyName, let kind = Kind(octalMode: slot.octalMode) else { return nil }
      entries.append(Entry(start: slot.start, nameStart: slot.nameStart, nameEnd: slot.nameEnd, kind: kind))
    }
    self.entries = entries
  }

  /// The id of `entry` in `bytes`.
  static func id(of entry: Entry, in bytes: UnsafeRawBufferPointer) -> ObjectID {
    let start = Int(entry.nameEnd) + 1
    return ObjectID(bytes: UnsafeRawBufferPointer(rebasing: bytes[start..<(start + ObjectID.byteCount)])) ?? .zero
  }

  /// git's tree order (``RawTreeFormat/order(_:_:_:_:)``) of entry `a` of `aBytes` against
  /// entry `b` of `bBytes`. Zero for the same name and the same tree-ness.
  static func order(
    _ a: Entry, in aBytes: UnsafeRawBufferPointer, _ b: Entry, in bBytes: UnsafeRawBufferPointer
  ) -> Int {
    RawTreeFormat.order(
      UnsafeRawBufferPointer(rebasing: aBytes[Int(a.nameStart)..<Int(a.nameEnd)]), a.kind == .tree,
      UnsafeRawBufferPointer(rebasing: bBytes[Int(b.nameStart)..<Int(b.nameEnd)]), b.kind == .tree)
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
