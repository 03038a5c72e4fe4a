import CDeflate
import CLibGit2
import CZlib
import Foundation

/// Reads objects stored loose (`objects/ab/cdef…`: one zlib stream of `<kind> <size>`,
/// a NUL and the content) without libgit2's loose backend, for two reasons:
///
/// - **Damage is an error, never a hang.** libgit2 1.5.1 loops forever inflating a loose
///   object whose file was cut short (its zstream waits for input that never comes;
///   fixed upstream in libgit2 #7346). Here a cut, emptied or corrupted file is reported
///   as damaged, with the object and its file named.
/// - **Speed.** libdeflate inflates a 10,000-entry root tree in 1.2 ms where zlib's
///   `inflate`, which libgit2 uses, takes 2.7 ms.
///
/// Only the stream's first bytes are inflated with zlib to learn the kind and size;
/// libdeflate then inflates the whole stream into a buffer of exactly that size and
/// checks its Adler-32, as zlib would. One reader may be called from several threads
/// (libgit2's pack builder reads objects from its workers): reads take turns.
final class LooseObjectReader: @unchecked Sendable {
  /// The objects folder, with its trailing slash.
  private let objectsDirectory: String
  private let decompressor: OpaquePointer
  /// The zlib stream that reads each header, reset between objects.
  private let header: UnsafeMutablePointer<z_stream>
  /// Guards `decompressor` and `header`.
  private let lock = NSLock()

  /// What reading one object found.
  enum Read {
    /// No loose file holds it (it may be packed).
    case absent
    /// Its kind and `size` bytes of content, at `memory + offset`; `memory` came from
    /// the caller's allocator.
    case object(kind: ObjectKind, memory: UnsafeMutableRawPointer, offset: Int, size: Int)
    /// The file is there but cannot be read as an object: why, in words (damage, or
    /// memory that could not be had).
    case unreadable(String)
  }

  /// What reading one object's header found.
  enum Header {
    case absent
    case object(kind: ObjectKind, size: Int)
    case unreadable(String)
  }

  /// A reader of the loose objects under `home` (a git directory, or the common folder
  /// of a worktree); nil when libdeflate or zlib cannot start.
  init?(objectsHome home: String) {
    guard let decompressor = libdeflate_alloc_decompressor() else { return nil }
    let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
    stream.initialize(to: z_stream())
    guard notes_inflate_init(stream) == Z_OK else {
      libdeflate_free_decompressor(decompressor)
      stream.deinitialize(count: 1)
      stream.deallocate()
      return nil
    }
    self.decompressor = decompressor
    header = stream
    objectsDirectory = home + "/objects/"
  }

  deinit {
    libdeflate_free_decompressor(decompressor)
    inflateEnd(header)
    header.deinitialize(count: 1)
    header.deallocate()
  }

  /// The file that holds `id` when it is loose.
  func path(of id: ObjectID) -> String {
    let hex = id.hex
    return objectsDirectory + hex.prefix(2) + "/" + hex.dropFirst(2)
  }

  /// Object `id`, inflated into memory from `allocate` (given the byte count, at least
  /// one more than the content's; nil when it cannot give it). On `.unreadable` nothing
  /// allocated is kept: `free` got it back.
  func read(
    _ id: ObjectID, allocate: (Int) -> UnsafeMutableRawPointer?, free: (UnsafeMutableRawPointer) -> Void
  ) -> Read {
    let path = path(of: id)
    let compressed: [UInt8]
    switch Self.contents(of: path, limit: nil) {
    case .absent: return .absent
    case .unreadable(let reason): return .unreadable(Self.damage(id, path, reason))
    case .bytes(let bytes, _): compressed = bytes
    }
    return compressed.withUnsafeBytes { input -> Read in
      lock.lock()
      defer { lock.unlock() }
      let found: (kind: ObjectKind, length: Int, size: Int)
      switch parseHeader(input, fileSize: input.count) {
      case .failure(let problem): return .unreadable(Self.damage(id, path, problem.reason))
      case .success(let parsed): found = parsed
      }
      let total = found.length + found.size
      // One byte more: a reader may end the content with a NUL.
      guard let output = allocate(total + 1) else {
        return .unreadable("object \(id.hex) needs \(total) bytes, which could not be allocated (\(path))")
      }
      var produced = 0
      let result = libdeflate_zlib_decompress(decompressor, input.baseAddress, input.count, output, total, &produced)
      guard result == LIBDEFLATE_SUCCESS, produced == total else {
        free(output)
        let reason =
          result == LIBDEFLATE_SUCCESS || result == LIBDEFLATE_INSUFFICIENT_SPACE
          ? "it inflates to another size than its header gives" : "its compressed data is cut short or corrupt"
        return .unreadable(Self.damage(id, path, reason))
      }
      return .object(kind: found.kind, memory: output, offset: found.length, size: found.size)
    }
  }

  /// The kind and size of object `id`, from the first bytes of its file.
  func header(_ id: ObjectID) -> Header {
    let path = path(of: id)
    switch Self.contents(of: path, limit: Self.headerReadLimit) {
    case .absent: return .absent
    case .unreadable(let reason): return .unreadable(Self.damage(id, path, reason))
    case .bytes(let bytes, let fileSize):
      return bytes.withUnsafeBytes { input -> Header in
        lock.lock()
        defer { lock.unlock() }
        switch parseHeader(input, fileSize: fileSize) {
        case .failure(let problem): return .unreadable(Self.damage(id, path, problem.reason))
        case .success(let parsed): return .object(kind: parsed.kind, size: parsed.size)
        }
      }
    }
  }

  /// How much of a file is read for its header: enough for zlib's header and a first
  /// block's Huffman tables.
  private static let headerReadLimit = 4096

  /// The words of a damage report.
  private static func damage(_ id: ObjectID, _ path: String, _ reason: String) -> String {
    "object \(id.hex) is damaged: \(reason) (\(path))"
  }

  private struct Problem: Error {
    var reason: String
    init(_ reason: String) { self.reason = reason }
  }

  /// The kind, the length of the `<kind> <size>` NUL header and the size it gives, read
  /// by inflating only the first bytes of a file of `fileSize` bytes (`input` may be
  /// its start only). The size must fit what deflate can make of the file's bytes (at
  /// most 1,032 to 1), so a forged header cannot make a reader allocate more.
  private func parseHeader(
    _ input: UnsafeRawBufferPointer, fileSize: Int
  ) -> Result<(kind: ObjectKind, length: Int, size: Int), Problem> {
    guard inflateReset(header) == Z_OK, let base = input.baseAddress, !input.isEmpty else {
      return .failure(Problem("its file is empty"))
    }
    // "commit " + at most 20 digits + NUL fits in 32 bytes.
    var first = [UInt8](repeating: 0, count: 32)
    let inflated = first.withUnsafeMutableBufferPointer { out -> Int in
      header.pointee.next_in = UnsafeMutablePointer(mutating: base.assumingMemoryBound(to: Bytef.self))
      header.pointee.avail_in = uInt(min(input.count, Int(UInt32.max)))
      header.pointee.next_out = out.baseAddress
      header.pointee.avail_out = uInt(out.count)
      // One call: zlib returns when the input or the output runs out, never waits.
      let status = inflate(header, Z_SYNC_FLUSH)
      guard status == Z_OK || status == Z_STREAM_END || status == Z_BUF_ERROR else { return 0 }
      return out.count - Int(header.pointee.avail_out)
    }
    guard let space = first.prefix(inflated).firstIndex(of: 0x20) else {
      return .failure(Problem("its header cannot be read"))
    }
    guard let kind = ObjectKind(headerName: String(decoding: first[..<space], as: UTF8.self)) else {
      return .failure(Problem("its header names no kind of object"))
    }
    let limit = fileSize * 1032 + 64
    var size = 0
    var index = space + 1
    while index < inflated, first[index] != 0 {
      let digit = Int(first[index]) - 0x30
      // Digits only; checked against the limit as it grows, so it never overflows.
      guard digit >= 0, digit <= 9 else { return .failure(Problem("its header gives no size")) }
      size = size * 10 + digit
      guard size <= limit else {
        return .failure(Problem("its header gives more bytes than its compressed data can hold"))
      }
      index += 1
    }
    guard index < inflated, index > space + 1 else { return .failure(Problem("its header gives no size")) }
    return .success((kind, index + 1, size))
  }

  /// What reading a file found.
  private enum Contents {
    case absent
    case unreadable(String)
    /// The bytes read, and the size of the whole file.
    case bytes([UInt8], fileSize: Int)
  }

  /// File `path`, whole or its first `limit` bytes.
  private static func contents(of path: String, limit: Int?) -> Contents {
    do {
      guard let file = try FileDescriptor(readingIfPresent: path, function: "open") else { return .absent }
      let size = Int(try file.size(path: path))
      var bytes = [UInt8](repeating: 0, count: limit.map { min($0, size) } ?? size)
      var filled = 0
      while filled < bytes.count {
        let count = try bytes.withUnsafeMutableBytes { buffer in
          try file.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]), path: path)
        }
        if count == 0 { return .unreadable("its file is shorter than its size") }
        filled += count
      }
      return .bytes(bytes, fileSize: size)
    } catch {
      return .unreadable("its file cannot be read: \(error)")
    }
  }
}
