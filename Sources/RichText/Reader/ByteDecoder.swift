/// Turns the bytes of text and `\'hh` escapes into UTF-8, in the current code page.
///
/// Multi-byte code pages need every byte of a character before it can be decoded,
/// and RTF writes a double-byte character as `\'97\'76` or even `\'83t`: the decoder
/// buffers bytes until `flush` (which the reader calls before any token that is not
/// text or `\'hh`).
struct ByteDecoder {
  /// The code page of the bytes that follow; set it only after `flush`.
  var codePage: CodePage = .windows1252
  private var pending: [UInt8] = []

  /// Whether multi-byte input waits for `flush`.
  var hasPending: Bool { !pending.isEmpty }

  /// Decodes `bytes[start..<end]` into `out` (or buffers them).
  mutating func append<Sink: UTF8Sink>(_ bytes: [UInt8], _ start: Int, _ end: Int, to out: inout Sink) {
    switch codePage {
    case .singleByte(let page):
      bytes.withUnsafeBufferPointer { buffer in
        var index = start
        while index < end {
          // ASCII is itself in UTF-8: copy each stretch of it at once.
          var stretchEnd = index
          while stretchEnd < end, buffer[stretchEnd] < 0x80 { stretchEnd += 1 }
          if stretchEnd > index {
            out.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[index..<stretchEnd]))
            index = stretchEnd
            continue
          }
          appendUTF8(page.scalar(buffer[index]), to: &out)
          index += 1
        }
      }
    case .multiByte:
      pending.append(contentsOf: bytes[start..<end])
    }
  }

  /// Decodes one byte into `out` (or buffers it).
  mutating func append<Sink: UTF8Sink>(_ byte: UInt8, to out: inout Sink) {
    switch codePage {
    case .singleByte(let page): appendUTF8(page.scalar(byte), to: &out)
    case .multiByte: pending.append(byte)
    }
  }

  /// Decodes buffered multi-byte input into `out`. Returns false when some bytes
  /// were not valid in the code page (they became U+FFFD).
  mutating func flush<Sink: UTF8Sink>(to out: inout Sink) -> Bool {
    guard case .multiByte(_, let encoding) = codePage, !pending.isEmpty else { return true }
    defer { pending.removeAll(keepingCapacity: true) }
    if let units = CodePage.decode(pending, encoding: encoding) {
      appendUTF16(units, to: &out)
      return true
    }
    // Decode piece by piece: ASCII alone, anything else as a pair, else U+FFFD.
    var valid = true
    var index = 0
    while index < pending.count {
      let byte = pending[index]
      if byte < 0x80 {
        out.append(byte)
        index += 1
      } else if index + 1 < pending.count,
        let units = CodePage.decode([byte, pending[index + 1]], encoding: encoding)
      {
        appendUTF16(units, to: &out)
        index += 2
      } else {
        appendUTF8("\u{FFFD}", to: &out)
        valid = false
        index += 1
      }
    }
    return valid
  }
}

/// Appends the UTF-8 encoding of `scalar`.
@inline(__always) func appendUTF8<Sink: UTF8Sink>(_ scalar: Unicode.Scalar, to out: inout Sink) {
  out.append(scalar)
}

/// Appends UTF-16 `units` as UTF-8, unpaired surrogates as U+FFFD.
func appendUTF16<Sink: UTF8Sink>(_ units: [UInt16], to out: inout Sink) {
  for scalar in UTF16Decoder(units) { appendUTF8(scalar, to: &out) }
}

/// Decodes UTF-16 with repair.
private struct UTF16Decoder: Sequence, IteratorProtocol {
  private var iterator: IndexingIterator<[UInt16]>
  private var codec = UTF16()

  init(_ units: [UInt16]) { iterator = units.makeIterator() }

  mutating func next() -> Unicode.Scalar? {
    switch codec.decode(&iterator) {
    case .scalarValue(let scalar): return scalar
    case .error: return "\u{FFFD}"
    case .emptyInput: return nil
    }
  }
}
