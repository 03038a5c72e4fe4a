/// A control word in RTF bytes: its name, its parameter, and where it ends.
struct RTFWordScan {
  var name: Substring
  /// The numeric parameter, if any (nil also when it has more digits than a width or
  /// count in a table can have).
  var parameter: Int?
  /// Where the name and the parameter end (before the space that ends the word).
  var parameterEnd: Int
  /// Where the word ends: after its parameter and the space that ends it, if any.
  var end: Int

  /// The control word at `start` (a backslash), or nil when it is a control symbol.
  init?<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, at start: Int) where Bytes.Index == Int {
    var index = start + 1
    while index < bytes.endIndex, Self.isLetter(bytes[index]) { index += 1 }
    guard index > start + 1 else { return nil }
    name = Substring(decoding: Array(bytes[(start + 1)..<index]), as: UTF8.self)
    let negative = index < bytes.endIndex && bytes[index] == UInt8(ascii: "-")
    if negative { index += 1 }
    let digits = index
    var value = 0
    while index < bytes.endIndex, Self.isDigit(bytes[index]) {
      if value < 100_000_000 { value = value * 10 + Int(bytes[index] - UInt8(ascii: "0")) }
      index += 1
    }
    parameter = index > digits && index - digits <= 8 ? (negative ? -value : value) : nil
    parameterEnd = index
    if index < bytes.endIndex, bytes[index] == UInt8(ascii: " ") { index += 1 }
    end = index
  }

  /// Whether `byte` is a letter of a control word's name.
  static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") }
  /// Whether `byte` is a digit of a control word's parameter.
  static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
}

/// Brace and word scans over RTF bytes (escaped braces and control symbols skipped).
enum RTFScan {
  /// Whether `bytes` never close a group they did not open and close every group they
  /// open; false when they hold `\bin` (its data could hold anything).
  static func groupsBalance(_ bytes: [UInt8]) -> Bool {
    guard let depth = depthChange(bytes[...]), depth == 0 else { return false }
    return true
  }

  /// How many more groups `bytes` open than close; nil when they close one they did
  /// not open, or hold `\bin`.
  static func depthChange(_ bytes: ArraySlice<UInt8>) -> Int? {
    var depth = 0
    var index = bytes.startIndex
    while index < bytes.endIndex {
      switch bytes[index] {
      case UInt8(ascii: "\\"):
        if let word = RTFWordScan(bytes, at: index) {
          if word.name == "bin" { return nil }
          index = word.end
        } else {
          index += 2
        }
        continue
      case UInt8(ascii: "{"): depth += 1
      case UInt8(ascii: "}"):
        depth -= 1
        if depth < 0 { return nil }
      default: break
      }
      index += 1
    }
    return depth
  }

  /// Where the group ends that close what `rtf[start..<end]` opened end (line ends
  /// before them skipped), not past `limit`; nil when those bytes close a group they
  /// did not open or hold `\bin`, or their groups do not close by `limit`.
  static func groupsClosed(in rtf: [UInt8], from start: Int, to end: Int, limit: Int) -> Int? {
    guard start <= end, end <= limit, limit <= rtf.count, var depth = depthChange(rtf[start..<end]) else { return nil }
    var index = end
    while depth > 0 {
      while index < limit, rtf[index] == 0x0A || rtf[index] == 0x0D { index += 1 }
      guard index < limit, rtf[index] == UInt8(ascii: "}") else { return nil }
      index += 1
      depth -= 1
    }
    return index
  }

  /// The words named `name` in `bytes`.
  static func words(named name: Substring, in bytes: ArraySlice<UInt8>) -> [Range<Int>] {
    var found: [Range<Int>] = []
    var index = bytes.startIndex
    while index < bytes.endIndex {
      guard bytes[index] == UInt8(ascii: "\\") else {
        index += 1
        continue
      }
      guard let word = RTFWordScan(bytes, at: index) else {
        index += 2
        continue
      }
      if word.name == name { found.append(index..<word.end) }
      index = word.end
    }
    return found
  }
}

/// Where offsets of bytes kept through an edit are now: the edit kept stretches of
/// the old bytes, each starting at `old` and now at `new`, in order.
struct RTFOffsetMap {
  private let stretches: [(old: Int, new: Int)]

  /// The map of `stretches` (sorted; the first starts at old and new offset 0).
  init(_ stretches: [(old: Int, new: Int)]) {
    self.stretches = stretches
  }

  /// Where old offset `offset` (in a kept stretch) is now.
  func moved(_ offset: Int) -> Int {
    var low = 0
    var high = stretches.count
    while high - low > 1 {
      let middle = (low + high) / 2
      if stretches[middle].old <= offset { low = middle } else { high = middle }
    }
    return offset - stretches[low].old + stretches[low].new
  }

  /// Where a cell (in kept stretches) is now.
  func moved(_ cell: RTFCellText) -> RTFCellText {
    RTFCellText(text: cell.text.map { moved($0.lowerBound)..<moved($0.upperBound) }, insertion: moved(cell.insertion))
  }
}

/// Byte edits of a table's RTF, applied in order: each range replaced (an empty range:
/// bytes inserted there), and where an old offset outside them is now.
struct RTFByteCuts {
  /// The edited bytes (of `within`, when given).
  let bytes: [UInt8]
  /// Where each edit's replacement starts in `bytes`.
  let starts: [Int]
  /// Where old offsets outside the edits are in `bytes`.
  let offsets: RTFOffsetMap

  /// `rtf[within]` (all of it by default) with `cuts` (in order, not overlapping,
  /// inside `within`) applied.
  init(_ rtf: [UInt8], _ cuts: [(range: Range<Int>, replacement: [UInt8])], within: Range<Int>? = nil) {
    let source = within ?? 0..<rtf.count
    var bytes: [UInt8] = []
    bytes.reserveCapacity(source.count + cuts.reduce(0) { $0 + $1.replacement.count })
    var starts: [Int] = []
    var stretches: [(old: Int, new: Int)] = [(source.lowerBound, 0)]
    var position = source.lowerBound
    for cut in cuts {
      bytes += rtf[position..<cut.range.lowerBound]
      // A control word must not run into what now follows it (`\cell` + `two`
      // would read as one word `\celltwo`): a space ends it, as RTF reads a space
      // after a control word.
      let next: UInt8? = cut.range.upperBound < source.upperBound ? rtf[cut.range.upperBound] : nil
      if let following = cut.replacement.first ?? next, RTFControlWordEnd.extends(following),
        RTFControlWordEnd.endsInControlWord(bytes)
      {
        bytes.append(UInt8(ascii: " "))
      }
      starts.append(bytes.count)
      bytes += cut.replacement
      if !cut.replacement.isEmpty, let next, RTFControlWordEnd.extends(next), RTFControlWordEnd.endsInControlWord(bytes) {
        bytes.append(UInt8(ascii: " "))
      }
      position = cut.range.upperBound
      stretches.append((position, bytes.count))
    }
    bytes += rtf[position..<source.upperBound]
    self.bytes = bytes
    self.starts = starts
    self.offsets = RTFOffsetMap(stretches)
  }

  /// Where old offset `offset` (outside every edit) is now.
  func moved(_ offset: Int) -> Int { offsets.moved(offset) }

  /// Where a cell (outside every edit) is now.
  func moved(_ cell: RTFCellText) -> RTFCellText { offsets.moved(cell) }
}

/// Where a control word ends, for bytes joined after an edit.
enum RTFControlWordEnd {
  /// Whether `bytes` end with a control word (`\` and letters, then an optional
  /// number) that a letter, digit or hyphen written next would extend. An escaped
  /// backslash (`\\`) before the letters makes them text, and `\'hh` is no word.
  static func endsInControlWord<Bytes: BidirectionalCollection>(_ bytes: Bytes) -> Bool
  where Bytes.Element == UInt8, Bytes.Index == Int {
    var index = bytes.endIndex
    // The number, then the letters.
    while index > bytes.startIndex, RTFWordScan.isDigit(bytes[index - 1]) { index -= 1 }
    if index > bytes.startIndex, bytes[index - 1] == UInt8(ascii: "-") { index -= 1 }
    let lettersEnd = index
    while index > bytes.startIndex, RTFWordScan.isLetter(bytes[index - 1]) { index -= 1 }
    guard index < lettersEnd, index > bytes.startIndex, bytes[index - 1] == UInt8(ascii: "\\") else { return false }
    // An odd run of backslashes: the last one starts the word.
    var backslashes = 0
    while index > bytes.startIndex, bytes[index - 1] == UInt8(ascii: "\\") {
      backslashes += 1
      index -= 1
    }
    return backslashes % 2 == 1
  }

  /// Whether `byte` written right after a control word would become part of it.
  static func extends(_ byte: UInt8) -> Bool {
    RTFWordScan.isLetter(byte) || RTFWordScan.isDigit(byte) || byte == UInt8(ascii: "-")
  }
}
