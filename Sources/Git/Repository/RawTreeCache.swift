/// The bytes of the last two big trees one command read or wrote through the raw path
/// (the device branch's root before and after a one-note write), so that a 10,000-entry
/// root is inflated and hashed once per command, not once per lookup: resolving the
/// note, splicing the new root, checking out the package and refreshing its previews
/// each asked libgit2 for the root again, and every libgit2 read inflates 400 KB and
/// hashes it.
///
/// Only ``Repository/rootTreeEntry(named:inTree:)`` and the splicing writer fill it, so
/// commands that read many roots (history, sync) keep libgit2's own object cache and
/// never thrash this one.
final class RawTreeCache {
  /// The newest first; at most ``capacity``.
  private var trees: [RawTree] = []
  static let capacity = 2

  /// The cached tree `id`, if any.
  func tree(_ id: ObjectID) -> RawTree? {
    trees.first { $0.id == id }
  }

  /// Keeps `tree` as the newest, dropping the oldest past ``capacity``.
  func keep(_ tree: RawTree) {
    trees.removeAll { $0.id == tree.id }
    trees.insert(tree, at: 0)
    if trees.count > Self.capacity { trees.removeLast(trees.count - Self.capacity) }
  }
}

/// One tree's bytes (`<mode> <name>\0<20-byte id>` per entry), with where each entry
/// starts, for lookups by name in O(log n).
final class RawTree {
  let id: ObjectID
  let bytes: [UInt8]

  /// Where each entry's mode, name and id start, in order; nil when the bytes are not a
  /// tree this lookup may answer for (a malformed entry, a mode that is not one of git's
  /// five canonical ones as git writes it, entries out of git's order or repeated): then
  /// libgit2 answers, as before.
  private lazy var entries: [Slot]? = Self.slots(in: bytes)

  private struct Slot {
    var nameStart: Int32
    var nameEnd: Int32  // the NUL after the name; the id follows it
    var mode: FileMode
  }

  init(id: ObjectID, bytes: [UInt8]) {
    self.id = id
    self.bytes = bytes
  }

  /// What a lookup of one name found.
  enum Lookup {
    /// The entry, its mode normalized as libgit2 normalizes it.
    case found(id: ObjectID, mode: FileMode)
    /// No entry of that name.
    case absent
    /// This tree cannot say (see ``entries``).
    case unknown
  }

  /// The entry named `name` (one path component).
  func entry(named name: [UInt8]) -> Lookup {
    guard let entries else { return .unknown }
    // git sorts a directory as if its name ended in "/": look for either kind. Both
    // there (a tree git's fsck refuses) is for libgit2 to answer.
    let folder = position(of: name, isDirectory: true, in: entries)
    let file = position(of: name, isDirectory: false, in: entries)
    guard let found = folder ?? file else { return .absent }
    guard folder == nil || file == nil else { return .unknown }
    let slot = entries[found]
    let idStart = Int(slot.nameEnd) + 1
    guard let id = ObjectID(bytes: bytes[idStart..<(idStart + ObjectID.byteCount)]) else { return .unknown }
    return .found(id: id, mode: slot.mode)
  }

  /// Where the entry `name` of that kind is, by binary search.
  private func position(of name: [UInt8], isDirectory: Bool, in entries: [Slot]) -> Int? {
    var low = 0, high = entries.count
    while low < high {
      let middle = (low + high) / 2
      let slot = entries[middle]
      let order = compare(slot, with: name, isDirectory: isDirectory)
      if order == 0 { return (slot.mode == .tree) == isDirectory ? middle : nil }
      if order < 0 { low = middle + 1 } else { high = middle }
    }
    return nil
  }

  /// git's tree order of `slot` against `name` (a directory when `isDirectory`).
  private func compare(_ slot: Slot, with name: [UInt8], isDirectory: Bool) -> Int {
    bytes.withUnsafeBufferPointer { buffer in
      name.withUnsafeBufferPointer { other in
        Self.order(
          UnsafeBufferPointer(rebasing: buffer[Int(slot.nameStart)..<Int(slot.nameEnd)]), slot.mode == .tree,
          other, isDirectory)
      }
    }
  }

  /// git's `base_name_compare`: names compared bytewise, a directory's as if it ended in "/".
  private static func order(
    _ a: UnsafeBufferPointer<UInt8>, _ aIsDirectory: Bool, _ b: UnsafeBufferPointer<UInt8>, _ bIsDirectory: Bool
  ) -> Int {
    let common = min(a.count, b.count)
    var index = 0
    while index < common {
      if a[index] != b[index] { return Int(a[index]) - Int(b[index]) }
      index += 1
    }
    let slash = UInt8(ascii: "/")
    let nextA: UInt8 = a.count > common ? a[common] : aIsDirectory ? slash : 0
    let nextB: UInt8 = b.count > common ? b[common] : bIsDirectory ? slash : 0
    return Int(nextA) - Int(nextB)
  }

  /// The canonical modes, exactly as git writes them.
  private static let canonicalModes: [(text: [UInt8], mode: FileMode)] = [
    (Array("40000".utf8), .tree), (Array("100644".utf8), .blob), (Array("100755".utf8), .executable),
    (Array("120000".utf8), .link), (Array("160000".utf8), .commit),
  ]

  private static func slots(in bytes: [UInt8]) -> [Slot]? {
    guard bytes.count < Int(Int32.max) else { return nil }
    return bytes.withUnsafeBufferPointer { buffer -> [Slot]? in
      var slots: [Slot] = []
      slots.reserveCapacity(bytes.count / 40)
      var position = 0
      let count = buffer.count
      while position < count {
        var space = position
        while space < count && buffer[space] != UInt8(ascii: " ") { space += 1 }
        guard space < count,
          let mode = canonicalModes.first(where: {
            $0.text.count == space - position && $0.text.elementsEqual(buffer[position..<space])
          })?.mode
        else { return nil }
        var nul = space + 1
        while nul < count && buffer[nul] != 0 { nul += 1 }
        guard nul > space + 1, nul + ObjectID.byteCount < count + 1 else { return nil }
        let slot = Slot(nameStart: Int32(space + 1), nameEnd: Int32(nul), mode: mode)
        if let last = slots.last {
          let previous = UnsafeBufferPointer(rebasing: buffer[Int(last.nameStart)..<Int(last.nameEnd)])
          let current = UnsafeBufferPointer(rebasing: buffer[(space + 1)..<nul])
          // Strictly in order, and no name twice (a file and a folder of one name included).
          guard order(previous, last.mode == .tree, current, mode == .tree) < 0, !previous.elementsEqual(current)
          else { return nil }
        }
        slots.append(slot)
        position = nul + 1 + ObjectID.byteCount
      }
      return slots
    }
  }
}
