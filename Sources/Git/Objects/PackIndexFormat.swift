/// The bytes of a pack index, version 2 (`gitformat-pack`): what git and libgit2 read to
/// find an object in a pack without scanning it.
///
/// Layout: the magic `\377tOc` and version 2; a fan-out table of 256 counts (how many
/// ids start with a byte up to each value); the ids in order; each object's CRC-32; each
/// object's offset (4 bytes, or the position in a table of 8-byte offsets for packs past
/// 2 GiB); the pack's checksum; and the SHA-1 of everything before it.
enum PackIndexFormat {
  /// One object of the pack: its id, where its entry starts, and the CRC-32 of that entry.
  struct Entry {
    var id: ObjectID
    var offset: Int
    var crc: UInt32
  }

  /// The index of a pack holding `entries` (each id once), whose checksum is `packChecksum`.
  ///
  /// - Returns: nil when SHA-1 cannot be computed.
  static func bytes(of entries: [Entry], packChecksum: [UInt8]) -> [UInt8]? {
    let sorted = entries.sorted { $0.id < $1.id }
    var bytes: [UInt8] = [0xff, 0x74, 0x4f, 0x63]
    bytes.reserveCapacity(8 + 256 * 4 + sorted.count * 28 + 40)
    bytes.appendBigEndian(2)
    var counts = [UInt32](repeating: 0, count: 256)
    for entry in sorted { counts[Int(entry.id.bytes[0])] += 1 }
    var cumulative: UInt32 = 0
    for count in counts {
      cumulative += count
      bytes.appendBigEndian(cumulative)
    }
    for entry in sorted { bytes += entry.id.bytes }
    for entry in sorted { bytes.appendBigEndian(entry.crc) }
    var largeOffsets: [UInt64] = []
    for entry in sorted {
      if entry.offset < 1 << 31 {
        bytes.appendBigEndian(UInt32(entry.offset))
      } else {
        bytes.appendBigEndian(UInt32(largeOffsets.count) | 1 << 31)
        largeOffsets.append(UInt64(entry.offset))
      }
    }
    for offset in largeOffsets {
      bytes.appendBigEndian(UInt32(truncatingIfNeeded: offset >> 32))
      bytes.appendBigEndian(UInt32(truncatingIfNeeded: offset))
    }
    bytes += packChecksum
    guard let checksum = bytes.withUnsafeBytes({ SHA1.digest($0) }) else { return nil }
    return bytes + checksum
  }
}

extension [UInt8] {
  /// Appends `value` as four bytes, most significant first, as pack files store numbers.
  mutating func appendBigEndian(_ value: UInt32) {
    for shift in stride(from: 24, through: 0, by: -8) { append(UInt8(truncatingIfNeeded: value >> UInt32(shift))) }
  }
}
