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

  /// `line` folded character by character, and for each folded byte the offset (in
  /// characters) of the original character it came from.
  static func foldWithOffsets(_ line: String) -> (bytes: [UInt8], origin: [Int]) {
    var bytes: [UInt8] = []
    var origin: [Int] = []
    bytes.reserveCapacity(line.utf8.count)
    origin.reserveCapacity(line.utf8.count)
    var memo: [Substring: [UInt8]] = [:]
    let utf8 = line.utf8
    var index = utf8.startIndex
    var offset = 0
    while index < utf8.endIndex {
      let byte = utf8[index]
      let next = utf8.index(after: index)
      // An ASCII byte followed by ASCII (or the end) is a whole character on its own
      // (a carriage return may pair with a line feed, so it takes the slow path).
      if byte < 0x80 && byte != 0x0D && (next == utf8.endIndex || utf8[next] < 0x80) {
        bytes.append(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)
        origin.append(offset)
        offset += 1
        index = next
        continue
      }
      let end = line.index(after: index)
      let character = line[index..<end]
      let folded: [UInt8]
      if let known = memo[character] {
        folded = known
      } else {
        folded = Array(fold(String(character)).utf8)
        memo[character] = folded
      }
      bytes += folded
      origin += repeatElement(offset, count: folded.count)
      offset += 1
      index = end
    }
    return (bytes, origin)
  }

  /// The character ranges of `line` where any of `needles` (folded UTF-8) occurs.
  static func matchRanges(in line: String, needles: [[UInt8]]) -> [Range<Int>] {
    let (bytes, origin) = foldWithOffsets(line)
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

/// Substring search over bytes: `memchr` finds each candidate first byte, `memcmp` checks
/// the rest (glibc's `memmem` is a GNU extension Swift does not see).
enum ByteSearch {
  /// The first offset at or after `start` where `needle` occurs in `haystack`, or nil.
  static func firstIndex(of needle: [UInt8], in haystack: [UInt8], from start: Int = 0) -> Int? {
    firstIndex(of: needle, in: haystack[...], from: start)
  }

  /// The first offset (from the slice's start) at or after `start` where `needle` occurs.
  static func firstIndex(of needle: [UInt8], in haystack: ArraySlice<UInt8>, from start: Int = 0) -> Int? {
    guard let first = needle.first, start >= 0, haystack.count - start >= needle.count else { return nil }
    return haystack.withUnsafeBytes { hay in
      needle.withUnsafeBytes { pin -> Int? in
        guard let base = hay.baseAddress, let pinBase = pin.baseAddress else { return nil }
        var position = start
        let lastStart = hay.count - pin.count
        while position <= lastStart {
          guard let found = memchr(base + position, Int32(first), lastStart - position + 1) else { return nil }
          let offset = base.distance(to: UnsafeRawPointer(found))
          if memcmp(base + offset, pinBase, pin.count) == 0 { return offset }
          position = offset + 1
        }
        return nil
      }
    }
  }

  /// Whether every needle occurs in `haystack`.
  static func containsAll(_ needles: [[UInt8]], in haystack: [UInt8]) -> Bool {
    needles.allSatisfy { firstIndex(of: $0, in: haystack) != nil }
  }
}
