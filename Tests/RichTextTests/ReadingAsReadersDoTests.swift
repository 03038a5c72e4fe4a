import Testing

@testable import RichText

/// Code pages chosen as Word and LibreOffice choose them: the font's character set
/// over the document's code page, Word's `\hich`/`\dbch` fonts, Mac scripts.
@Suite("Reading code pages as the readers do")
struct ReadingAsReadersDoTests {
  @Test("the text of each file", arguments: [
    // \fcharset0 is code page 1252 even in a Shift-JIS document.
    (#"{\rtf1\ansi\ansicpg932{\fonttbl\f0\fswiss\fcharset0 Arial;\f1\fnil\fcharset128 MS Mincho;}\f0 J\'e4rvi \f1 \'93\'fa}"#,
     "Järvi 日"),
    // After \hich, \'hh is decoded in the font \af gave high-ANSI characters.
    (#"{\rtf1\ansi\ansicpg932{\fonttbl{\f0\fnil\fcharset128 MS Mincho;}{\f1\froman\fcharset0 Times;}}\f0\hich\af1 \'93Hi\'94\loch\f0  \'93\'fa}"#,
     "“Hi” 日"),
    // After \dbch, the double-byte font decides.
    (#"{\rtf1\ansi\ansicpg1252{\fonttbl{\f0\froman\fcharset0 Times;}{\f1\fnil\fcharset128 MS Mincho;}}\f0\dbch\af1 \'82\'a0\loch\f0  caf\'e9}"#,
     "あ café"),
    // Mac code pages: the document's and the fonts' Mac scripts.
    (#"{\rtf1\mac\ansicpg10001{\fonttbl\f0\fnil\fcharset78 Osaka;\f1\fnil\fcharset85 Helvetica;\f2\fnil\fcharset89 Geneva;}\f0 \'82\'a0\f1 \'a1\f2 \'80}"#,
     "あΓА"),
    (#"{\rtf1\mac\ansicpg10001 \'82\'a0}"#, "あ"),
  ])
  func text(_ rtf: String, expected: String) throws {
    #expect(try read(rtf).text.plainText == expected)
  }
}

/// Hidden text (`\v`) is never shown, and stays in the file where nothing changed.
@Suite("Hidden text")
struct HiddenTextTests {
  static let rtf = #"{\rtf1\ansi{\fonttbl\f0 Arial;}\f0 Visible {\v secret \'e9}text\par Second {\v0 shown}\par Third}"#

  @Test("hidden text is not part of the body")
  func notShown() throws {
    #expect(try read(Self.rtf).text.plainText == "Visible text\nSecond shown\nThird")
  }

  @Test("an edit elsewhere keeps the hidden text in the file")
  func keptWhenUntouched() throws {
    let body = try read(Self.rtf).text
    let edited = body.applyingPlainText("Visible text\nSecond shown\nThird edited")
    let written = String(decoding: RTFWriter().write(edited), as: UTF8.self)
    #expect(written.contains(#"{\v secret \'e9}"#))
    #expect(try RTFReader().read(Array(written.utf8)).text == edited)
  }
}
