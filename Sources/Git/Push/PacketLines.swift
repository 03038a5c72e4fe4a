/// git's pkt-line framing (`gitprotocol-common`): four hex digits of length (the four
/// included), then the payload; `0000` is a flush.
enum PacketLine {
  /// One frame read from the server.
  enum Frame: Equatable {
    case flush
    case data([UInt8])
  }

  /// The largest frame git allows (its `LARGE_PACKET_MAX`).
  static let maximumLength = 65520

  /// `payload` framed as one pkt-line.
  static func encode(_ payload: [UInt8]) -> [UInt8] {
    let length = payload.count + 4
    let digits = Array("0123456789abcdef".utf8)
    var framed: [UInt8] = [
      digits[(length >> 12) & 15], digits[(length >> 8) & 15], digits[(length >> 4) & 15], digits[length & 15],
    ]
    framed += payload
    return framed
  }

  /// The flush frame.
  static let flush: [UInt8] = Array("0000".utf8)
}

/// Reads pkt-line frames from bytes that `source` supplies (a server connection, or the
/// band-1 payloads of a side-band stream), buffering what a read brought beyond one frame.
struct PacketReader {
  private let source: (UnsafeMutableRawBufferPointer) throws -> Int
  private var buffer: [UInt8] = []
  private var start = 0
  private let category: GitError.Category

  init(category: GitError.Category, source: @escaping (UnsafeMutableRawBufferPointer) throws -> Int) {
    self.source = source
    self.category = category
  }

  /// The next frame.
  ///
  /// - Throws: When the stream ends inside a frame or before one, or a length is not
  ///   four hex digits of at least 4 (or 0) and at most ``PacketLine/maximumLength``.
  mutating func next() throws -> PacketLine.Frame {
    try fill(4)
    var length = 0
    for byte in buffer[start..<(start + 4)] {
      guard let digit = Self.hexValue(byte) else { throw malformed("a pkt-line length is not hexadecimal") }
      length = length << 4 | digit
    }
    if length == 0 {
      start += 4
      return .flush
    }
    guard length >= 4, length <= PacketLine.maximumLength else {
      throw malformed("a pkt-line has the invalid length \(length)")
    }
    try fill(length)
    let payload = Array(buffer[(start + 4)..<(start + length)])
    start += length
    return .data(payload)
  }

  /// Makes at least `count` unread bytes available.
  private mutating func fill(_ count: Int) throws {
    while buffer.count - start < count {
      if start > 0 {
        buffer.removeSubrange(0..<start)
        start = 0
      }
      var chunk = [UInt8](repeating: 0, count: 65536)
      let read = try chunk.withUnsafeMutableBytes { (raw) throws -> Int in try source(raw) }
      guard read > 0 else { throw malformed("the server closed the connection early") }
      buffer += chunk[0..<read]
    }
  }

  private func malformed(_ message: String) -> GitError {
    .synthesized(.generic, category, message, "git-receive-pack")
  }

  private static func hexValue(_ byte: UInt8) -> Int? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return Int(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return Int(byte - UInt8(ascii: "a")) + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return Int(byte - UInt8(ascii: "A")) + 10
    default: return nil
    }
  }
}
