import CLibGit2
import CZlib

/// Writes a pack (`gitformat-pack`, version 2) to a sink as it goes: the header, each
/// object (its type and size, a delta's base id, the zlib-compressed data) and the SHA-1
/// of everything before it. Objects are compressed at zlib's default level, as git's
/// `pack.compression` default.
final class PackStreamWriter {
  private let sink: (UnsafeRawBufferPointer) throws -> Void
  private var hash: SHA1
  private var buffer: [UInt8] = []
  private let stream: UnsafeMutablePointer<z_stream>
  private let scope: HandleScope?
  private var output: [UInt8] = []
  /// Bytes handed to the sink so far.
  private(set) var written = 0
  /// CRC-32 of the bytes of the object written last (its header and compressed data), as
  /// a pack index records it.
  private(set) var objectCRC: UInt32 = 0

  /// Bytes of the pack so far, buffered ones included: where the next object starts.
  var position: Int { written + buffer.count }

  /// Pack object types (`OBJ_*`).
  enum ObjectType: UInt8 {
    case commit = 1, tree = 2, blob = 3, tag = 4, referenceDelta = 7

    init?(_ type: git_object_t) {
      switch type {
      case GIT_OBJECT_COMMIT: self = .commit
      case GIT_OBJECT_TREE: self = .tree
      case GIT_OBJECT_BLOB: self = .blob
      case GIT_OBJECT_TAG: self = .tag
      default: return nil
      }
    }
  }

  private static let flushSize = 1 << 16

  init(sink: @escaping (UnsafeRawBufferPointer) throws -> Void) throws {
    guard let hash = SHA1() else {
      throw GitError.synthesized(.generic, .noMemory, "cannot set up SHA-1 for the pack", "git_packbuilder_write")
    }
    self.hash = hash
    self.sink = sink
    let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
    stream.initialize(to: z_stream())
    let status = notes_deflate_init(stream, Z_DEFAULT_COMPRESSION, Z_DEFAULT_STRATEGY)
    guard status == Z_OK else {
      stream.deallocate()
      throw GitError.synthesized(.generic, .zlib, "deflateInit2 failed with status \(status)", "deflateInit2")
    }
    self.stream = stream
    scope = HandleScope.opened()
  }

  deinit {
    _ = deflateEnd(stream)
    stream.deallocate()
    HandleScope.closed(scope)
  }

  /// The pack header for `count` objects.
  func writeHeader(count: Int) throws {
    var header = Array("PACK".utf8)
    header.appendBigEndian(2)
    header.appendBigEndian(UInt32(truncatingIfNeeded: count))
    try append(header)
  }

  /// One object: its type and size, the base id of a delta, then `data` compressed.
  func writeObject(type: ObjectType, base: ObjectID? = nil, data: UnsafeRawBufferPointer) throws {
    var header: [UInt8] = []
    var size = data.count
    var byte = type.rawValue << 4 | UInt8(size & 0x0f)
    size >>= 4
    while size > 0 {
      header.append(byte | 0x80)
      byte = UInt8(size & 0x7f)
      size >>= 7
    }
    header.append(byte)
    if let base { header += base.bytes }
    objectCRC = UInt32(crc32(0, nil, 0))
    try append(header)
    try compress(data)
  }

  /// Ends the pack with its checksum and hands the rest to the sink.
  ///
  /// - Returns: The checksum (SHA-1 of everything before it), which names the pack.
  @discardableResult
  func finish() throws -> [UInt8] {
    try flush()
    guard let digest = hash.finish() else {
      throw GitError.synthesized(.generic, .internal, "SHA-1 of the pack failed", "git_packbuilder_write")
    }
    try digest.withUnsafeBytes { (bytes) throws in try sink(bytes) }
    written += digest.count
    return digest
  }

  private func compress(_ data: UnsafeRawBufferPointer) throws {
    guard deflateReset(stream) == Z_OK else {
      throw GitError.synthesized(.generic, .zlib, "deflateReset failed", "deflateReset")
    }
    let bound = Int(deflateBound(stream, uLong(data.count)))
    if output.count < bound { output = [UInt8](repeating: 0, count: bound) }
    let status = output.withUnsafeMutableBufferPointer { target in
      // zlib does not write through next_in; its type predates const.
      stream.pointee.next_in = UnsafeMutablePointer(mutating: data.baseAddress?.assumingMemoryBound(to: UInt8.self))
      stream.pointee.avail_in = uInt(data.count)
      stream.pointee.next_out = target.baseAddress
      stream.pointee.avail_out = uInt(target.count)
      return deflate(stream, Z_FINISH)
    }
    // deflateBound is enough for one Z_FINISH call, so anything short of the end is an error.
    guard status == Z_STREAM_END else {
      throw GitError.synthesized(.generic, .zlib, "deflate failed with status \(status)", "deflate")
    }
    let count = Int(stream.pointee.total_out)
    try output.withUnsafeBufferPointer { (compressed) throws in
      try append(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(compressed)[0..<count]))
    }
  }

  private func append(_ bytes: [UInt8]) throws {
    try bytes.withUnsafeBytes { (raw) throws in try append(raw) }
  }

  private func append(_ bytes: UnsafeRawBufferPointer) throws {
    hash.update(bytes)
    objectCRC = UInt32(
      crc32(uLong(objectCRC), bytes.baseAddress?.assumingMemoryBound(to: Bytef.self), uInt(bytes.count)))
    if buffer.count + bytes.count > Self.flushSize { try flush() }
    if bytes.count >= Self.flushSize {
      try sink(bytes)
      written += bytes.count
    } else {
      buffer.append(contentsOf: bytes)
    }
  }

  private func flush() throws {
    guard !buffer.isEmpty else { return }
    try buffer.withUnsafeBytes { (raw) throws in try sink(raw) }
    written += buffer.count
    buffer.removeAll(keepingCapacity: true)
  }
}
