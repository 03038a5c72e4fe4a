import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How search compares text: case, accents and character width do not matter, so `cafe`
/// finds `Café`, `CAFÉ` and `ｃａｆｅ`.
enum SearchFolding {
  /// `text` folded for comparison. Line breaks stay line breaks, so a match's line in the
  /// folded text is its line in the original.
  static func fold(_ text: String) -> String {
    if text.utf8.allSatisfy({ $0 < 0x80 }) {
      // ASCII folds to its lower case: no need for Foundation's (much slower) folding.
      return String(decoding: text.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
    }
    return text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
  }

  /// `line` folded character by character: the folded bytes, for each folded byte the
  /// offset (in characters) of the original character it came from, and for each
  /// character its first byte in `line.utf8` (plus, last, the line's byte count), so a
  /// caller cuts the line by characters without indexing the string again.
  static func foldWithOffsets(
    _ line: String, memo: FoldMemo = FoldMemo()
  ) -> (bytes: [UInt8], origin: [Int], starts: [Int]) {
    var line = line
    line.makeContiguousUTF8()
    let utf8 = line.utf8
    var bytes: [UInt8] = []
    var origin: [Int] = []
    var starts: [Int] = []
    bytes.reserveCapacity(utf8.count)
    origin.reserveCapacity(utf8.count)
    starts.reserveCapacity(utf8.count + 1)
    var offset = 0
    var position = 0
    // Contiguous after makeContiguousUTF8, so the closure always runs.
    _ = utf8.withContiguousStorageIfAvailable { raw in
      let count = raw.count
      while position < count {
        // A run of ASCII bytes: each is a whole character on its own, except the last one
        // when a non-ASCII byte follows (it may combine with it) and a carriage return
        // (it may pair with a line feed); those take the character path below.
        var runEnd = position
        while runEnd < count && raw[runEnd] < 0x80 && raw[runEnd] != 0x0D { runEnd += 1 }
        let whole = runEnd < count && raw[runEnd] >= 0x80 && runEnd > position ? runEnd - 1 : runEnd
        if whole > position {
          for index in position..<whole {
            let byte = raw[index]
            bytes.append(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)
          }
          origin.append(contentsOf: offset..<(offset + whole - position))
          starts.append(contentsOf: position..<whole)
          offset += whole - position
          position = whole
          continue
        }
        let index = utf8.index(utf8.startIndex, offsetBy: position)
        let end = line.index(after: index)
        let folded = memo.folded(line[index..<end])
        starts.append(position)
        bytes += folded
        origin.append(contentsOf: repeatElement(offset, count: folded.count))
        offset += 1
        position += utf8.distance(from: index, to: end)
      }
      return ()
    }
    starts.append(position)
    return (bytes, origin, starts)
  }

  /// The character ranges of `line` where any of `needles` (folded UTF-8) occurs.
  static func matchRanges(in line: String, needles: [[UInt8]], memo: FoldMemo = FoldMemo()) -> [Range<Int>] {
    let (bytes, origin, _) = foldWithOffsets(line, memo: memo)
    return matchRanges(folded: bytes, origin: origin, needles: needles)
  }

  /// The character ranges where any of `needles` occurs in a line folded by
  /// ``foldWithOffsets(_:memo:)``.
  static func matchRanges(folded bytes: [UInt8], origin: [Int], needles: [[UInt8]]) -> [Range<Int>] {
    var ranges: [Range<Int>] = []
    for needle in needles where !needle.isEmpty {
      var start = 0
      while let found = ByteSearch.firstIndex(of: needle, in: bytes, from: start) {
        let last = found + needle.count - 1
        ranges.append(origin[found]..<(origin[last] + 1))
        start = found + needle.count
      }
    }
    return merged(ranges)
  }

  /// Overlapping or touching ranges joined, in order.
  private static func merged(_ ranges: [Range<Int>]) -> [Range<Int>] {
    var result: [Range<Int>] = []
    for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
      if let last = result.last, range.lowerBound <= last.upperBound {
        result[result.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
      } else {
        result.append(range)
      }
    }
    return result
  }
}

/// Substring search over bytes. A one-byte needle is found with `memchr`; a longer one eight
/// starting places at a time: a word of the text is compared with the needle's first byte,
/// and the word `count - 1` bytes on with its last byte, and only places where both agree
/// are compared in full (glibc's `memmem` is a GNU extension Swift does not see, and
/// stopping at every occurrence of the first byte, as `memchr` does, is slow on text).
enum ByteSearch {
  /// The first offset at or after `start` where `needle` occurs in `haystack`, or nil.
  static func firstIndex(of needle: [UInt8], in haystack: [UInt8], from start: Int = 0) -> Int? {
    firstIndex(of: needle, in: haystack[...], from: start)
  }

  /// The first offset (from the slice's start) at or after `start` where `needle` occurs.
  static func firstIndex(of needle: [UInt8], in haystack: ArraySlice<UInt8>, from start: Int = 0) -> Int? {
    haystack.withUnsafeBytes { firstIndex(of: needle, in: $0, from: start) }
  }

  /// The first offset at or after `start` where `needle` occurs in `haystack`, or nil.
  static func firstIndex(of needle: [UInt8], in haystack: UnsafeBufferPointer<UInt8>, from start: Int = 0) -> Int? {
    firstIndex(of: needle, in: UnsafeRawBufferPointer(haystack), from: start)
  }

  /// The first offset at or after `start` where `needle` occurs in `hay`, or nil.
  static func firstIndex(of needle: [UInt8], in hay: UnsafeRawBufferPointer, from start: Int = 0) -> Int? {
    guard let first = needle.first, let last = needle.last, start >= 0, hay.count - start >= needle.count else {
      return nil
    }
    return needle.withUnsafeBytes { pin -> Int? in
      guard let base = hay.baseAddress, let pinBase = pin.baseAddress else { return nil }
      let length = pin.count
      let lastStart = hay.count - length
      var position = start
      if length == 1 {
        guard let found = memchr(base + position, Int32(first), lastStart - position + 1) else { return nil }
        return base.distance(to: UnsafeRawPointer(found))
      }
      let ones: UInt64 = 0x0101_0101_0101_0101
      let highs: UInt64 = 0x8080_8080_8080_8080
      let firstWord = ones &* UInt64(first)
      let lastWord = ones &* UInt64(last)
      // Eight starting places position...position+7, while both words lie inside `hay`.
      while position + 7 <= lastStart {
        let atFirst = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: position, as: UInt64.self)) ^ firstWord
        let atLast =
          UInt64(littleEndian: base.loadUnaligned(fromByteOffset: position + length - 1, as: UInt64.self)) ^ lastWord
        let both = atFirst | atLast
        // A high bit for each zero byte of `both` (and possibly for bytes after a zero
        // one, from the borrow: every candidate is compared in full).
        var candidates = (both &- ones) & ~both & highs
        while candidates != 0 {
          let offset = position + candidates.trailingZeroBitCount / 8
          if memcmp(base + offset, pinBase, length) == 0 { return offset }
          candidates &= candidates &- 1
        }
        position += 8
      }
      while position <= lastStart {
        if base.load(fromByteOffset: position, as: UInt8.self) == first, memcmp(base + position, pinBase, length) == 0 {
          return position
        }
        position += 1
      }
      return nil
    }
  }

  /// Whether every needle occurs in `haystack`.
  static func containsAll(_ needles: [[UInt8]], in haystack: [UInt8]) -> Bool {
    needles.allSatisfy { firstIndex(of: $0, in: haystack) != nil }
  }
}
