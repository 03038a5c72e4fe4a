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

  /// One 64-byte block.
  private mutating func compress(_ block: UnsafeRawPointer) {
    var w = (
      UInt32(0), UInt32(0), UInt32(0), UInt32(0), UInt32(0), UInt32(0), UInt32(0), UInt32(0),
      UInt32(0), UInt32(0), UInt32(0), UInt32(0), UInt32(0), UInt32(0), UInt32(0), UInt32(0)
    )
    withUnsafeMutableBytes(of: &w) { words in
      for index in 0..<16 {
        words.storeBytes(
          of: UInt32(bigEndian: block.loadUnaligned(fromByteOffset: index * 4, as: UInt32.self)),
          toByteOffset: index * 4, as: UInt32.self)
      }
    }
    var (a, b, c, d, e) = state
    withUnsafeMutableBytes(of: &w) { raw in
      let words = raw.bindMemory(to: UInt32.self)
      for round in 0..<80 {
        let slot = round & 15
        if round >= 16 {
          let mixed = words[(round + 13) & 15] ^ words[(round + 8) & 15] ^ words[(round + 2) & 15] ^ words[slot]
          words[slot] = mixed << 1 | mixed >> 31
        }
        let f: UInt32
        let k: UInt32
        switch round {
        case 0..<20:
          f = (b & c) | (~b & d)
          k = 0x5A82_7999
        case 20..<40:
          f = b ^ c ^ d
          k = 0x6ED9_EBA1
        case 40..<60:
          f = (b & c) | (b & d) | (c & d)
          k = 0x8F1B_BCDC
        default:
          f = b ^ c ^ d
          k = 0xCA62_C1D6
        }
        let next = (a << 5 | a >> 27) &+ f &+ e &+ k &+ words[slot]
        e = d
        d = c
        c = b << 30 | b >> 2
        b = a
        a = next
      }
    }
    state = (state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d, state.4 &+ e)
  }
}
