import CDeflate
import CZlib
import Foundation

/// Reads trees stored loose (`objects/ab/cdef…`: one zlib stream of `tree <size>` NUL
/// and the entries) with libdeflate, which inflates a 10,000-entry root tree in 1.2 ms
/// where zlib's `inflate`, which libgit2's loose backend uses, takes 2.7 ms. A push of
/// 100 edits reads 100 such trees written since the last pack.
///
/// Only zlib's first bytes are inflated to learn the size; libdeflate then inflates the
/// whole stream into a buffer of exactly that size and checks its Adler-32, as zlib
/// would. Anything unexpected (no such file, another kind, a size over
/// ``maximumSize``, a stream that does not inflate to the size its header gives) makes
/// it answer nil, and the caller reads the object through libgit2, which reports the
/// problem in its own words.
final class LooseTreeReader {
  /// Larger trees are left to libgit2 (no note store has one near this).
  static let maximumSize = 64 << 20

  /// The objects folder, with its trailing slash.
  private let objectsDirectory: String
  private let decompressor: OpaquePointer
  /// The zlib stream that reads each header, reset between objects.
  private let header: UnsafeMutablePointer<z_stream>

  /// A reader of `gitDirectory`'s loose trees (the common folder of a worktree); nil
  /// when libdeflate or zlib cannot start.
  init?(gitDirectory: String) {
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
    objectsDirectory = gitDirectory + "/objects/"
  }

  deinit {
    libdeflate_free_decompressor(decompressor)
    inflateEnd(header)
    header.deinitialize(count: 1)
    header.deallocate()
  }

  /// Tree `id`'s bytes, when it is stored loose and reads as described above; else nil.
  func tree(_ id: ObjectID) -> BackendObject? {
    let hex = id.hex
    let path = objectsDirectory + hex.prefix(2) + "/" + hex.dropFirst(2)
    guard let compressed = Self.contents(of: path), !compressed.isEmpty else { return nil }
    return compressed.withUnsafeBytes { input -> BackendObject? in
      guard let (headerLength, size) = treeHeader(input), size <= Self.maximumSize else { return nil }
      let total = headerLength + size
      let output = UnsafeMutableRawPointer.allocate(byteCount: max(total, 1), alignment: 16)
      var produced = 0
      let result = libdeflate_zlib_decompress(
        decompressor, input.baseAddress, input.count, output, total, &produced)
      guard result == LIBDEFLATE_SUCCESS, produced == total else {
        output.deallocate()
        return nil
      }
      return BackendObject(ownedTree: output, offset: headerLength, count: size)
    }
  }

  /// The length of the `tree <size>` NUL header and the size it gives, read by inflating
  /// only the stream's first bytes; nil for another kind or a malformed header.
  private func treeHeader(_ input: UnsafeRawBufferPointer) -> (length: Int, size: Int)? {
    guard inflateReset(header) == Z_OK, let base = input.baseAddress else { return nil }
    // "tree " + at most 20 digits + NUL fits in 32 bytes.
    var first = [UInt8](repeating: 0, count: 32)
    let inflated = first.withUnsafeMutableBufferPointer { out -> Int in
      header.pointee.next_in = UnsafeMutablePointer(mutating: base.assumingMemoryBound(to: Bytef.self))
      header.pointee.avail_in = uInt(min(input.count, Int(UInt32.max)))
      header.pointee.next_out = out.baseAddress
      header.pointee.avail_out = uInt(out.count)
      let status = inflate(header, Z_SYNC_FLUSH)
      guard status == Z_OK || status == Z_STREAM_END else { return 0 }
      return out.count - Int(header.pointee.avail_out)
    }
    let prefix: [UInt8] = Array("tree ".utf8)
    guard inflated > prefix.count, first.starts(with: prefix) else { return nil }
    var size = 0
    var index = prefix.count
    while index < inflated, first[index] != 0 {
      let digit = Int(first[index]) - 0x30
      // Digits only; the size is checked against the maximum as it grows, so it never
      // overflows, and against what the stream inflates to in the end.
      guard digit >= 0, digit <= 9 else { return nil }
      size = size * 10 + digit
      guard size <= Self.maximumSize else { return nil }
      index += 1
    }
    guard index < inflated, index > prefix.count else { return nil }
    return (index + 1, size)
  }

  /// The whole of file `path`; nil when it cannot be opened or read in full.
  private static func contents(of path: String) -> [UInt8]? {
    do {
      let file = try FileDescriptor(path: path, flags: O_RDONLY, function: "open")
      let size = try file.size(path: path)
      guard size <= Int64(maximumSize) + 4096 else { return nil }
      var bytes = [UInt8](repeating: 0, count: Int(size))
      var filled = 0
      while filled < bytes.count {
        let count = try bytes.withUnsafeMutableBytes { buffer in
          try file.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]), path: path)
        }
        if count == 0 { return nil }  // shorter than fstat said
        filled += count
      }
      return bytes
    } catch {
      return nil
    }
  }
}
