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

  /// Every entry in git's order, named by its own name; nil when this tree cannot say
  /// (see ``entries``), and libgit2 must read it.
  func allEntries() -> [TreeEntry]? {
    guard let entries else { return nil }
    return bytes.withUnsafeBytes { buffer in
      entries.map { slot in
        let name = String(decoding: buffer[Int(slot.nameStart)..<Int(slot.nameEnd)], as: UTF8.self)
        let idStart = Int(slot.nameEnd) + 1
        let id = ObjectID(bytes: UnsafeRawBufferPointer(rebasing: buffer[idStart..<(idStart + ObjectID.byteCount)]))
        return TreeEntry(name: name, id: id ?? .zero, mode: slot.mode)
      }
    }
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
    bytes.withUnsafeBytes { buffer in
      name.withUnsafeBytes { other in
        RawTreeFormat.order(
          UnsafeRawBufferPointer(rebasing: buffer[Int(slot.nameStart)..<Int(slot.nameEnd)]), slot.mode == .tree,
          other, isDirectory)
      }
    }
  }

  /// The mode of an entry of `kind` as git writes it canonically; nil for any other.
  private static func canonicalMode(_ kind: RawEntryKind) -> FileMode? {
    switch kind {
    case .folder: .tree
    case .file: .blob
    case .executable: .executable
    case .symbolicLink: .link
    case .gitlink: .commit
    case .zeroPaddedFolder, .unknown: nil
    }
  }

  private static func slots(in bytes: [UInt8]) -> [Slot]? {
    bytes.withUnsafeBytes { buffer -> [Slot]? in
      guard let read = RawTreeFormat.slots(buffer) else { return nil }
      var slots: [Slot] = []
      slots.reserveCapacity(read.count)
      for entry in read {
        guard !entry.hasEmptyName, let mode = canonicalMode(entry.kind) else { return nil }
        let slot = Slot(nameStart: entry.nameStart, nameEnd: entry.nameEnd, mode: mode)
        if let last = slots.last {
          let previous = UnsafeRawBufferPointer(rebasing: buffer[Int(last.nameStart)..<Int(last.nameEnd)])
          let current = UnsafeRawBufferPointer(rebasing: buffer[Int(slot.nameStart)..<Int(slot.nameEnd)])
          // Strictly in order, and no name twice (a file and a folder of one name included:
          // compared as two files, the same name orders as zero).
          guard RawTreeFormat.order(previous, last.mode == .tree, current, mode == .tree) < 0,
            RawTreeFormat.order(previous, false, current, false) != 0
          else { return nil }
        }
        slots.append(slot)
      }
      return slots
    }
  }
}
