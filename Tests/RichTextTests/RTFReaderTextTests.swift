import RichText
import Testing

/// How the reader turns RTF into text: one row per behaviour.
@Suite("RTF reader: text")
struct RTFReaderTextTests {
  struct Case: Sendable, CustomStringConvertible {
    var behaviour: String
    var rtf: String
    var text: String
    var description: String { behaviour }
  }

  static let cases: [Case] = [
    Case(behaviour: "\\par ends a paragraph, the last one always exists", rtf: #"{\rtf1 a\par b\par}"#, text: "a\nb\n"),
    Case(behaviour: "backslash-newline is \\par (Cocoa)", rtf: "{\\rtf1 a\\\nb\\\r\nc}", text: "a\nb\nc"),
    Case(behaviour: "raw CR and LF are ignored", rtf: "{\\rtf1 a\r\nb\nc\rd}", text: "abcd"),
    Case(behaviour: "a literal TAB is text, \\tab is a tab", rtf: "{\\rtf1 a\tb\\tab c}", text: "a\tb\tc"),
    Case(behaviour: "\\line is U+2028", rtf: #"{\rtf1 a\line b}"#, text: "a\u{2028}b"),
    Case(behaviour: "\\sect and \\page end paragraphs", rtf: #"{\rtf1 a\sect b\page c}"#, text: "a\nb\nc"),
    Case(behaviour: "control symbols for special characters", rtf: #"{\rtf1 a\~b\-c\_d\{\}\\}"#, text: "a\u{A0}b\u{AD}c\u{2011}d{}\\"),
    Case(behaviour: "named special characters", rtf: #"{\rtf1 \emdash\endash\bullet\lquote\rquote\ldblquote\rdblquote}"#, text: "—–•‘’“”"),
    Case(behaviour: "\\'hh in the document code page", rtf: #"{\rtf1\ansi\ansicpg1251 \'cf\'f0\'e8}"#, text: "При"),
    Case(behaviour: "\\mac is Mac Roman", rtf: #"{\rtf1\mac \'a5\'8e}"#, text: "•é"),
    Case(behaviour: "\\pc is code page 437", rtf: #"{\rtf1\pc \'c9\'cd}"#, text: "╔═"),
    Case(behaviour: "a font's \\fcharset decides how its bytes read", rtf: #"{\rtf1{\fonttbl{\f0\fcharset0 A;}{\f1\fcharset222 Thonburi;}}\f0\'e0{\f1\'e0}}"#, text: "àเ"),
    Case(behaviour: "a font's \\cpg wins over its \\fcharset", rtf: #"{\rtf1{\fonttbl{\f1\fcharset0\cpg1251 X;}}\f1\'cf}"#, text: "П"),
    Case(behaviour: "DBCS lead and trail bytes join, also with an ASCII trail", rtf: #"{\rtf1{\fonttbl{\f0\fcharset128 MS Mincho;}}\f0\'93\'fa\'83t}"#, text: "日フ"),
    Case(behaviour: "\\u with the default \\uc1 skips one fallback character", rtf: #"{\rtf1 a\u8212?b}"#, text: "a—b"),
    Case(behaviour: "\\uc0 skips nothing", rtf: #"{\rtf1\uc0 \u8212 b}"#, text: "—b"),
    Case(behaviour: "\\uc2 skips two \\'hh bytes", rtf: #"{\rtf1{\uc2\u26085\'93\'fa}x}"#, text: "日x"),
    Case(behaviour: "\\uc is scoped to its group", rtf: #"{\rtf1{\uc0\u233 x}\u233 yz}"#, text: "éxéz"),
    Case(behaviour: "a group end stops fallback skipping", rtf: #"{\rtf1{\uc5\u233}x}"#, text: "éx"),
    Case(behaviour: "negative \\u counts from 65536", rtf: #"{\rtf1 \u-3913?}"#, text: "\u{F0B7}"),
    Case(behaviour: "surrogate pairs join (Cocoa, positive)", rtf: #"{\rtf1\uc0 \u55357 \u56832 }"#, text: "😀"),
    Case(behaviour: "surrogate pairs join (Word, negative with fallbacks)", rtf: #"{\rtf1 \u-10179?\u-8704?}"#, text: "😀"),
    Case(behaviour: "surrogate pairs join across a \\uc word (LibreOffice)", rtf: #"{\rtf1\uc0 \u55357\uc1 \u56832\'3f}"#, text: "😀"),
    Case(behaviour: "an unpaired high surrogate is U+FFFD", rtf: #"{\rtf1\uc0 \u55357 x}"#, text: "\u{FFFD}x"),
    Case(behaviour: "an unpaired low surrogate is U+FFFD", rtf: #"{\rtf1\uc0 \u56832 x}"#, text: "\u{FFFD}x"),
    Case(behaviour: "unknown control words are ignored, their text flows", rtf: #"{\rtf1 a\foo b\rsid123 c}"#, text: "abc"),
    Case(behaviour: "unknown \\* destinations are skipped", rtf: #"{\rtf1 a{\*\foo hidden{\b deeper}}b}"#, text: "ab"),
    Case(behaviour: "\\* in the middle of a group is ignored", rtf: #"{\rtf1 a\*\foo b}"#, text: "ab"),
    Case(behaviour: "font, colour, style and info tables show no text", rtf: #"{\rtf1{\fonttbl\f0 Helvetica;\f1 Menlo;}{\colortbl;\red1\green2\blue3;}{\stylesheet{\s1 Heading;}}{\info{\title T}{\author A}}x}"#, text: "x"),
    Case(behaviour: "list marker text is dropped", rtf: #"{\rtf1{\listtext\tab 1.\tab}a\par{\pntext \'b7\tab}b}"#, text: "a\nb"),
    Case(behaviour: "a field shows its result", rtf: #"{\rtf1 Page {\field{\*\fldinst PAGE}{\fldrslt 3}}.}"#, text: "Page 3."),
    Case(behaviour: "a field without a result shows nothing", rtf: #"{\rtf1 a{\field{\*\fldinst PAGE}}b}"#, text: "ab"),
    Case(behaviour: "pictures and objects show nothing", rtf: #"{\rtf1 a{\pict\pngblip 89504e47}b{\object{\*\objdata 0102}{\result c}}d}"#, text: "abd"),
    Case(behaviour: "\\shppict shows nothing, \\nonshppict is skipped", rtf: #"{\rtf1 a{\*\shppict{\pict 00}}{\nonshppict{\pict 00}}b}"#, text: "ab"),
    Case(behaviour: "a Cocoa attachment written with \\'ac shows nothing", rtf: #"{\rtf1 a{{\NeXTGraphic x.png}\'ac}b}"#, text: "ab"),
    Case(behaviour: "\\bin data is skipped by length, also inside skipped groups", rtf: #"{\rtf1 a{\*\x\bin3 }}}}b{\pict\bin2 {{}c}"#, text: "abc"),
    Case(behaviour: "table cells are separated by tabs, rows end paragraphs", rtf: #"{\rtf1\trowd\cellx1\cellx2\intbl a\cell b\cell\row\intbl c\cell d\cell\row}"#, text: "a\tb\nc\td\n"),
    Case(behaviour: "empty cells keep their tabs, the last cell none", rtf: #"{\rtf1\intbl a\cell\cell\cell\row}"#, text: "a\t\t\n"),
    Case(behaviour: "nested table cells and rows flatten the same way", rtf: #"{\rtf1\intbl x\cell\itap2 y\nestcell z\nestcell{\*\nesttableprops\nestrow}{\nonesttables fallback}\itap1 w\cell\row}"#, text: "x\ty\tz\nw\n"),
    Case(behaviour: "text after the document's closing brace is ignored", rtf: #"{\rtf1 a}b{c}"#, text: "a"),
    Case(behaviour: "leading whitespace and a UTF-8 BOM before {\rtf are accepted", rtf: "\u{FEFF} \r\n{\\rtf1 a}", text: "a"),
    Case(behaviour: "an empty document has one empty paragraph", rtf: #"{\rtf1}"#, text: ""),
  ]

  @Test("a Cocoa attachment and its raw 0xAC byte show nothing and count as one object")
  func cocoaAttachment() throws {
    let bytes = Array("{\\rtf1 a{{\\NeXTGraphic x.png \\width1 \\height1\n}".utf8) + [0xAC] + Array("}b}".utf8)
    let result = try RTFReader().read(bytes)
    #expect(readerPlainText(result.text) == "ab")
    #expect(result.skippedObjects == 1)
  }

  @Test("reads text", arguments: cases)
  func readsText(_ testCase: Case) throws {
    let result = try read(testCase.rtf)
    #expect(readerPlainText(result.text) == testCase.text)
  }
}
