import CZlib

/// Writes thumbnails as PNG files (8-bit RGB, not interlaced) straight through zlib.
///
/// Every row uses PNG's Up filter (each byte minus the one above it), and the rows are
/// compressed with deflate's run-length strategy. A thumbnail is mostly white with
/// smooth pictures in it, so the filtered rows are mostly zeros and small differences:
/// on a 512×512 note with a photo this is about 4× faster than libpng's fast mode (no
/// filter, zlib level 3) and half its size. Thumbnails are written on every save, so
/// speed counts more than the last few percent of size.
///
/// The same pixels always give the same bytes (zlib is deterministic for one version and
/// one set of parameters).
enum PNGWriter {
  /// The PNG of a picture held as cairo keeps `CAIRO_FORMAT_RGB24` pixels: `height` rows
  /// `stride` bytes apart, each `width` native-endian 32-bit words 0x00RRGGBB.
  ///
  /// - Throws: ``QuickLookError`` with zlib's message.
  ///
  /// The corresponding zlib functions are `deflateInit2`, `deflate` and `deflateEnd`.
  static func png(cairoRows data: UnsafeRawPointer, stride: Int, width: Int, height: Int) throws(QuickLookError) -> [UInt8] {
    guard width > 0, height > 0, stride >= width * 4 else {
      throw QuickLookError(library: .zlib, function: "deflate", message: "the picture is empty")
    }
    let rows = filteredRows(data, stride: stride, width: width, height: height)
    var file = signature
    file.reserveCapacity(rows.count / 4 + 1024)
    var header: [UInt8] = []
    header.appendBigEndian(UInt32(width))
    header.appendBigEndian(UInt32(height))
    header += [8, 2, 0, 0, 0]  // 8 bits per channel, RGB, deflate, adaptive filters, no interlace
    appendChunk("IHDR", header, to: &file)
    appendChunk("IDAT", try compressed(rows), to: &file)
    appendChunk("IEND", [], to: &file)
    return file
  }

  static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
  /// PNG's filter type 2: each byte minus the byte above it.
  static let upFilter: UInt8 = 2

  /// The rows as PNG scanlines: a filter byte, then `width` RGB triples, each channel
  /// minus the one above it (the row above the first is zero).
  private static func filteredRows(_ data: UnsafeRawPointer, stride: Int, width: Int, height: Int) -> [UInt8] {
    let rowBytes = 1 + width * 3
    return [UInt8](unsafeUninitializedCapacity: height * rowBytes) { output, count in
      for y in 0..<height {
        let row = (data + y * stride).assumingMemoryBound(to: UInt32.self)
        let above = y > 0 ? (data + (y - 1) * stride).assumingMemoryBound(to: UInt32.self) : nil
        var target = y * rowBytes
        output[target] = upFilter
        target += 1
        for x in 0..<width {
          let pixel = row[x]
          let difference = above.map { pixel.channelDifferences(from: $0[x]) } ?? pixel
          output[target] = UInt8(truncatingIfNeeded: difference >> 16)
          output[target + 1] = UInt8(truncatingIfNeeded: difference >> 8)
          output[target + 2] = UInt8(truncatingIfNeeded: difference)
          target += 3
        }
      }
      count = height * rowBytes
    }
  }

  /// `bytes` as one zlib stream, compressed with deflate's run-length strategy.
  private static func compressed(_ bytes: [UInt8]) throws(QuickLookError) -> [UInt8] {
    let stream = try DeflateStream(level: 1, strategy: Z_RLE)
    let bound = Int(deflateBound(stream.pointer, uLong(bytes.count)))
    var output = [UInt8](repeating: 0, count: bound)
    let status = bytes.withUnsafeBufferPointer { input in
      output.withUnsafeMutableBufferPointer { target in
        let z = stream.pointer
        // zlib does not write through next_in; its type predates const.
        z.pointee.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
        z.pointee.avail_in = uInt(input.count)
        z.pointee.next_out = target.baseAddress
        z.pointee.avail_out = uInt(target.count)
        return deflate(z, Z_FINISH)
      }
    }
    // deflateBound is enough for one Z_FINISH call, so anything short of the end is an error.
    guard status == Z_STREAM_END else { throw stream.failure(status, "deflate") }
    let written = Int(stream.pointer.pointee.total_out)
    output.removeSubrange(written...)
    return output
  }

  /// Appends a chunk: its length, type, data and the CRC of type and data.
  private static func appendChunk(_ type: StaticString, _ data: [UInt8], to file: inout [UInt8]) {
    file.appendBigEndian(UInt32(data.count))
    let typeBytes = type.withUTF8Buffer { Array($0) }
    file += typeBytes
    file += data
    var crc = typeBytes.withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) }
    crc = data.withUnsafeBufferPointer { crc32(crc, $0.baseAddress, uInt($0.count)) }
    file.appendBigEndian(UInt32(truncatingIfNeeded: crc))
  }
}

/// The single owner of a zlib deflate stream, ended exactly once.
private final class DeflateStream {
  let pointer: UnsafeMutablePointer<z_stream>
  private let scope: HandleScope?

  /// A stream ready to compress at `level` with `strategy`.
  ///
  /// The corresponding zlib function is `deflateInit2`.
  init(level: Int32, strategy: Int32) throws(QuickLookError) {
    let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
    // zlib reads zalloc, zfree and opaque: all zero means its own allocator.
    stream.initialize(to: z_stream())
    let status = notes_deflate_init(stream, level, strategy)
    guard status == Z_OK else {
      let message = stream.pointee.msg.map { String(cString: $0) } ?? "status \(status)"
      stream.deallocate()
      throw QuickLookError(library: .zlib, function: "deflateInit2", message: message)
    }
    pointer = stream
    scope = HandleScope.opened()
  }

  /// The error for `status`, with zlib's message when it left one.
  func failure(_ status: Int32, _ function: String) -> QuickLookError {
    let message = pointer.pointee.msg.map { String(cString: $0) } ?? "status \(status)"
    return QuickLookError(library: .zlib, function: function, message: message)
  }

  deinit {
    // deflateEnd frees zlib's state; its result only says whether the stream had finished.
    _ = deflateEnd(pointer)
    pointer.deallocate()
    HandleScope.closed(scope)
  }
}

extension UInt32 {
  /// Each of the low three bytes minus `other`'s byte in the same place, modulo 256.
  @inline(__always)
  fileprivate func channelDifferences(from other: UInt32) -> UInt32 {
    // Per-byte subtraction without borrows between bytes: set each byte's high bit
    // before subtracting, then fix the high bits (the classic SWAR trick).
    let high: UInt32 = 0x0080_8080
    let low: UInt32 = 0x007F_7F7F
    let difference = ((self | high) &- (other & low)) ^ ((self ^ ~other) & high)
    return difference & 0x00FF_FFFF
  }
}

extension [UInt8] {
  /// Appends `value` as four bytes, most significant first.
  fileprivate mutating func appendBigEndian(_ value: UInt32) {
    append(contentsOf: [UInt8(value >> 24), UInt8(truncatingIfNeeded: value >> 16), UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)])
  }
}
