import Foundation
import Testing

@testable import RichText

/// Word 6's `\pn` paragraph numbering and the `\dbch` font choice, read as Word and
/// LibreOffice read them.
@Suite("Legacy \\pn lists and \\dbch fonts")
struct LegacyListReadingTests {
  private func shown(_ rtf: String) throws -> String {
    try RTFReader().read(Array(rtf.utf8)).text.plainText
  }

  @Test("\\pnstart gives the first number; the empty paragraph after the last \\par is no item")
  func pnStartAndFinalParagraph() throws {
    let text = try shown("""
      {\\rtf1\\ansi{\\fonttbl\\f0\\fswiss Helvetica;}
      \\pard{\\pntext 3.\\tab}{\\*\\pn\\pnlvlbody\\pnstart3\\pndec{\\pntxta .}}\\fi-360\\li360 Three\\par Four\\par
      }
      """)
    #expect(text == "3.\tThree\n4.\tFour\n")
  }

  @Test("a paragraph's \\ls that no table defines wins over \\pn: no list, as LibreOffice shows it")
  func undefinedListOverrideMakesNoList() throws {
    let rtf = """
      {\\rtf1\\ansi{\\fonttbl\\f0\\fswiss Helvetica;}
      \\pard{\\pntext 1.\\tab}{\\*\\pn\\pnlvlbody\\pndec}\\ls3\\ilvl0 One\\par
      \\pard{\\pntext 1.\\tab}{\\*\\pn\\pnlvlbody\\pndec\\ls3}\\fi-360 Listed\\par
      }
      """
    let body = try RTFReader().read(Array(rtf.utf8)).text
    #expect(body.paragraphs.map { $0.style.list != nil } == [false, true, false])
    #expect(body.plainText == "One\n1\tListed\n")
  }

  @Test("\\pntxtb and \\pntxta put their text before and after the number, as LibreOffice shows it", arguments: [
    (#"{\pntxtb (}{\pntxta )}"#, "(2)"),
    (#"{\pntxta .}"#, "2."),
    ("", "2"),
    (#"{\pntxtb \u8470?\~}{\pntxta \'bb}"#, "\u{2116}\u{A0}2\u{BB}"),
    (#"{\pntxtb Step }{\pntxta :}"#, "Step 2:"),
    (#"{\*\pntxtb [}{\pntxta ]}"#, "[2]"),
  ])
  func numberText(_ groups: String, marker: String) throws {
    let text = try shown(#"{\rtf1\ansi{\fonttbl\f0\fswiss Helvetica;}\pard{\pntext x\tab}{\*\pn\pnlvlbody\pndec\pnstart2"#
      + groups + #"}\fi-360 Item\par}"#)
    #expect(text == marker + "\tItem\n")
  }

  @Test("\\f after \\dbch is the font of the double-byte text, whatever \\af said before")
  func dbchFontChoosesCodePage() throws {
    let text = try shown("""
      {\\rtf1\\ansi\\ansicpg936\\deff0{\\fonttbl{\\f0\\froman\\fcharset0 Times New Roman;}{\\f1\\fnil\\fcharset134 SimSun;}}
      \\pard\\plain\\rtlch\\af0\\ltrch\\loch\\af0\\hich\\af0\\dbch\\af1
      {\\rtlch\\af0 \\ltrch\\loch\\af0\\hich\\af0\\dbch\\f1 \\'b2\\'e2\\'ca\\'d4}\\par
      }
      """)
    #expect(text == "测试\n")
  }
}
