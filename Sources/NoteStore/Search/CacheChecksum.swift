/// A fast 64-bit checksum of cached bytes (not cryptographic): it catches a damaged or
/// truncated cache record, so a search never answers from bytes the cache did not write.
///
/// Four independent lanes take 32 bytes a step, so the multiplications overlap instead
/// of waiting on each other (a search checks every body it reads).
enum CacheChecksum {
  /// The checksum of `bytes` (their length included).
  static func of(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    let raw = UnsafeRawBufferPointer(bytes)
    var lanes: (UInt64, UInt64, UInt64, UInt64) = (
      0x243F_6A88_85A3_08D3, 0x1319_8A2E_0370_7344, 0xA409_3822_299F_31D0, 0x082E_FA98_EC4E_6C89
    )
    var offset = 0
    while offset + 32 <= raw.count {
      lanes.0 = mix(lanes.0, word(raw, offset))
      lanes.1 = mix(lanes.1, word(raw, offset + 8))
      lanes.2 = mix(lanes.2, word(raw, offset + 16))
      lanes.3 = mix(lanes.3, word(raw, offset + 24))
      offset += 32
    }
    while offset + 8 <= raw.count {
      lanes.0 = mix(lanes.0, word(raw, offset))
      offset += 8
    }
    var tail: UInt64 = 0
    var shift: UInt64 = 0
    while offset < raw.count {
      tail |= UInt64(raw[offset]) << shift
      shift += 8
      offset += 1
    }
    var hash = mix(UInt64(raw.count), tail)
    hash = mix(hash, lanes.0)
    hash = mix(hash, lanes.1)
    hash = mix(hash, lanes.2)
    return mix(hash, lanes.3)
  }

  private static func word(_ raw: UnsafeRawBufferPointer, _ offset: Int) -> UInt64 {
    UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
  }

  private static func mix(_ hash: UInt64, _ word: UInt64) -> UInt64 {
    let multiplied = (hash ^ word) &* 0x9E37_79B9_7F4A_7C15
    return multiplied ^ (multiplied >> 29)
  }
}
