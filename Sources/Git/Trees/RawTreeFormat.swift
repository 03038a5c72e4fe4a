import Foundation

/// What a tree entry's mode says it is, read from the mode's exact bytes: git's five
/// canonical modes, a zero-padded folder mode (`040000`), or anything else.
public enum RawEntryKind: Sendable, Equatable {
  /// `40000`.
  case folder
  /// `100644`.
  case file
  /// `100755`.
  case executable
  /// `040000`, which git's `fsck` reports as zero-padded.
  case zeroPaddedFolder
  /// `120000`.
  case symbolicLink
  /// `160000`: a submodule's commit.
  case gitlink
  /// Any other mode, octal or not (`100664`, `1e0644`, ...).
  case unknown

  /// The kind of a mode of `length` bytes whose octal value is `octal` (0 when the
  /// bytes are not all octal digits).
  init(length: Int, octal: UInt32) {
    switch (length, octal) {
    case (5, 0o40000): self = .folder
    case (6, 0o40000): self = .zeroPaddedFolder
    case (6, 0o100644): self = .file
    case (6, 0o100755): self = .executable
    case (6, 0o120000): self = .symbolicLink
    case (6, 0o160000): self = .gitlink
    default: self = .unknown
    }
  }

  /// Whether git sorts the entry as a folder (its name compared as if ending in `/`).
  public var sortsAsFolder: Bool { self == .folder || self == .zeroPaddedFolder }
}

/// One entry of a tree object as its bytes say, before any library normalizes it.
public struct RawTreeEntry: Sendable {
  /// The mode as written (`100644`, `40000`, or anything else a crafted tree holds).
  public var mode: ArraySlice<UInt8>
  /// The name's bytes (possibly empty, or holding `/`, in a crafted tree).
  public var name: ArraySlice<UInt8>
  /// The object named.
  public var id: ObjectID
  /// What the mode says the entry is.
  public var kind: RawEntryKind

  /// The name as text (bytes that are not UTF-8 repaired): for paths and messages.
  public var nameText: String { String(decoding: name, as: UTF8.self) }
}

/// Where one entry lies in a tree object's bytes and what its mode is.
struct RawTreeSlot {
  /// The first byte of the mode.
  var start: Int32
  /// The first byte of the name (after the space).
  var nameStart: Int32
  /// The NUL after the name; the 20-byte id follows it.
  var nameEnd: Int32
  /// The mode's value as octal digits (at most seven), 0 when it is not one.
  var octalMode: UInt32
  /// The kind its exact mode bytes say.
  var kind: RawEntryKind

  /// One past the entry's last byte.
  var end: Int { Int(nameEnd) + 1 + ObjectID.byteCount }
  /// Whether the name is empty.
  var hasEmptyName: Bool { nameEnd == nameStart }
}

/// The one reader of git's tree object format (`<mode> SP <name> NUL <20-byte id>`,
/// repeated). It checks only that shape: a non-empty mode before a space, a NUL after
/// the name, 20 id bytes; it never traps or reads past the bytes, whatever they hold.
/// Each caller judges the rest (modes, names, order) by its own rules.
public enum RawTreeFormat {
  /// The entries of `bytes`; nil when they are not of that shape (or over 2 GiB).
  ///
  /// - Complexity: O(n) in the size of the object.
  public static func entries(_ bytes: [UInt8]) -> [RawTreeEntry]? {
    ParsedTree(bytes).map { tree in (0..<tree.count).map(tree.entry) }
  }

  /// The entries of `bytes` as places in them; nil when they are not of that shape.
  static func slots(_ bytes: UnsafeRawBufferPointer) -> [RawTreeSlot]? {
    var slots: [RawTreeSlot] = []
    slots.reserveCapacity(bytes.count / 40)
    guard
      read(bytes, {
        slots.append($0)
        return true
      })
    else { return nil }
    return slots
  }

  /// Calls `each` with every entry in order; false when the bytes are not of the
  /// shape, or `each` returned false.
  @inline(__always)
  static func read(_ bytes: UnsafeRawBufferPointer, _ each: (RawTreeSlot) -> Bool) -> Bool {
    let count = bytes.count
    guard count < Int(Int32.max) else { return false }
    let space = UInt8(ascii: " ")
    var position = 0
    while position < count {
      var cursor = position
      var octal: UInt32 = 0
      var isOctal = true
      while cursor < count {
        let byte = bytes[cursor]
        if byte == space { break }
        let digit = byte &- UInt8(ascii: "0")
        if digit < 8 && cursor - position < 7 {
          octal = octal << 3 | UInt32(digit)
        } else {
          isOctal = false
        }
        cursor += 1
      }
      guard cursor > position, cursor < count else { return false }
      let nameStart = cursor + 1
      // memchr: a root tree is 10,000 names of a few dozen bytes each.
      guard let base = bytes.baseAddress, nameStart < count,
        let found = memchr(base + nameStart, 0, count - nameStart)
      else { return false }
      let nul = base.distance(to: UnsafeRawPointer(found))
      guard count - (nul + 1) >= ObjectID.byteCount else { return false }
      let length = cursor - position
      let value = isOctal ? octal : 0
      let slot = RawTreeSlot(
        start: Int32(position), nameStart: Int32(nameStart), nameEnd: Int32(nul), octalMode: value,
        kind: RawEntryKind(length: length, octal: value))
      guard each(slot) else { return false }
      position = slot.end
    }
    return true
  }

  /// git's tree order (`base_name_compare`) of name `a` against name `b`: bytewise, a
  /// folder's name as if it ended in `/`. Negative, zero or positive; zero only for
  /// the same name and the same folder-ness.
  public static func order(
    _ a: UnsafeRawBufferPointer, _ aIsFolder: Bool, _ b: UnsafeRawBufferPointer, _ bIsFolder: Bool
  ) -> Int {
    let common = min(a.count, b.count)
    if common > 0, let x = a.baseAddress, let y = b.baseAddress {
      let compared = memcmp(x, y, common)
      if compared != 0 { return Int(compared) }
    }
    let slash = UInt8(ascii: "/")
    let nextA: UInt8 = a.count > common ? a[common] : aIsFolder ? slash : 0
    let nextB: UInt8 = b.count > common ? b[common] : bIsFolder ? slash : 0
    return Int(nextA) - Int(nextB)
  }
}
