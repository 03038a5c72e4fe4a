/// The text a legacy `{\*\pn …}` group puts before and after an item's number:
/// `{\pntxtb (}` and `{\pntxta )}` make "(1)", `{\pntxtb Step }{\pntxta :}` make
/// "Step 1:". Word and LibreOffice show no text at all around the number where a
/// group is missing ("1 Alpha"), so a missing one is the empty string.
///
/// The reader skips these groups as it goes; their text is read here from the bytes
/// of the whole `\pn` group when it closes (it is short and rare: no hot path).
struct LegacyListText: Equatable {
  var before = ""
  var after = ""

  /// The texts of the `\pntxtb` and `\pntxta` groups directly inside `group` (the
  /// bytes between the `\pn` group's braces). `\'hh` is read in `codePage` (a
  /// single-byte page; other pages read the byte as cp1252), `\uN` as its character,
  /// followed by one fallback character; other control words are left out.
  static func read(_ group: ArraySlice<UInt8>, codePage: SingleByteCodePage) -> LegacyListText {
    var result = LegacyListText()
    var index = group.startIndex
    var depth = 0
    while index < group.endIndex {
      let byte = group[index]
      switch byte {
      case UInt8(ascii: "\\"):
        index = group.index(index, offsetBy: 2, limitedBy: group.endIndex) ?? group.endIndex
      case UInt8(ascii: "{"):
        depth += 1
        if depth == 1, let (word, textStart) = Self.word(in: group, at: index + 1),
          word == "pntxta" || word == "pntxtb"
        {
          let (text, end) = Self.text(in: group, from: textStart, codePage: codePage)
          if word == "pntxta" { result.after = text } else { result.before = text }
          index = end
          depth -= 1
        } else {
          index += 1
        }
      case UInt8(ascii: "}"):
        depth -= 1
        index += 1
      default:
        index += 1
      }
    }
    return result
  }

  /// The control word at `start` (after `\`, passing over one `\*`) and where its
  /// parameter and delimiter end.
  private static func word(in group: ArraySlice<UInt8>, at start: Int) -> (String, Int)? {
    var index = start
    if group[index...].starts(with: Array("\\*".utf8)) { index += 2 }
    while index < group.endIndex, group[index] == UInt8(ascii: " ") || group[index] == 10 || group[index] == 13 {
      index += 1
    }
    guard index < group.endIndex, group[index] == UInt8(ascii: "\\") else { return nil }
    index += 1
    let letters = index
    while index < group.endIndex, Self.isLetter(group[index]) { index += 1 }
    guard index > letters else { return nil }
    let word = String(decoding: group[letters..<index], as: UTF8.self)
    index = Self.afterParameter(in: group, from: index)
    return (word, index)
  }

  /// The text of a group from `start` to its closing brace, and the index after it.
  private static func text(
    in group: ArraySlice<UInt8>, from start: Int, codePage: SingleByteCodePage
  ) -> (String, Int) {
    var scalars = String.UnicodeScalarView()
    var index = start
    var depth = 0
    var fallback = 0
    while index < group.endIndex {
      let byte = group[index]
      if byte == UInt8(ascii: "}") {
        if depth == 0 { return (String(scalars), index + 1) }
        depth -= 1
        index += 1
      } else if byte == UInt8(ascii: "{") {
        depth += 1
        index += 1
      } else if byte == UInt8(ascii: "\\"), index + 1 < group.endIndex {
        let next = group[index + 1]
        if next == UInt8(ascii: "'"), index + 3 < group.endIndex,
          let value = UInt8(String(decoding: group[(index + 2)...(index + 3)], as: UTF8.self), radix: 16)
        {
          if fallback > 0 { fallback -= 1 } else { scalars.append(codePage.scalar(value)) }
          index += 4
        } else if Self.isLetter(next) {
          var end = index + 1
          while end < group.endIndex, Self.isLetter(group[end]) { end += 1 }
          let word = String(decoding: group[(index + 1)..<end], as: UTF8.self)
          let parameterEnd = Self.afterParameter(in: group, from: end)
          if word == "u", let value = Int(String(decoding: group[end..<parameterEnd], as: UTF8.self)
            .trimmingSuffixSpace)
          {
            let code = value < 0 ? value + 65536 : value
            if let scalar = Unicode.Scalar(UInt32(clamping: code)) { scalars.append(scalar) }
            fallback = 1
          }
          index = parameterEnd
        } else {
          if fallback > 0 { fallback -= 1 } else if next == UInt8(ascii: "~") {
            scalars.append("\u{A0}")
          } else if !Self.isLetter(next), next != 10, next != 13, next != UInt8(ascii: "*") {
            scalars.append(Unicode.Scalar(next))
          }
          index += 2
        }
      } else {
        if byte != 10, byte != 13 {
          if fallback > 0 { fallback -= 1 } else { scalars.append(codePage.scalar(byte)) }
        }
        index += 1
      }
    }
    return (String(scalars), index)
  }

  /// The index after a control word's optional `-?digits` parameter and its one
  /// space delimiter.
  private static func afterParameter(in group: ArraySlice<UInt8>, from start: Int) -> Int {
    var index = start
    if index < group.endIndex, group[index] == UInt8(ascii: "-") { index += 1 }
    while index < group.endIndex, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(group[index]) {
      index += 1
    }
    if index < group.endIndex, group[index] == UInt8(ascii: " ") { index += 1 }
    return index
  }

  private static func isLetter(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
  }
}

extension String {
  /// The string without one trailing space (a control word's delimiter).
  fileprivate var trimmingSuffixSpace: String { hasSuffix(" ") ? String(dropLast()) : self }
}
