import Foundation
import Testing

@testable import RichText

/// A body written whole numbers its font and colour tables anew; the elements it
/// keeps (tables, fields, footnotes) refer to fonts and colours by number, so their
/// `\fN`, `\cfN`, `\clcbpatN`… are renumbered to the new tables.
@Suite("Elements in a body written whole keep their fonts and colours")
struct ElementRenumberingTests {
  static let file = Array(
    #"""
    {\rtf1\ansi\ansicpg1252\deff1{\fonttbl{\f1\fswiss\fcharset0 Arial;}{\f3\fmodern\fcharset0 Courier New;}{\f5\froman\fcharset0 Times New Roman;}}
    {\colortbl;\red255\green0\blue0;\red0\green128\blue0;\red0\green0\blue255;}
    \pard\plain\f1\fs24 First paragraph.\par
    \trowd\cellx3000\clcbpat3\cellx6000\pard\intbl{\f5\cf2 Green cell}\cell{\f3 Mono cell}\cell\row
    \pard\plain\f1 See {\field{\*\fldinst {\f3 PAGE }}{\fldrslt {\f5\cf1 7}}} here.\par
    Last line.}
    """#.utf8)

  static func elements(_ text: AttributedText) -> [RTFElement] {
    text.paragraphs.flatMap(\.runs).compactMap(\.attributes.element)
  }

  static func fonts(_ element: RTFElement) -> Set<String> {
    Set((element.resources?.fonts.values).map { $0.map(\.name) } ?? [])
  }

  static func colors(_ element: RTFElement) -> Set<Color> {
    Set(element.resources?.colors.values.map { $0 } ?? [])
  }

  @Test("the reader notes the fonts and colours each element refers to")
  func resourcesRead() throws {
    let text = try RTFReader().read(Self.file).text
    let elements = Self.elements(text)
    try #require(elements.map(\.kind) == [.table, .field])
    #expect(Self.fonts(elements[0]) == ["Times New Roman", "Courier New"])
    #expect(Self.colors(elements[0]) == [Color(red: 0, green: 128, blue: 0), Color(red: 0, green: 0, blue: 255)])
    #expect(Self.fonts(elements[1]) == ["Courier New", "Times New Roman"])
    #expect(Self.colors(elements[1]) == [Color(red: 255, green: 0, blue: 0)])
  }

  @Test("written whole after an edit, each element's numbers name the same fonts and colours")
  func wholeRewrite() throws {
    let text = try RTFReader().read(Self.file).text
    let edited = text.applyingPlainText(text.plainText.replacingOccurrences(of: "First", with: "Opening"))
    let written = RTFWriter().write(edited.forgettingSource())
    let reread = try RTFReader().read(written).text
    #expect(reread.plainText == edited.plainText)
    let before = Self.elements(text)
    let after = Self.elements(reread)
    try #require(after.count == before.count)
    for (old, new) in zip(before, after) {
      #expect(Self.fonts(new) == Self.fonts(old), "\(old.kind)")
      #expect(Self.colors(new) == Self.colors(old), "\(old.kind)")
    }
    // Arial, Courier and Times were \f1, \f3, \f5; the new table numbers them 0, 1, 2,
    // so the elements' numbers were rewritten, not copied.
    #expect(written != Array(Self.file))
    #expect(String(decoding: after[0].rtf, as: UTF8.self) != String(decoding: before[0].rtf, as: UTF8.self))
  }

  @Test("renumbering passes over \\bin data and escaped symbols")
  func scanner() {
    let rtf = Array(#"{\f2 a\\f9 \bin3 \f7\cf3 \'f1\cf12}"#.utf8)
    var seen: [String] = []
    RTFElementNumbers.forEach(in: rtf) { kind, number, _ in seen.append("\(kind)\(number)") }
    #expect(seen == ["font2", "color3", "color12"])  // `\bin3 ` takes "\f7" as data
    let renumbered = RTFElementNumbers.renumbered(rtf) { kind, number in kind == .font ? number + 1 : nil }
    #expect(String(decoding: renumbered, as: UTF8.self) == #"{\f3 a\\f9 \bin3 \f7\cf3 \'f1\cf12}"#)
  }
}
