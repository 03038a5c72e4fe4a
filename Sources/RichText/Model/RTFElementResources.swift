/// The fonts and colours an element's RTF refers to by number (`\fN`, `\cfN`,
/// `\clcbpatN`…), by the values they stood for in the file it was read from: so a
/// body written whole, with tables numbered anew, can renumber them.
struct RTFElementResources: Hashable, Sendable {
  var fonts: [Int: Font] = [:]
  var colors: [Int: Color] = [:]

  var isEmpty: Bool { fonts.isEmpty && colors.isEmpty }
}

/// The font and colour numbers in an element's RTF.
enum RTFElementNumbers {
  /// What a number refers to.
  enum Kind { case font, color }

  /// Control words whose parameter is a font number.
  static let fontWords: Set<[UInt8]> = Set(["f", "af"].map { Array($0.utf8) })
  /// Control words whose parameter is a colour-table index.
  static let colorWords: Set<[UInt8]> = Set(
    [
      "cf", "cb", "highlight", "chcbpat", "chcfpat", "cbpat", "cfpat", "clcbpat", "clcfpat",
      "clcbpatraw", "clcfpatraw", "trcbpat", "trcfpat", "brdrcf", "ulc", "chbrdrcf",
    ].map { Array($0.utf8) })

  /// Calls `visit` with each font or colour number of `rtf` and the byte range of its
  /// digits, in order. `\binN` data and escaped symbols are passed over.
  static func forEach(in rtf: [UInt8], _ visit: (Kind, Int, Range<Int>) -> Void) {
    var index = 0
    let count = rtf.count
    while index < count {
      guard rtf[index] == UInt8(ascii: "\\") else {
        index += 1
        continue
      }
      let wordStart = index + 1
      var end = wordStart
      while end < count, isLetter(rtf[end]) { end += 1 }
      guard end > wordStart else {
        index = wordStart + 1  // a control symbol: `\\`, `\{`, `\'`…
        continue
      }
      let word = Array(rtf[wordStart..<end])
      let digitsStart = end
      if end < count, rtf[end] == UInt8(ascii: "-") { end += 1 }
      while end < count, end - digitsStart < 11, rtf[end] >= 0x30, rtf[end] <= 0x39 { end += 1 }
      let digits = digitsStart..<end
      let number = digits.isEmpty ? nil : Int(String(decoding: rtf[digits], as: UTF8.self))
      if word == Array("bin".utf8), let number, number > 0 {
        // One delimiting space, then raw bytes.
        if end < count, rtf[end] == UInt8(ascii: " ") { end += 1 }
        index = min(count, end + number)
        continue
      }
      if let number, number >= 0 {
        if fontWords.contains(word) {
          visit(.font, number, digits)
        } else if colorWords.contains(word) {
          visit(.color, number, digits)
        }
      }
      index = end
    }
  }

  /// `rtf` with each font and colour number replaced by `renumber`'s answer (nil
  /// keeps it).
  static func renumbered(_ rtf: [UInt8], _ renumber: (Kind, Int) -> Int?) -> [UInt8] {
    var out: [UInt8] = []
    var copied = 0
    forEach(in: rtf) { kind, number, range in
      guard let new = renumber(kind, number), new != number else { return }
      if out.isEmpty { out.reserveCapacity(rtf.count + 16) }
      out.append(contentsOf: rtf[copied..<range.lowerBound])
      out.append(contentsOf: Array(String(new).utf8))
      copied = range.upperBound
    }
    guard copied > 0 else { return rtf }
    out.append(contentsOf: rtf[copied...])
    return out
  }

  private static func isLetter(_ byte: UInt8) -> Bool {
    (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A)
  }
}
