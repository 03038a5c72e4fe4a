#if canImport(Glibc)
  import Glibc
#endif

/// A new index file described as pieces: runs of the old file's bytes (read from its
/// mapping, never copied into memory) and new bytes (a changed entry, the header, the
/// checksum), in order. A one-note write changes one entry of a 4 MB index: the file is
/// then written from the mapping in a few large writes, without building a 4 MB array.
///
/// Valid only while the ``IndexSnapshot`` whose bytes it names is alive.
struct IndexFileImage {
  /// One run of the new file.
  enum Piece {
    /// Bytes of the old file, by offset.
    case old(Range<Int>)
    /// Bytes that are not in the old file at this place.
    case new([UInt8])
  }

  private(set) var pieces: [Piece] = []
  /// The new file's size so far.
  private(set) var count = 0

  /// Appends bytes `range` of the old file, joined to the last piece when it ends where
  /// `range` starts.
  mutating func appendOld(_ range: Range<Int>) {
    guard !range.isEmpty else { return }
    count += range.count
    if case .old(let last)? = pieces.last, last.upperBound == range.lowerBound {
      pieces[pieces.count - 1] = .old(last.lowerBound..<range.upperBound)
    } else {
      pieces.append(.old(range))
    }
  }

  /// Appends new bytes.
  mutating func appendNew(_ bytes: [UInt8]) {
    guard !bytes.isEmpty else { return }
    count += bytes.count
    pieces.append(.new(bytes))
  }

  /// Replaces the new bytes of piece `position` with as many others (the header's count).
  mutating func replaceNew(at position: Int, with bytes: [UInt8]) {
    guard case .new(let old) = pieces[position], old.count == bytes.count else { return }
    pieces[position] = .new(bytes)
  }

  /// Calls `body` with each run of the new file's bytes from offset `start` on, in order.
  func forEachRun(of old: UnsafeRawBufferPointer, from start: Int = 0, _ body: (UnsafeRawBufferPointer) throws -> Void)
    rethrows
  {
    var offset = 0
    for piece in pieces {
      let length: Int
      switch piece {
      case .old(let range): length = range.count
      case .new(let bytes): length = bytes.count
      }
      defer { offset += length }
      guard offset + length > start else { continue }
      let skip = max(0, start - offset)
      switch piece {
      case .old(let range):
        try body(UnsafeRawBufferPointer(rebasing: old[(range.lowerBound + skip)..<range.upperBound]))
      case .new(let bytes):
        try bytes.withUnsafeBytes { try body(UnsafeRawBufferPointer(rebasing: $0[skip...])) }
      }
    }
  }

  /// The whole new file, joined (for tests and small files).
  func bytes(of old: UnsafeRawBufferPointer) -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(count)
    forEachRun(of: old) { output.append(contentsOf: $0) }
    return output
  }

  /// The last 20 bytes (the checksum), when the image ends with new bytes holding them.
  var checksum: [UInt8]? {
    guard case .new(let bytes)? = pieces.last, bytes.count >= 20 else { return nil }
    return Array(bytes.suffix(20))
  }

  /// Writes the new file to `descriptor`: runs of at least ``directWriteMinimum`` bytes
  /// straight from where they are, smaller ones gathered first (a racily clean index
  /// smudges many entries: one write each would be thousands of system calls).
  func write(of old: UnsafeRawBufferPointer, to descriptor: Int32, name: String) throws {
    var gathered: [UInt8] = []
    gathered.reserveCapacity(Self.directWriteMinimum * 2)
    func flush() throws {
      guard !gathered.isEmpty else { return }
      try gathered.withUnsafeBytes { try FileDescriptor.writeAll($0, to: descriptor, name: name) }
      gathered.removeAll(keepingCapacity: true)
    }
    try forEachRun(of: old) { run in
      if run.count >= Self.directWriteMinimum {
        try flush()
        try FileDescriptor.writeAll(run, to: descriptor, name: name)
      } else {
        gathered.append(contentsOf: run)
        if gathered.count >= Self.directWriteMinimum { try flush() }
      }
    }
    try flush()
  }

  /// Runs this long or longer are written without gathering.
  static let directWriteMinimum = 64 << 10
}
