/// Builds a git delta (the format `git apply`-free pack deltas use, `gitformat-pack`):
/// the source and target sizes, then copy instructions (a range of the source) and insert
/// instructions (literal bytes), each as small as git's own `diff-delta` makes them.
struct DeltaWriter {
  private(set) var bytes: [UInt8] = []
  private var copyStart = 0
  private var copyLength = 0
  private var literal: [UInt8] = []

  /// The largest copy one instruction says, as git's `diff-delta` writes them (a size of
  /// 0x10000 is encoded as no size bytes).
  private static let copyLimit = 0x10000
  /// The most literal bytes one insert instruction carries.
  private static let insertLimit = 127

  init(sourceSize: Int, targetSize: Int) {
    Self.appendSize(sourceSize, to: &bytes)
    Self.appendSize(targetSize, to: &bytes)
  }

  /// Adds `count` bytes copied from `offset` in the source; joins the copy before when it
  /// ends where this one starts.
  mutating func copy(from offset: Int, count: Int) {
    guard count > 0 else { return }
    flushLiteral()
    if copyLength > 0, copyStart + copyLength == offset {
      copyLength += count
      return
    }
    flushCopy()
    copyStart = offset
    copyLength = count
  }

  /// Adds `slice` as literal bytes.
  mutating func insert(_ slice: UnsafeRawBufferPointer) {
    guard slice.count > 0 else { return }
    flushCopy()
    literal.append(contentsOf: slice)
  }

  /// The finished delta.
  mutating func finish() -> [UInt8] {
    flushCopy()
    flushLiteral()
    return bytes
  }

  /// The bytes written so far, pending instructions included (to give up early).
  var size: Int { bytes.count + literal.count + literal.count / Self.insertLimit + 1 + (copyLength > 0 ? 8 : 0) }

  private mutating func flushLiteral() {
    var start = 0
    while start < literal.count {
      let count = min(Self.insertLimit, literal.count - start)
      bytes.append(UInt8(count))
      bytes.append(contentsOf: literal[start..<(start + count)])
      start += count
    }
    literal.removeAll(keepingCapacity: true)
  }

  private mutating func flushCopy() {
    while copyLength > 0 {
      let count = min(Self.copyLimit, copyLength)
      var instruction: UInt8 = 0x80
      var operands: [UInt8] = []
      for index in 0..<4 {
        let byte = UInt8(truncatingIfNeeded: copyStart >> (8 * index))
        if byte != 0 {
          instruction |= 1 << index
          operands.append(byte)
        }
      }
      if count != Self.copyLimit {
        for index in 0..<3 {
          let byte = UInt8(truncatingIfNeeded: count >> (8 * index))
          if byte != 0 {
            instruction |= 0x10 << index
            operands.append(byte)
          }
        }
      }
      bytes.append(instruction)
      bytes += operands
      copyStart += count
      copyLength -= count
    }
  }

  /// A size as the delta header writes it: seven bits at a time, lowest first.
  private static func appendSize(_ size: Int, to bytes: inout [UInt8]) {
    var rest = size
    repeat {
      var byte = UInt8(rest & 0x7f)
      rest >>= 7
      if rest > 0 { byte |= 0x80 }
      bytes.append(byte)
    } while rest > 0
  }
}
