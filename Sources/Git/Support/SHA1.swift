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

  init() {
    context = DigestContext()
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
    if !isKnownUniquelyReferenced(&context) { context = context.copy() }
    context.update(start, bytes.count)
  }

  /// The 20-byte digest of everything added.
  mutating func finish() -> [UInt8] {
    if !isKnownUniquelyReferenced(&context) { context = context.copy() }
    return context.finish()
  }
}

/// One libcrypto digest context (`EVP_MD_CTX`) set up for SHA-1: owned here, freed in
/// `deinit`.
private final class DigestContext {
  private let pointer: OpaquePointer?

  init() {
    pointer = EVP_MD_CTX_new()
    // Fails only when memory runs out; `update` and `finish` then fail the same way.
    if EVP_DigestInit_ex(pointer, EVP_sha1(), nil) != 1 { fatalError("SHA-1: cannot set up a libcrypto digest") }
  }

  private init(copying other: DigestContext) {
    pointer = EVP_MD_CTX_new()
    if EVP_MD_CTX_copy_ex(pointer, other.pointer) != 1 { fatalError("SHA-1: cannot copy a libcrypto digest") }
  }

  /// A context that goes on from this one's state.
  func copy() -> DigestContext { DigestContext(copying: self) }

  func update(_ bytes: UnsafeRawPointer, _ count: Int) {
    if EVP_DigestUpdate(pointer, bytes, count) != 1 { fatalError("SHA-1: libcrypto refused an update") }
  }

  /// The digest; the context is set up afresh afterwards.
  func finish() -> [UInt8] {
    var digest = [UInt8](repeating: 0, count: 20)
    var length: UInt32 = 0
    let finished = digest.withUnsafeMutableBufferPointer { EVP_DigestFinal_ex(pointer, $0.baseAddress, &length) }
    if finished != 1 || length != 20 { fatalError("SHA-1: libcrypto could not finish a digest") }
    if EVP_DigestInit_ex(pointer, EVP_sha1(), nil) != 1 { fatalError("SHA-1: cannot set up a libcrypto digest") }
    return digest
  }

  deinit {
    EVP_MD_CTX_free(pointer)
  }
}
