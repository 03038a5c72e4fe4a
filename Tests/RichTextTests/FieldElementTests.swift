import Foundation
import Testing

@testable import RichText

/// Fields other than links (`PAGE`, `DATE`, `TOC`, `MERGEFIELD`, `REF`) are elements:
/// `plainText` shows their result, an edit elsewhere keeps their RTF (instruction and
/// result) byte for byte, and deleting the result deletes the field.
@Suite("Fields other than links as elements")
struct FieldElementTests {
  static func body(_ inner: String) -> [UInt8] {
    Array("{\\rtf1\\ansi\\deff0{\\fonttbl{\\f0 Arial;}}\\pard\\plain\\f0\\fs24 \(inner)\\par\nLast line}".utf8)
  }

  static let fields = [
    (#"{\field{\*\fldinst { PAGE \\* MERGEFORMAT }}{\fldrslt {3}}}"#, "3"),
    (#"{\field\flddirty{\*\fldinst { DATE \\@ "d MMMM yyyy" }}{\fldrslt {\b 14 March 2024}}}"#, "14 March 2024"),
    (#"{\field{\*\fldinst { MERGEFIELD FirstName }}{\fldrslt {\'abFirstName\'bb}}}"#, "«FirstName»"),
    (#"{\field{\*\fldinst { REF _Ref1 \\h }}{\fldrslt {Table 2}}}"#, "Table 2"),
    (#"{\field{\*\fldinst { TOC \\o "1-3" }}{\fldrslt {Contents}}}"#, "Contents"),
  ]

  @Test("a field shows its result and is one element keeping its RTF", arguments: fields)
  func read(field: String, result: String) throws {
    let text = try RTFReader().read(Self.body("See " + field + " here.")).text
    #expect(text.plainText == "See \(result) here.\nLast line")
    let elements = text.paragraphs[0].runs.compactMap(\.attributes.element)
    try #require(elements.count == 1)
    #expect(elements[0].kind == .field)
    #expect(elements[0].shownText == result)
    #expect(String(decoding: elements[0].rtf, as: UTF8.self) == field)
  }

  @Test("an edit elsewhere keeps the field byte for byte, spliced or written whole", arguments: fields)
  func editElsewhere(field: String, result: String) throws {
    let text = try RTFReader().read(Self.body("See " + field + " here.")).text
    let edited = text.applyingPlainText("See \(result) there.\nLast line")
    for written in [RTFWriter().write(edited), RTFWriter().write(edited.forgettingSource())] {
      let string = String(decoding: written, as: UTF8.self)
      #expect(string.contains(field))
      #expect(string.contains("there."))
      let reread = try RTFReader().read(written).text
      #expect(reread.plainText == "See \(result) there.\nLast line")
    }
  }

  @Test("deleting a field's result deletes the field", arguments: fields)
  func deleteResult(field: String, result: String) throws {
    let text = try RTFReader().read(Self.body("See " + field + " here.")).text
    let edited = text.applyingPlainText("See  here.\nLast line")
    #expect(!edited.paragraphs[0].runs.contains { $0.attributes.element != nil })
    let written = String(decoding: RTFWriter().write(edited), as: UTF8.self)
    #expect(!written.contains("fldinst"))
  }

  @Test("a link stays text with its target; a field over paragraphs stays text")
  func notElements() throws {
    let link = try RTFReader().read(Self.body(#"{\field{\*\fldinst { HYPERLINK "https://a.example" }}{\fldrslt {site}}}"#)).text
    #expect(link.paragraphs[0].runs.allSatisfy { $0.attributes.element == nil })
    #expect(link.run(containing: "site")?.attributes.link == "https://a.example")
    let toc = try RTFReader().read(Self.body(#"{\field{\*\fldinst { TOC }}{\fldrslt {One\par Two}}}"#)).text
    #expect(toc.plainText == "One\nTwo\nLast line")
  }

  @Test("the corpus file's PAGE and DATE fields survive a one-word edit")
  func corpus() throws {
    let bytes = try Corpus.rtf("word-fields-stylesheet")
    let text = try RTFReader().read(bytes).text
    let fields = text.paragraphs.flatMap(\.runs).compactMap(\.attributes.element).filter { $0.kind == .field }
    #expect(fields.map(\.shownText) == ["1", "14 March 2024"])
    let edited = text.applyingPlainText(text.plainText.replacingOccurrences(of: "agenda", with: "plan"))
    let written = RTFWriter().write(edited)
    for field in fields {
      #expect(written.firstRange(of: field.rtf) != nil)
    }
  }
}
