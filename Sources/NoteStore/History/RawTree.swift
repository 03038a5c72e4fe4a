import Foundation
import Git

/// A tree object's bytes and where each entry starts, for diffing by bytes.
///
/// Two trees that differ in one note share every other entry byte for byte, so their
/// diff compares the common prefix and suffix with `memcmp` and only looks at the
/// entries in between: a one-note commit in a 10,000-note store costs a few
/// microseconds, not 10,000 entry comparisons.
struct RawTree {
  /// One entry, decoded.
  struct Entry: Hashable {
    var name: String
    var id: ObjectID
    var isTree: Bool
  }

  let bytes: [UInt8]
  /// The offset of each entry's first byte.
  let offsets: [Int]

  /// The empty tree.
  static let empty = RawTree()

  private init() {
    bytes = []
    offsets = []
  }

  init(bytes: [UInt8]) throws {
    self.bytes = bytes
    self.offsets = try Self.entryOffsets(bytes)
  }

  private static func entryOffsets(_ bytes: [UInt8]) throws -> [Int] {
    var offsets: [Int] = []
    let count: Int = bytes.count
    let idLength: Int = ObjectID.byteCount
    try bytes.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) throws -> Void in
      guard let base: UnsafeRawPointer = buffer.baseAddress else { return }
      var position: Int = 0
      while position < count {
        offsets.append(position)
        let start: UnsafeRawPointer = base.advanced(by: position)
        guard let found: UnsafeMutableRawPointer = memchr(start, 0, count - position) else {
          throw RawTreeError.malformed
        }
        let nul: Int = base.distance(to: UnsafeRawPointer(found))
        let end: Int = nul + 1 + idLength
        guard end <= count else { throw RawTreeError.malformed }
        position = end
      }
    }
    return offsets
  }

  /// The entry at `index`.
  func entry(_ index: Int) -> Entry {
    let start = offsets[index]
    var space = start
    while bytes[space] != UInt8(ascii: " ") { space += 1 }
    var nul = space + 1
    while bytes[nul] != 0 { nul += 1 }
    let isTree = bytes[start] == UInt8(ascii: "4")
    let nameStart: Int = space + 1
    let name = String(decoding: bytes[nameStart..<nul], as: UTF8.self)
    let idStart: Int = nul + 1
    let idEnd: Int = idStart + ObjectID.byteCount
    let id: ObjectID = Self.objectID(bytes[idStart..<idEnd]) ?? .zero
    return Entry(name: name, id: id, isTree: isTree)
  }

  /// An object id from 20 bytes, through its hex spelling: `ObjectID(hex:)` is compiled
  /// for strings inside its module, while the generic `ObjectID(bytes:)` called from
  /// here runs unspecialized, about twenty times slower.
  static func objectID(_ bytes: ArraySlice<UInt8>) -> ObjectID? {
    var digits: [UInt8] = []
    digits.reserveCapacity(2 * bytes.count)
    for byte in bytes {
      digits.append(hexDigits[Int(byte >> 4)])
      digits.append(hexDigits[Int(byte & 0x0f)])
    }
    return ObjectID(hex: String(decoding: digits, as: UTF8.self))
  }

  private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

  /// The entries that differ between `old` and `new`: pairs of (before, after), either
  /// side nil for an added or removed name, in git's order.
  static func diff(_ old: RawTree, _ new: RawTree) -> [(old: Entry?, new: Entry?)] {
    let prefix = commonPrefix(old.bytes, new.bytes)
    if prefix == old.bytes.count && prefix == new.bytes.count { return [] }
    // The entry holding the first differing byte starts at the same offset in both.
    let first = max(0, upperBound(old.offsets, prefix) - 1)
    let firstNew = max(0, upperBound(new.offsets, prefix) - 1)
    let start = min(first, firstNew)
    let startOffset = start < old.offsets.count ? old.offsets[start] : old.bytes.count
    let limit = min(old.bytes.count, new.bytes.count) - startOffset
    let suffix = min(commonSuffix(old.bytes, new.bytes), max(0, limit))
    let shift = new.bytes.count - old.bytes.count
    // The first old entry from which both trees are the same to the end.
    var endOld = old.offsets.count
    var endNew = new.offsets.count
    var candidate = lowerBound(old.offsets, old.bytes.count - suffix)
    while candidate < old.offsets.count {
      let offset = old.offsets[candidate] + shift
      let index = lowerBound(new.offsets, offset)
      if index < new.offsets.count && new.offsets[index] == offset && candidate >= start && index >= start {
        endOld = candidate
        endNew = index
        break
      }
      candidate += 1
    }
    var result: [(old: Entry?, new: Entry?)] = []
    var i = start
    var j = start
    while i < endOld || j < endNew {
      let a = i < endOld ? old.entry(i) : nil
      let b = j < endNew ? new.entry(j) : nil
      if let a, let b {
        let order = compareGitOrder(a, b)
        if order == 0 {
          if a != b { result.append((a, b)) }
          i += 1
          j += 1
        } else if order < 0 {
          result.append((a, nil))
          i += 1
        } else {
          result.append((nil, b))
          j += 1
        }
      } else if let a {
        result.append((a, nil))
        i += 1
      } else if let b {
        result.append((nil, b))
        j += 1
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

  private static func commonPrefix(_ a: [UInt8], _ b: [UInt8]) -> Int {
    let count: Int = min(a.count, b.count)
    let chunk: Int = 4096
    var low: Int = 0
    a.withUnsafeBytes { (x: UnsafeRawBufferPointer) -> Void in
      b.withUnsafeBytes { (y: UnsafeRawBufferPointer) -> Void in
        guard let p: UnsafeRawPointer = x.baseAddress, let q: UnsafeRawPointer = y.baseAddress else { return }
        while low + chunk <= count {
          let same: Int32 = memcmp(p.advanced(by: low), q.advanced(by: low), chunk)
          if same != 0 { break }
          low += chunk
        }
      }
    }
    while low < count && a[low] == b[low] { low += 1 }
    return low
  }

  private static func commonSuffix(_ a: [UInt8], _ b: [UInt8]) -> Int {
    let count: Int = min(a.count, b.count)
    let chunk: Int = 4096
    let endA: Int = a.count
    let endB: Int = b.count
    var length: Int = 0
    a.withUnsafeBytes { (x: UnsafeRawBufferPointer) -> Void in
      b.withUnsafeBytes { (y: UnsafeRawBufferPointer) -> Void in
        guard let p: UnsafeRawPointer = x.baseAddress, let q: UnsafeRawPointer = y.baseAddress else { return }
        while length + chunk <= count {
          let startA: Int = endA - length - chunk
          let startB: Int = endB - length - chunk
          let same: Int32 = memcmp(p.advanced(by: startA), q.advanced(by: startB), chunk)
          if same != 0 { break }
          length += chunk
        }
      }
    }
    while length < count && a[endA - length - 1] == b[endB - length - 1] { length += 1 }
    return length
  }

  /// The first index whose value is ≥ `value`.
  private static func lowerBound(_ values: [Int], _ value: Int) -> Int {
    var low = 0
    var high = values.count
    while low < high {
      let middle = (low + high) / 2
      if values[middle] < value { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// The first index whose value is > `value`.
  private static func upperBound(_ values: [Int], _ value: Int) -> Int {
    var low = 0
    var high = values.count
    while low < high {
      let middle = (low + high) / 2
      if values[middle] <= value { low = middle + 1 } else { high = middle }
    }
    return low
  }
}

/// A tree object whose bytes do not parse.
enum RawTreeError: Error {
  case malformed
}
