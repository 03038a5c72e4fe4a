/// SHA-1 (FIPS 180-4) over bytes in memory, for the checksum that ends an index file
/// (``IndexFileWriter``). libgit2 keeps its hash functions private, and an index file's
/// trailer is the SHA-1 of everything before it.
///
/// Not for object ids (libgit2 computes those, with collision detection) and not for
/// anything that needs a secure hash.
struct SHA1 {
  private var state: (UInt32, UInt32, UInt32, UInt32, UInt32) = (0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0)
  /// Bytes not yet hashed (fewer than one 64-byte block).
  private var pending: [UInt8] = []
  private var length: UInt64 = 0

  init() {
    pending.reserveCapacity(64)
  }

  /// The digest of `bytes`.
  static func digest(_ bytes: UnsafeRawBufferPointer) -> [UInt8] {
    var hash = SHA1()
    hash.update(bytes)
    return hash.finish()
  }

  /// Adds `bytes` to the message.
  mutating func update(_ bytes: UnsafeRawBufferPointer) {
    guard let start = bytes.baseAddress, bytes.count > 0 else { return }
    length &+= UInt64(bytes.count)
    var offset = 0
    if !pending.isEmpty {
      let take = min(64 - pending.count, bytes.count)
      pending.append(contentsOf: UnsafeRawBufferPointer(start: start, count: take))
      offset = take
      guard pending.count == 64 else { return }
      pending.withUnsafeBytes { block in
        if let base = block.baseAddress { compress(base) }
      }
      pending.removeAll(keepingCapacity: true)
    }
    while offset + 64 <= bytes.count {
      compress(start + offset)
      offset += 64
    }
    if offset < bytes.count {
      pending.append(contentsOf: UnsafeRawBufferPointer(start: start + offset, count: bytes.count - offset))
    }
  }

  /// The 20-byte digest of everything added.
  mutating func finish() -> [UInt8] {
    let bits = length &* 8
    var tail: [UInt8] = [0x80]
    let used = (pending.count + 1) % 64
    tail += [UInt8](repeating: 0, count: used <= 56 ? 56 - used : 120 - used)
    for shift in stride(from: 56, through: 0, by: -8) { tail.append(UInt8(truncatingIfNeeded: bits >> shift)) }
    let keptLength = length
    tail.withUnsafeBytes { update($0) }
    length = keptLength
    var digest: [UInt8] = []
    digest.reserveCapacity(20)
    for word in [state.0, state.1, state.2, state.3, state.4] {
      for shift in stride(from: 24, through: 0, by: -8) { digest.append(UInt8(truncatingIfNeeded: word >> shift)) }
    }
    return digest
  }

  /// One 64-byte block: the 80-word schedule, then four runs of 20 rounds.
  private mutating func compress(_ block: UnsafeRawPointer) {
    state = withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 80) { w in
      for index in 0..<16 {
        w[index] = UInt32(bigEndian: block.loadUnaligned(fromByteOffset: index * 4, as: UInt32.self))
      }
      for index in 16..<80 {
        let mixed = w[index - 3] ^ w[index - 8] ^ w[index - 14] ^ w[index - 16]
        w[index] = mixed << 1 | mixed >> 31
      }
      var (a, b, c, d, e) = state
      @inline(__always) func round(_ f: UInt32, _ k: UInt32, _ word: UInt32) {
        let next = (a << 5 | a >> 27) &+ f &+ e &+ k &+ word
        e = d
        d = c
        c = b << 30 | b >> 2
        b = a
        a = next
      }
      for index in 0..<20 { round((b & c) | (~b & d), 0x5A82_7999, w[index]) }
      for index in 20..<40 { round(b ^ c ^ d, 0x6ED9_EBA1, w[index]) }
      for index in 40..<60 { round((b & c) | (b & d) | (c & d), 0x8F1B_BCDC, w[index]) }
      for index in 60..<80 { round(b ^ c ^ d, 0xCA62_C1D6, w[index]) }
      return (state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d, state.4 &+ e)
    }
  }
}
