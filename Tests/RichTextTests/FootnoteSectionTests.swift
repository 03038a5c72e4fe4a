import Foundation
import Testing

@testable import RichText

/// A footnote shows its mark where it is and its text after the body, as
/// LibreOffice's HTML export and pandoc's plain text show it (LibreOffice's text
/// export leaves footnote text out): an empty line, then `[1] …` per footnote. The
/// section is never body text: an edit of the body keeps each footnote's text once,
/// in its footnote.
@Suite("Footnotes: the mark in place, the text after the body")
struct FootnoteSectionTests {
  static let twoNotes = """
    {\\rtf1\\ansi\\ansicpg1252{\\fonttbl\\f0\\froman Times;}
    \\pard\\f0 Mead's study is annotated.\\chftn{\\footnote\\pard\\plain {\\up6\\chftn} See Sahlins and Geertz.} It was her work,\\par
    as others have noted,{\\super\\chftn}{\\footnote\\pard {\\super\\chftn} A caf\\'e9 bibliography.\\par Second paragraph.} that mattered.\\par
    }
    """

  private func body(_ rtf: String) throws -> AttributedText {
    try RTFReader().read(Array(rtf.utf8)).text
  }

  @Test("the marks stay in the text; the footnotes' text follows the body")
  func marksInPlaceTextAtEnd() throws {
    let text = try body(Self.twoNotes)
    #expect(
      text.plainText == """
        Mead's study is annotated.1 It was her work,
        as others have noted,2 that mattered.


        [1] See Sahlins and Geertz.
        [2] A café bibliography. Second paragraph.
        """)
    #expect(text.elements.filter { $0.kind == .footnote }.map(\.noteText)
      == ["See Sahlins and Geertz.", "A café bibliography. Second paragraph."])
  }

  @Test("applying the body's own plain text gives the body back")
  func ownPlainTextIsIdentity() throws {
    let text = try body(Self.twoNotes)
    #expect(text.applyingPlainText(text.plainText) == text)
    #expect(text.applyingPlainText(text.plainText + "\n") == text)
  }

  @Test("editing a word of the body neither moves nor duplicates a footnote's text")
  func bodyEditKeepsNotesOnce() throws {
    let text = try body(Self.twoNotes)
    let edited = text.applyingPlainText(text.plainText.replacingOccurrences(of: "mattered", with: "counted"))
    #expect(edited.plainText == text.plainText.replacingOccurrences(of: "mattered", with: "counted"))
    #expect(edited.elements == text.elements)
    let written = String(decoding: RTFWriter().write(edited), as: UTF8.self)
    #expect(written.components(separatedBy: "See Sahlins").count == 2)
    #expect(written.components(separatedBy: "Second paragraph").count == 2)
    let reread = try RTFReader().read(Array(written.utf8)).text
    #expect(reread.plainText == edited.plainText)
  }

  /// What a user may do to the section; none of it reaches the body or the notes.
  enum SectionEdit: String, CaseIterable, Sendable {
    case wordOfNoteChanged, noteLineDeleted, wordsTypedIntoNote, sectionDeleted

    func apply(_ text: String) -> String {
      switch self {
      case .wordOfNoteChanged: text.replacingOccurrences(of: "Geertz", with: "Boas")
      case .noteLineDeleted:
        text.replacingOccurrences(of: "\n[2] A café bibliography. Second paragraph.", with: "")
      case .wordsTypedIntoNote: text.replacingOccurrences(of: "[1] See", with: "[1] Look, see")
      case .sectionDeleted:
        text.components(separatedBy: "\n\n\n[1]").first.map { $0 + "\n" } ?? text
      }
    }
  }

  @Test("an edit inside the footnote section changes nothing", arguments: SectionEdit.allCases)
  func sectionIsNotBodyText(_ edit: SectionEdit) throws {
    let text = try body(Self.twoNotes)
    let typed = edit.apply(text.plainText)
    #expect(typed != text.plainText)
    let edited = text.applyingPlainText(typed)
    #expect(edited == text)
    #expect(!edited.bodyPlainText.contains("["))
  }

  @Test("a body edit together with a section edit keeps only the body edit")
  func bodyAndSectionEdits() throws {
    let text = try body(Self.twoNotes)
    let typed = text.plainText.replacingOccurrences(of: "study", with: "work")
      .replacingOccurrences(of: "Geertz", with: "Boas")
    let edited = text.applyingPlainText(typed)
    #expect(edited.bodyPlainText == text.bodyPlainText.replacingOccurrences(of: "study", with: "work"))
    #expect(edited.elements == text.elements)
  }

  @Test("lines that only look like a footnote section stay body text")
  func lookAlikeLinesStay() throws {
    // No footnotes: "[1] x" after an empty line is the user's text.
    let plain = AttributedText(plainText: "References\n\n[1] Mead 1928")
    #expect(plain.applyingPlainText(plain.plainText + "\n[2] Boas 1911").plainText
      == "References\n\n[1] Mead 1928\n[2] Boas 1911")
    // With footnotes: a numbered line that is not after an empty line stays too.
    let text = try body(Self.twoNotes)
    let typed = text.bodyPlainText + "[1] typed by hand"
    #expect(text.applyingPlainText(typed).bodyPlainText.hasSuffix("[1] typed by hand"))
  }

  @Test("a footnote inside a list item keeps the list's markers through an edit")
  func footnoteInList() throws {
    let rtf = """
      {\\rtf1\\ansi{\\fonttbl\\f0\\fswiss Helvetica;}
      {\\*\\listtable{\\list\\listtemplateid1{\\listlevel\\levelnfc23{\\leveltext\\'01\\u8226 ?;}{\\levelnumbers;}}\\listid1}}
      {\\*\\listoverridetable{\\listoverride\\listid1\\listoverridecount0\\ls1}}
      \\pard\\ls1 Milk\\chftn{\\footnote\\pard {\\super\\chftn} Oat milk.}\\par
      \\pard\\ls1 Eggs}
      """
    let text = try body(rtf)
    #expect(text.plainText == "•\tMilk1\n•\tEggs\n\n[1] Oat milk.")
    let edited = text.applyingPlainText(text.plainText.replacingOccurrences(of: "Eggs", with: "Bread"))
    #expect(edited.plainText == "•\tMilk1\n•\tBread\n\n[1] Oat milk.")
    #expect(edited.paragraphs.map { $0.style.list != nil } == [true, true])
  }

  @Test("a corpus file's footnote: its mark in the text, its text after the body")
  func corpusFootnote() throws {
    let text = try RTFReader().read(try Corpus.rtf("word-headers-footnotes")).text
    #expect(text.plainText.contains("Text with a footnote1 and more text."))
    #expect(text.plainText.hasSuffix("\n\n[1] FOOTNOTE MUST NOT APPEAR."))
    #expect(text.applyingPlainText(text.plainText) == text)
  }
}
