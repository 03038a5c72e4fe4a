import CZlib
import Foundation

/// Copies a blob that a pack holds whole (not as a delta) out of the pack in chunks, so
/// memory stays flat whatever its size: libgit2 1.5 reads a packed object whole
/// (`git_odb_open_rstream` works for loose objects only). Big blobs are stored whole in
/// packs (git's `core.bigFileThreshold` keeps them out of the delta search), which is
/// where an attachment fetched, cloned or repacked by git lands.
///
/// The entry is found through the pack indexes (version 2). Its bytes are checked as
/// they stream: the CRC-32 the index records for the entry, zlib's own checksum, and the
/// size from the entry's header.
struct PackedBlobStream {
  /// Where an object's entry starts in a pack, and the CRC-32 its index records.
  struct Location {
    var packPath: String
    var offset: Int64
    var crc: UInt32
  }

  /// Pack entry type of a whole blob (`OBJ_BLOB`).
  static let blobType: UInt8 = 3

  /// The entry of `id` in one of the packs whose index files are `indexPaths`; nil when none
  /// holds it (or only an index of another version does: the caller reads it through libgit2).
  static func locate(_ id: ObjectID, indexPaths: [String]) throws(GitError) -> Location? {
    let wanted = id.bytes
    for indexPath in indexPaths {
      if let location = try locate(wanted, inIndex: indexPath) { return location }
    }
    return nil
  }

  private static func locate(_ wanted: [UInt8], inIndex indexPath: String) throws(GitError) -> Location? {
    let file = try FileDescriptor(path: indexPath, flags: O_RDONLY, function: "open")
    // Header (magic, version 2) and the fan-out table: 8 + 256 * 4 bytes.
    let head = try readExactly(file, count: 8 + 1024, at: 0, path: indexPath)
    guard head[0..<8].elementsEqual([0xFF, 0x74, 0x4F, 0x63, 0, 0, 0, 2]) else { return nil }
    func fanout(_ byte: Int) -> Int { Int(bigEndian32(head, at: 8 + 4 * byte)) }
    let total = fanout(255)
    var low = wanted[0] == 0 ? 0 : fanout(Int(wanted[0]) - 1)
    var high = fanout(Int(wanted[0]))
    let names: Int64 = 8 + 1024
    while low < high {
      let middle = (low + high) / 2
      let name = try readExactly(file, count: ObjectID.byteCount, at: names + Int64(middle) * 20, path: indexPath)
      if name == wanted {
        let crcs = names + Int64(total) * 20
        let offsets = crcs + Int64(total) * 4
        let crc = bigEndian32(try readExactly(file, count: 4, at: crcs + Int64(middle) * 4, path: indexPath), at: 0)
        let small = bigEndian32(try readExactly(file, count: 4, at: offsets + Int64(middle) * 4, path: indexPath), at: 0)
        var offset = Int64(small)
        if small & 0x8000_0000 != 0 {
          let large = offsets + Int64(total) * 4 + Int64(small & 0x7FFF_FFFF) * 8
          let bytes = try readExactly(file, count: 8, at: large, path: indexPath)
          offset = Int64(bitPattern: UInt64(bigEndian32(bytes, at: 0)) << 32 | UInt64(bigEndian32(bytes, at: 4)))
        }
        let packPath = String(indexPath.dropLast(".idx".count)) + ".pack"
        return Location(packPath: packPath, offset: offset, crc: crc)
      }
      if name.lexicographicallyPrecedes(wanted) { low = middle + 1 } else { high = middle }
    }
    return nil
  }

  /// Streams the blob at `location` to `write`, one chunk of at most `chunkSize` bytes at
  /// a time; false (having written nothing) when the entry is not a whole blob (a delta).
  ///
  /// - Throws: ``GitError`` when the entry is damaged: its CRC-32, its zlib stream or its
  ///   size does not match (some bytes may have been written by then).
  ///
  /// With `limit`, stops after that many bytes (a prefix: the checks of the whole entry
  /// are then not made).
  static func copy(
    _ location: Location, chunkSize: Int, limit: UInt64 = .max,
    write: (UnsafeRawBufferPointer) throws(GitError) -> Void
  ) throws(GitError) -> Bool {
    let pack = try FileDescriptor(path: location.packPath, flags: O_RDONLY, function: "open")
    // The entry header: type in bits 4-6 of the first byte, the size in 4 + 7n bits.
    let header = try readUpTo(pack, count: 16, at: location.offset, path: location.packPath)
    guard let first = header.first, (first >> 4) & 7 == blobType else { return false }
    var size = UInt64(first & 0x0F)
    var shift: UInt64 = 4
    var headerLength = 1
    var byte = first
    while byte & 0x80 != 0 {
      guard headerLength < header.count, shift < 64 else { throw damaged(location, "its header is cut short") }
      byte = header[headerLength]
      size |= UInt64(byte & 0x7F) << shift
      shift += 7
      headerLength += 1
    }
    var crc = crc32(0, nil, 0)
    header.withUnsafeBufferPointer { crc = crc32(crc, $0.baseAddress, uInt(headerLength)) }

    var position = location.offset + Int64(headerLength)
    var written: UInt64 = 0
    let ended = try inflateChunks(
      location, chunkSize: chunkSize,
      read: { (input) throws(GitError) in
        let count = try readAt(pack, into: input, at: position, path: location.packPath)
        guard count > 0 else { throw damaged(location, "the pack ends inside it") }
        return count
      },
      used: { consumed in
        // Only the compressed bytes this entry used count towards its CRC-32.
        crc = crc32(crc, consumed.baseAddress?.assumingMemoryBound(to: Bytef.self), uInt(consumed.count))
        position += Int64(consumed.count)
      },
      handle: { (produced) throws(GitError) in
        written += UInt64(produced.count)
        guard written <= size else { throw damaged(location, "it holds more than the \(size) bytes its header says") }
        return try deliver(produced, upTo: limit, total: written, to: write)
      })
    guard ended else { return true }  // stopped at `limit`
    guard written == size else { throw damaged(location, "it holds \(written) bytes where its header says \(size)") }
    guard UInt32(crc) == location.crc else { throw damaged(location, "its CRC-32 differs from the pack index's") }
    return true
  }

  /// Streams the loose blob in the file at `path` (a zlib stream of `blob <size>\0` and
  /// the content) to `write`, up to `limit` bytes; false when there is no such file or it
  /// is not a blob (the caller asks libgit2). libgit2's loose read stream holds the whole
  /// compressed file in memory.
  ///
  /// - Throws: ``GitError`` when the file is damaged: its zlib stream, header or size.
  static func copyLoose(
    path: String, chunkSize: Int, limit: UInt64 = .max, write: (UnsafeRawBufferPointer) throws(GitError) -> Void
  ) throws(GitError) -> Bool {
    // Absent when opened, not checked first: the automatic pack deletes loose copies of
    // what it packed without the store lock, and the caller then reads the pack.
    guard let file = try FileDescriptor(readingIfPresent: path, function: "open") else { return false }
    let location = Location(packPath: path, offset: 0, crc: 0)
    var header: [UInt8] = []  // "blob <size>", until the NUL
    var size: UInt64?
    var notBlob = false
    var written: UInt64 = 0
    let ended = try inflateChunks(
      location, chunkSize: chunkSize,
      read: { (input) throws(GitError) in
        let count = try file.read(into: input, path: path)
        guard count > 0 else { throw damaged(location, "the file ends inside its zlib stream") }
        return count
      },
      used: { _ in },
      handle: { (chunk) throws(GitError) in
        var produced = chunk
        if size == nil {
          guard let end = produced.firstIndex(of: 0) else {
            header += produced
            guard header.count < 64 else { throw damaged(location, "its header has no end") }
            return true
          }
          header += produced[..<end]
          produced = UnsafeRawBufferPointer(rebasing: produced[(end + 1)...])
          let text = String(decoding: header, as: UTF8.self)
          guard text.hasPrefix("blob "), let parsed = UInt64(text.dropFirst(5)) else {
            notBlob = true
            return false
          }
          size = parsed
        }
        written += UInt64(produced.count)
        guard let size, written <= size else { throw damaged(location, "it holds more bytes than its header says") }
        return try deliver(produced, upTo: limit, total: written, to: write)
      })
    if notBlob { return false }
    guard ended else { return true }  // stopped at `limit`
    guard let size else { throw damaged(location, "its header has no end") }
    guard written == size else { throw damaged(location, "it holds \(written) bytes where its header says \(size)") }
    return true
  }

  /// Inflates one zlib stream whose compressed bytes `read` supplies (at most a chunk at a
  /// time, never none: it throws at the end of its input), handing each inflated piece of
  /// at most `chunkSize` bytes to `handle`, which returns false to stop there. `used` is
  /// told which compressed bytes of each read chunk the stream consumed (the rest, after
  /// its end, belongs to whatever follows it). True when the stream ended, false when
  /// `handle` stopped it.
  ///
  /// - Throws: ``GitError`` when zlib cannot start or finds the data corrupt, and what
  ///   `read` and `handle` throw.
  private static func inflateChunks(
    _ location: Location, chunkSize: Int,
    read: (UnsafeMutableRawBufferPointer) throws(GitError) -> Int,
    used: (UnsafeRawBufferPointer) -> Void,
    handle: (UnsafeRawBufferPointer) throws(GitError) -> Bool
  ) throws(GitError) -> Bool {
    var stream = z_stream()
    guard notes_inflate_init(&stream) == Z_OK else { throw damaged(location, "zlib could not start") }
    defer { inflateEnd(&stream) }
    let input = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 16)
    let output = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 16)
    defer {
      input.deallocate()
      output.deallocate()
    }
    var finished = false
    while !finished {
      let count = try read(input)
      stream.next_in = input.baseAddress?.assumingMemoryBound(to: Bytef.self)
      stream.avail_in = uInt(count)
      repeat {
        stream.next_out = output.baseAddress?.assumingMemoryBound(to: Bytef.self)
        stream.avail_out = uInt(chunkSize)
        let status = inflate(&stream, Z_NO_FLUSH)
        guard status == Z_OK || status == Z_STREAM_END || status == Z_BUF_ERROR else {
          throw damaged(location, "its zlib data is corrupt (\(status))")
        }
        let produced = chunkSize - Int(stream.avail_out)
        guard try handle(UnsafeRawBufferPointer(rebasing: output[..<produced])) else { return false }
        if status == Z_STREAM_END {
          finished = true
          break
        }
        if status == Z_BUF_ERROR { break }  // no progress: it needs the next chunk
      } while stream.avail_out == 0  // else this chunk is used up
      used(UnsafeRawBufferPointer(rebasing: input[..<(count - Int(stream.avail_in))]))
    }
    return true
  }

  /// Hands the part of `produced` (the last piece of the `total` bytes inflated so far)
  /// that lies within the first `limit` bytes to `write`; false once `limit` is reached.
  private static func deliver(
    _ produced: UnsafeRawBufferPointer, upTo limit: UInt64, total: UInt64,
    to write: (UnsafeRawBufferPointer) throws(GitError) -> Void
  ) throws(GitError) -> Bool {
    let before = total - UInt64(produced.count)
    let wanted = Int(min(UInt64(produced.count), limit - min(limit, before)))
    if wanted > 0 { try write(UnsafeRawBufferPointer(rebasing: produced[..<wanted])) }
    return total < limit
  }

  private static func damaged(_ location: Location, _ reason: String) -> GitError {
    .synthesized(.generic, .odb, "the entry at \(location.offset) of '\(location.packPath)' is damaged: \(reason)", "inflate")
  }

  private static func bigEndian32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
    UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8
      | UInt32(bytes[offset + 3])
  }

  private static func readExactly(
    _ file: borrowing FileDescriptor, count: Int, at offset: Int64, path: String
  ) throws(GitError) -> [UInt8] {
    let bytes = try readUpTo(file, count: count, at: offset, path: path)
    guard bytes.count == count else {
      throw .synthesized(.generic, .odb, "'\(path)' is cut short at \(offset + Int64(bytes.count))", "pread")
    }
    return bytes
  }

  /// One `pread` of up to `buffer.count` bytes at `offset`, retrying on EINTR; 0 at the end.
  private static func readAt(
    _ file: borrowing FileDescriptor, into buffer: UnsafeMutableRawBufferPointer, at offset: Int64, path: String
  ) throws(GitError) -> Int {
    while true {
      let count = pread(file.rawValue, buffer.baseAddress, buffer.count, off_t(offset))
      if count >= 0 { return count }
      if errno != EINTR { throw .system("pread", "cannot read '\(path)'") }
    }
  }

  private static func readUpTo(
    _ file: borrowing FileDescriptor, count: Int, at offset: Int64, path: String
  ) throws(GitError) -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: count)
    var filled = 0
    while filled < count {
      let read = bytes.withUnsafeMutableBytes { buffer in
        pread(file.rawValue, buffer.baseAddress.map { $0 + filled }, count - filled, off_t(offset) + off_t(filled))
      }
      if read < 0 {
        if errno == EINTR { continue }
        throw .system("pread", "cannot read '\(path)'")
      }
      if read == 0 { break }
      filled += read
    }
    return Array(bytes[..<filled])
  }
}
