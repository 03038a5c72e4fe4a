import Testing

@testable import RichText

/// Exact bytes of the writer for small bodies, written by hand from what Cocoa writes
/// (RTF-NOTES §3), and golden files for larger ones.
@Suite("RTF writer golden output")
struct WriterGoldenTests {
  let writer = RTFWriter()

  func rtf(_ text: AttributedText) -> String {
    String(decoding: writer.write(text), as: UTF8.self)
  }

  @Test("a new plain body gets the default Cocoa header, Cocoa's default \\pard line and no font words")
  func newPlainBody() {
    let expected = #"""
      {\rtf1\ansi\ansicpg1252\cocoartf2822
      \cocoatextscaling0\cocoaplatform0{\fonttbl\f0\fswiss\fcharset0 Helvetica;}
      {\colortbl;\red255\green255\blue255;}
      {\*\expandedcolortbl;;}
      \pard\pardirnatural\partightenfactor0
      \cf0 Milk\
      Eggs}
      """#
    #expect(rtf(AttributedText(plainText: "Milk\nEggs")) == expected)
  }

  @Test("a body from a TextEdit file keeps its header, controls, tabs and font words")
  func textEditBody() {
    let helvetica = Font(name: "Helvetica", family: .swiss)
    let style = ParagraphStyle(
      tabStops: [566, 1133, 1700].map { TabStop(position: $0) },
      unknown: [
        OpaqueControl(name: "pardirnatural"), OpaqueControl(name: "partightenfactor", parameter: 0),
      ])
    let document = DocumentAttributes(
      cocoaVersion: 2511,
      controls: [
        .init(name: "cocoatextscaling", parameter: 0), .init(name: "cocoaplatform", parameter: 0),
        .init(name: "paperw", parameter: 11900), .init(name: "paperh", parameter: 16840),
        .init(name: "viewkind", parameter: 0), .init(name: "deftab", parameter: 720),
      ])
    let body = AttributedText(
      plainText: "Tea\nCake\n", attributes: CharacterAttributes(font: helvetica, fontSize: 12),
      style: style, document: document)
    let expected = #"""
      {\rtf1\ansi\ansicpg1252\cocoartf2511
      \cocoatextscaling0\cocoaplatform0{\fonttbl\f0\fswiss\fcharset0 Helvetica;}
      {\colortbl;\red255\green255\blue255;}
      {\*\expandedcolortbl;;}
      \paperw11900\paperh16840\viewkind0
      \deftab720
      \pard\tx566\tx1133\tx1700\pardirnatural\partightenfactor0

      \f0\fs24 \cf0 Tea\
      Cake\
      }
      """#
    #expect(rtf(body) == expected)
  }

  @Test("formatting is written as diffs; text is escaped to 7-bit ASCII")
  func formattingAndEscapes() {
    let bold = CharacterAttributes(isBold: true)
    let red = CharacterAttributes(foregroundColor: Color(red: 255, green: 0, blue: 0))
    let link = CharacterAttributes(underline: .single, link: "https://example.com/a?b=1")
    var paragraph = Paragraph()
    paragraph.append("Hi ", attributes: CharacterAttributes())
    paragraph.append("bold", attributes: bold)
    paragraph.append(" {x}\\ caf\u{E9}\u{2028}\u{1F600}\t", attributes: CharacterAttributes())
    paragraph.append("red", attributes: red)
    paragraph.append(" ", attributes: CharacterAttributes())
    paragraph.append("site", attributes: link)
    let expected = #"""
      {\rtf1\ansi\ansicpg1252\cocoartf2822
      \cocoatextscaling0\cocoaplatform0{\fonttbl\f0\fswiss\fcharset0 Helvetica;}
      {\colortbl;\red255\green255\blue255;\red255\green0\blue0;}
      {\*\expandedcolortbl;;\cssrgb\c100000\c0\c0;}
      \pard\pardirnatural\partightenfactor0
      \cf0 Hi 
      \b bold
      \b0  \{x\}\\ caf\'e9\line \uc0\u55357 \u56832 	\cf2 red\cf0  \ul {\field{\*\fldinst{HYPERLINK "https://example.com/a?b=1"}}{\fldrslt site}}}
      """#
    #expect(rtf(AttributedText(paragraphs: [paragraph])) == expected)
  }

  @Test("list items get regenerated markers, numbers counted per level")
  func lists() {
    let bullet = ParagraphStyle(
      leftIndent: 720, tabStops: [TabStop(position: 220), TabStop(position: 720)],
      list: ListMarker(format: .disc))
    var numbered = bullet
    numbered.list = ListMarker(format: .decimal, level: 1)
    numbered.leftIndent = 1440
    let body = AttributedText(paragraphs: [
      Paragraph(text: "one", style: bullet),
      Paragraph(text: "first", style: numbered),
      Paragraph(text: "second", style: numbered),
      Paragraph(text: "two", style: bullet),
      Paragraph(text: "after"),
    ])
    let expected = #"""
      {\rtf1\ansi\ansicpg1252\cocoartf2822
      \cocoatextscaling0\cocoaplatform0{\fonttbl\f0\fswiss\fcharset0 Helvetica;}
      {\colortbl;\red255\green255\blue255;}
      {\*\expandedcolortbl;;}
      {\*\listtable{\list\listtemplateid1\listhybrid{\listlevel\levelnfc23\levelnfcn23\leveljc0\leveljcn0\levelfollow0\levelstartat1\levelspace360\levelindent0{\*\levelmarker \{disc\}}{\leveltext\leveltemplateid1\'01\uc0\u8226 ;}{\levelnumbers;}\fi-360\li720\lin720 }{\listlevel\levelnfc0\levelnfcn0\leveljc0\leveljcn0\levelfollow0\levelstartat1\levelspace360\levelindent0{\*\levelmarker \{decimal\}.}{\leveltext\leveltemplateid2\'02\'00.;}{\levelnumbers\'01;}\fi-360\li1440\lin1440 }{\listname ;}\listid1}}
      {\*\listoverridetable{\listoverride\listid1\listoverridecount0\ls1}}
      \pard\tx220\tx720\li720\pardirnatural\partightenfactor0
      \ls1\ilvl0\cf0 {\listtext	\uc0\u8226 	}one\
      \pard\tx220\tx720\li1440\pardirnatural\partightenfactor0
      \ls1\ilvl1\cf0 {\listtext	1.	}first\
      {\listtext	2.	}second\
      \pard\tx220\tx720\li720\pardirnatural\partightenfactor0
      \ls1\ilvl0\cf0 {\listtext	\uc0\u8226 	}two\
      \pard\pardirnatural\partightenfactor0
      \cf0 after}
      """#
    #expect(rtf(body) == expected)
  }

  @Test("a body read from an old Cocoa file keeps its subversion and code page")
  func oldHeader() {
    let document = DocumentAttributes(cocoaVersion: 1347, cocoaSubversion: 570, codePage: 1251)
    let body = AttributedText(plainText: "\u{416}\u{E9}", document: document)
    let expected = #"""
      {\rtf1\ansi\ansicpg1251\cocoartf1347\cocoasubrtf570
      {\fonttbl\f0\fswiss\fcharset0 Helvetica;}
      {\colortbl;\red255\green255\blue255;}
      {\*\expandedcolortbl;;}
      \pard\pardirnatural\partightenfactor0
      \cf0 \uc0\u1046 \u233 }
      """#
    #expect(rtf(body) == expected)
  }

  @Test("marker text for every list format", arguments: [
    (ListMarker.Format.disc, 3, "\u{2022}"), (.circle, 1, "\u{25E6}"), (.square, 1, "\u{25AA}"),
    (.hyphen, 1, "\u{2043}"), (.decimal, 12, "12."), (.lowerAlpha, 28, "ab."),
    (.upperAlpha, 3, "C."), (.lowerRoman, 14, "xiv."), (.upperRoman, 1999, "MCMXCIX."),
  ])
  func markerText(format: ListMarker.Format, number: Int, expected: String) {
    #expect(RTFListTable.markerText(format, number: number) == expected)
  }
}
