import Foundation

/// One tree object's bytes with where each of its entries lies (``RawTreeFormat``'s
/// shape checks passed), read by index: an entry's name, mode and id are read where
/// they lie, so walking a 10,000-entry root tree makes no value and takes no
/// reference per entry.
///
/// The bytes are copied into memory this object owns and frees; nothing it answers
/// outlives it.
public final class ParsedTree: @unchecked Sendable {
  // Immutable after init, so sharing across threads is safe.
  private let bytes: UnsafeMutableRawBufferPointer
  private let slots: UnsafeMutableBufferPointer<RawTreeSlot>

  /// The number of entries.
  public let count: Int

  /// The tree in `object`; nil when its bytes are not of a tree's shape (or over 2 GiB).
  public init?(_ object: [UInt8]) {
    guard let read = object.withUnsafeBytes({ RawTreeFormat.slots($0) }) else { return nil }
    let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: max(object.count, 1), alignment: 8)
    object.withUnsafeBytes { source in
      if let base = source.baseAddress { copy.baseAddress?.copyMemory(from: base, byteCount: source.count) }
    }
    let places = UnsafeMutableBufferPointer<RawTreeSlot>.allocate(capacity: max(read.count, 1))
    _ = places.initialize(from: read)
    bytes = copy
    slots = places
    count = read.count
  }

  /// A tree without entries (a folder that is missing on one side of a comparison).
  public init() {
    bytes = .allocate(byteCount: 1, alignment: 8)
    slots = .allocate(capacity: 1)
    count = 0
  }

  deinit {
    bytes.deallocate()
    slots.deallocate()
  }

  /// What entry `index`'s mode says it is.
  @inline(__always)
  public func kind(_ index: Int) -> RawEntryKind { slots[index].kind }

  /// Entry `index`'s name, as its bytes (valid while this tree lives).
  @inline(__always)
  public func name(_ index: Int) -> UnsafeRawBufferPointer {
    let slot = slots[index]
    return UnsafeRawBufferPointer(rebasing: bytes[Int(slot.nameStart)..<Int(slot.nameEnd)])
  }

  /// Entry `index`'s mode, as written (valid while this tree lives).
  @inline(__always)
  public func mode(_ index: Int) -> UnsafeRawBufferPointer {
    let slot = slots[index]
    return UnsafeRawBufferPointer(rebasing: bytes[Int(slot.start)..<(Int(slot.nameStart) - 1)])
  }

  /// The object entry `index` names.
  @inline(__always)
  public func id(_ index: Int) -> ObjectID {
    let start = Int(slots[index].nameEnd) + 1
    return ObjectID(bytes: UnsafeRawBufferPointer(rebasing: bytes[start..<(start + ObjectID.byteCount)])) ?? .zero
  }

  /// Entry `index`'s name as text (bytes that are not UTF-8 repaired): for paths and
  /// messages.
  public func nameText(_ index: Int) -> String { String(decoding: name(index), as: UTF8.self) }

  /// Entry `index` as a value of its own.
  public func entry(_ index: Int) -> RawTreeEntry {
    RawTreeEntry(mode: ArraySlice(mode(index)), name: ArraySlice(name(index)), id: id(index), kind: kind(index))
  }

  /// git's tree order (``RawTreeFormat/order(_:_:_:_:)``) of entry `index` against
  /// entry `otherIndex` of `other`: negative, zero (the same name, both folders or
  /// both not) or positive.
  @inline(__always)
  public func order(_ index: Int, _ other: ParsedTree, _ otherIndex: Int) -> Int {
    RawTreeFormat.order(name(index), kind(index).sortsAsFolder, other.name(otherIndex), other.kind(otherIndex).sortsAsFolder)
  }

  /// Whether entry `index` is byte for byte entry `otherIndex` of `other`: the same
  /// mode as written, name and id.
  @inline(__always)
  public func isSame(_ index: Int, as other: ParsedTree, _ otherIndex: Int) -> Bool {
    let a = slots[index], b = other.slots[otherIndex]
    let length = a.end - Int(a.start)
    guard b.end - Int(b.start) == length, let x = bytes.baseAddress, let y = other.bytes.baseAddress else { return false }
    return memcmp(x + Int(a.start), y + Int(b.start), length) == 0
  }

  /// Whether an entry before `end` that is not a folder has the name `name`, found by
  /// binary search: the entries before `end` must be in git's strict order.
  public func holdsNonFolder(named name: UnsafeRawBufferPointer, before end: Int) -> Bool {
    var low = 0, high = min(end, count)
    while low < high {
      let middle = (low + high) / 2
      let order = RawTreeFormat.order(self.name(middle), kind(middle).sortsAsFolder, name, false)
      if order == 0 { return true }
      if order < 0 { low = middle + 1 } else { high = middle }
    }
    return false
  }
}
