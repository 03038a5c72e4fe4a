/// The footnotes' text after the body in the plain-text view, as LibreOffice's HTML
/// export and pandoc show it: an empty line after the body, then one line per
/// footnote, `[1] See Sahlins…`, numbered in the order of the footnotes in the body.
/// (LibreOffice's text export leaves footnote text out; its HTML export and pandoc's
/// plain text put it at the end.) The marks stay in the body where they are.
///
/// The section is not body text: `applyingPlainText` takes it off the new text
/// before anything else, so editing the body never moves or duplicates a footnote's
/// text, and an edit inside the section changes nothing (a footnote is an element,
/// kept whole with its RTF).
enum FootnoteSection {
  /// The section's lines for `paragraphs`: empty when there are no footnotes.
  static func lines(of paragraphs: [Paragraph]) -> [String] {
    var lines: [String] = []
    for paragraph in paragraphs {
      for run in paragraph.runs {
        guard let element = run.attributes.element, element.kind == .footnote else { continue }
        for scalar in run.text.unicodeScalars where scalar == "\u{FFFC}" {
          let text = element.noteText ?? ""
          lines.append("[\(lines.count + 1)]" + (text.isEmpty ? "" : " " + text))
        }
      }
    }
    return lines
  }

  /// `text` without a footnote section at its end: its last lines, when each starts
  /// with `[n]` (n from 1 to `footnoteCount`, rising) and an empty line stands before
  /// the first of them; empty lines after them go too. Without such lines (or
  /// without footnotes) `text` comes back as it is.
  static func strip(_ text: String, footnoteCount: Int) -> String {
    guard footnoteCount > 0 else { return text }
    // Lines from the end: (start offset in the UTF-8, content).
    let utf8 = Array(text.utf8)
    var lineEnd = utf8.count
    var numbers: [Int] = []
    var sawNote = false
    var index = utf8.count
    while true {
      var start = lineEnd
      while start > 0, utf8[start - 1] != 0x0A, utf8[start - 1] != 0x0D { start -= 1 }
      let line = utf8[start..<lineEnd]
      if line.isEmpty || line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) {
        if sawNote {
          // The separator: the body ends at the line end before it.
          var bodyEnd = start
          if bodyEnd > 0, utf8[bodyEnd - 1] == 0x0A { bodyEnd -= 1 }
          if bodyEnd > 0, utf8[bodyEnd - 1] == 0x0D { bodyEnd -= 1 }
          if bodyEnd < start || start == 0 { index = bodyEnd }
          break
        }
      } else if let number = noteNumber(line), number <= footnoteCount,
        numbers.last.map({ number < $0 }) ?? true
      {
        numbers.append(number)
        sawNote = true
      } else {
        return text
      }
      guard start > 0 else { return text }
      // Step over the line end ("\n", "\r\n" or "\r").
      lineEnd = start - 1
      if utf8[lineEnd] == 0x0A, lineEnd > 0, utf8[lineEnd - 1] == 0x0D { lineEnd -= 1 }
    }
    guard index < utf8.count else { return text }
    return String(decoding: utf8[..<index], as: UTF8.self)
  }

  /// n of a line that starts with `[n]` followed by a space or nothing.
  private static func noteNumber(_ line: ArraySlice<UInt8>) -> Int? {
    guard line.first == UInt8(ascii: "[") else { return nil }
    var number = 0
    var index = line.startIndex + 1
    var digits = 0
    while index < line.endIndex, line[index] >= 0x30, line[index] <= 0x39, digits < 6 {
      number = number * 10 + Int(line[index] - 0x30)
      index += 1
      digits += 1
    }
    guard digits > 0, number > 0, index < line.endIndex, line[index] == UInt8(ascii: "]") else {
      return nil
    }
    index += 1
    guard index == line.endIndex || line[index] == 0x20 else { return nil }
    return number
  }
}
