import CCrypto

/// SHA-1 (FIPS 180-4) over bytes in memory, for the checksum that ends an index file
/// (``IndexFileWriter``), computed by libcrypto (OpenSSL's EVP digests, which use the
/// CPU's SHA instructions: about five times the speed of a plain implementation, so
/// checking and writing the 4 MB index of a 10,000-note store costs a few milliseconds).
/// libgit2 keeps its own hash functions private.
///
/// A value: a copy goes on from the state it was copied at, independently of the
/// original (the writer hashes the common start of the old and the new index once).
///
/// Not for object ids (libgit2 computes those, with collision detection) and not for
/// anything that needs a secure hash.
struct SHA1 {
  private var context: DigestContext

  /// A fresh hash, or nil when libcrypto cannot set up a digest (it fails only when
  /// memory runs out); callers then take their slower path through libgit2.
  init?() {
    guard let context = DigestContext() else { return nil }
    self.context = context
  }

  /// The digest of `bytes`, or nil when libcrypto fails.
  static func digest(_ bytes: UnsafeRawBufferPointer) -> [UInt8]? {
    guard var hash = SHA1() else { return nil }
    hash.update(bytes)
    return hash.finish()
  }

  /// Adds `bytes` to the message. A failure is remembered, and `finish` then gives nil.
  mutating func update(_ bytes: UnsafeRawBufferPointer) {
    guard let start = bytes.baseAddress, bytes.count > 0 else { return }
    makeUnique()
    context.update(start, bytes.count)
  }

  /// The 20-byte digest of everything added, or nil when libcrypto failed on the way.
  mutating func finish() -> [UInt8]? {
    makeUnique()
    return context.finish()
  }

  private mutating func makeUnique() {
    if !isKnownUniquelyReferenced(&context) { context = context.copy() }
  }
}

/// One libcrypto digest context (`EVP_MD_CTX`) set up for SHA-1: owned here, freed in
/// `deinit`. A failed libcrypto call marks it failed rather than stopping the process.
private final class DigestContext {
  /// Nil only in a copy whose context libcrypto could not allocate.
  private let pointer: OpaquePointer?
  private var failed: Bool

  init?() {
    guard let pointer = EVP_MD_CTX_new() else { return nil }
    self.pointer = pointer
    failed = EVP_DigestInit_ex(pointer, EVP_sha1(), nil) != 1
    if failed { return nil }
  }

  private init(copying other: DigestContext) {
    pointer = EVP_MD_CTX_new()
    failed = other.failed || pointer == nil || EVP_MD_CTX_copy_ex(pointer, other.pointer) != 1
  }

  /// A context that goes on from this one's state (a failed one when the copy fails).
  func copy() -> DigestContext { DigestContext(copying: self) }

  func update(_ bytes: UnsafeRawPointer, _ count: Int) {
    if !failed && EVP_DigestUpdate(pointer, bytes, count) != 1 { failed = true }
  }

  /// The digest, or nil after a failure; the context is set up afresh afterwards.
  func finish() -> [UInt8]? {
    guard let pointer else { return nil }
    var digest = [UInt8](repeating: 0, count: 20)
    var length: UInt32 = 0
    let finished =
      !failed && digest.withUnsafeMutableBufferPointer { EVP_DigestFinal_ex(pointer, $0.baseAddress, &length) } == 1
    failed = EVP_DigestInit_ex(pointer, EVP_sha1(), nil) != 1
    return finished && length == 20 ? digest : nil
  }

  deinit {
    EVP_MD_CTX_free(pointer)
  }
}
