/// A fast 64-bit checksum of cached bytes (not cryptographic): it catches a damaged or
/// truncated cache record, so a search never answers from bytes the cache did not write.
enum CacheChecksum {
  /// The checksum of `parts`, in order (their lengths included).
  static func of(_ parts: UnsafeBufferPointer<UInt8>...) -> UInt64 {
    var hash: UInt64 = 0x243F_6A88_85A3_08D3
    for part in parts {
      hash = mix(hash, UInt64(part.count))
      let raw = UnsafeRawBufferPointer(part)
      var offset = 0
      while offset + 8 <= raw.count {
        hash = mix(hash, raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        offset += 8
      }
      var tail: UInt64 = 0
      var shift: UInt64 = 0
      while offset < raw.count {
        tail |= UInt64(raw[offset]) << shift
        shift += 8
        offset += 1
      }
      hash = mix(hash, tail)
    }
    return hash
  }

  private static func mix(_ hash: UInt64, _ word: UInt64) -> UInt64 {
    let multiplied = (hash ^ word) &* 0x9E37_79B9_7F4A_7C15
    return multiplied ^ (multiplied >> 29)
  }
}
