/// The text of a footnote, read from its `{\footnote …}` group: what LibreOffice's
/// HTML export and pandoc show after the body ("1 See Sahlins…", "[1] See Sahlins…").
///
/// The group is read as a document of its own, in the body's code page and with the
/// code pages of the body's fonts, so its `\'hh` bytes decode as they do in the body.
/// The footnote's own mark (`{\up6\chftn}` at its start) is left out; paragraphs are
/// joined by one space, so the text is one line.
enum FootnoteText {
  /// The footnote's text, or nil when the group cannot be read.
  static func read(_ group: [UInt8], codePage: CodePage, fonts: [Int32: FontEntry]) -> String? {
    let keyword = Array("\\footnote".utf8)
    guard let found = firstIndex(of: keyword, in: group) else { return nil }
    var contentStart = found + keyword.count
    if contentStart < group.count, group[contentStart] == UInt8(ascii: " ") { contentStart += 1 }
    var document = Array("{\\rtf1\\ansi\\ansicpg\(codePage.number)".utf8)
    let pages = fonts.compactMap { number, entry in entry.codePage.map { (number, $0.number) } }
    if !pages.isEmpty {
      document += Array("{\\fonttbl".utf8)
      for (number, page) in pages.sorted(by: { $0.0 < $1.0 }) {
        document += Array("{\\f\(number)\\cpg\(page) F;}".utf8)
      }
      document += Array("}".utf8)
    }
    document.append(UInt8(ascii: " "))
    document += group[contentStart...]
    guard let text = try? RTFReader().read(document).text else { return nil }
    var pieces: [String] = []
    for paragraph in text.paragraphs {
      var shown = ""
      for run in paragraph.runs {
        if let element = run.attributes.element {
          if element.kind != .footnoteMark { shown += element.shownText }
        } else {
          shown += run.text
        }
      }
      let words = shown.split(whereSeparator: { $0.isWhitespace || $0 == "\u{2028}" })
      if !words.isEmpty { pieces.append(words.joined(separator: " ")) }
    }
    return pieces.joined(separator: " ")
  }

  private static func firstIndex(of needle: [UInt8], in bytes: [UInt8]) -> Int? {
    guard bytes.count >= needle.count else { return nil }
    for start in 0...(bytes.count - needle.count) where bytes[start] == needle[0] {
      if bytes[start..<(start + needle.count)].elementsEqual(needle) { return start }
    }
    return nil
  }
}
