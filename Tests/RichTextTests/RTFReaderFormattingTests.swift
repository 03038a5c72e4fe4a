import RichText
import Testing

@Suite("RTF reader: formatting and document attributes")
struct RTFReaderFormattingTests {
  private let header = #"{\rtf1\ansi{\fonttbl\f0\fswiss\fcharset0 Helvetica;\f1\fmodern\fcharset0 Courier;}{\colortbl;\red255\green0\blue0;\red0\green0\blue255;}"#

  private func attributes(_ body: String, of fragment: String) throws -> CharacterAttributes {
    let text = try read(header + body + "}").text
    return try #require(text.run(containing: fragment)).attributes
  }

  private func style(_ body: String, of fragment: String) throws -> ParagraphStyle {
    let text = try read(header + body + "}").text
    return try #require(text.paragraph(containing: fragment)).style
  }

  @Test("fonts are kept by value, sizes in points")
  func fontsAndSizes() throws {
    let attributes = try attributes(#"\f1\fs27 x"#, of: "x")
    #expect(attributes.font == Font(name: "Courier", family: .modern, charset: 0))
    #expect(attributes.fontSize == 13.5)
    #expect(try self.attributes(#"\fs27\fsmilli13600 x"#, of: "x").fontSize == 13.6)
    #expect(try self.attributes(#"x"#, of: "x").font == nil)
  }

  @Test("an undefined font falls back to \\deff")
  func undefinedFont() throws {
    let text = try read(#"{\rtf1\deff1{\fonttbl{\f1 Menlo;}}\f9 x}"#).text
    #expect(text.run(containing: "x")?.attributes.font?.name == "Menlo")
  }

  struct ToggleCase: Sendable, CustomStringConvertible {
    var rtf: String
    var check: @Sendable (CharacterAttributes) -> Bool
    var description: String { rtf }
  }

  static let toggles: [ToggleCase] = [
    ToggleCase(rtf: #"\b x"#) { $0.isBold },
    ToggleCase(rtf: #"\b\b0 x"#) { !$0.isBold },
    ToggleCase(rtf: #"\i1 x"#) { $0.isItalic },
    ToggleCase(rtf: #"\ul x"#) { $0.underline == .single },
    ToggleCase(rtf: #"\ul\ul0 x"#) { $0.underline == nil },
    ToggleCase(rtf: #"\uldb x"#) { $0.underline == .double },
    ToggleCase(rtf: #"\ulth x"#) { $0.underline == .thick },
    ToggleCase(rtf: #"\uld x"#) { $0.underline == .dotted },
    ToggleCase(rtf: #"\uldash x"#) { $0.underline == .dashed },
    ToggleCase(rtf: #"\ulwave x"#) { $0.underline == .wavy },
    ToggleCase(rtf: #"\ul\ulnone x"#) { $0.underline == nil },
    ToggleCase(rtf: #"\ul\ulstyle9 x"#) { $0.underline == .double },
    ToggleCase(rtf: #"\strike x"#) { $0.strikethrough == .single },
    ToggleCase(rtf: #"\striked1 x"#) { $0.strikethrough == .double },
    ToggleCase(rtf: #"\striked1\striked0 x"#) { $0.strikethrough == nil },
    ToggleCase(rtf: #"\strike\strike0 x"#) { $0.strikethrough == nil },
    ToggleCase(rtf: #"\cf1 x"#) { $0.foregroundColor == Color(red: 255, green: 0, blue: 0) },
    ToggleCase(rtf: #"\cf1\cf0 x"#) { $0.foregroundColor == nil },
    ToggleCase(rtf: #"\cb2 x"#) { $0.backgroundColor == Color(red: 0, green: 0, blue: 255) },
    ToggleCase(rtf: #"\highlight1 x"#) { $0.backgroundColor == Color(red: 255, green: 0, blue: 0) },
    ToggleCase(rtf: #"\cf9 x"#) { $0.foregroundColor == nil },
    ToggleCase(rtf: #"\super x"#) { $0.verticalPosition == .superscript },
    ToggleCase(rtf: #"\sub x"#) { $0.verticalPosition == .subscript },
    ToggleCase(rtf: #"\super\nosupersub x"#) { $0.verticalPosition == nil },
    ToggleCase(rtf: #"\up6 x"#) { $0.verticalPosition == .superscript },
    ToggleCase(rtf: #"\b\i\ul\cf1\super\f1\fs30\expnd2\plain x"#) { $0 == CharacterAttributes() },
    ToggleCase(rtf: #"{\b y}x"#) { !$0.isBold },
  ]

  @Test("character controls set and reset attributes", arguments: toggles)
  func characterControls(_ toggle: ToggleCase) throws {
    #expect(toggle.check(try attributes(toggle.rtf, of: "x")))
  }

  @Test("whitelisted Cocoa character controls are kept as opaque controls, Word noise is not")
  func opaqueCharacterControls() throws {
    let attributes = try attributes(
      #"\expnd0\expndtw0\kerning1\outl0\strokewidth-40\strokec2\CocoaLigature0\shad\obliqueness100\expansion5\caps\scaps\rsid1\insrsid2\lang1033\loch\hich\dbch\af3\cgrid x"#,
      of: "x")
    #expect(
      attributes.unknown.map(\.rtf).sorted() == [
        "\\CocoaLigature0", "\\caps", "\\expansion5", "\\expnd0", "\\expndtw0", "\\kerning1",
        "\\obliqueness100", "\\outl0", "\\scaps", "\\shad", "\\strokec2", "\\strokewidth-40",
      ])
  }

  @Test("hyperlink fields set the link on their result, with the result's formatting")
  func hyperlinks() throws {
    let text = try read(
      header + #"a {\field{\*\fldinst{HYPERLINK "https://x.org/?q=1" \\o "tip"}}{\fldrslt \cf2 \ul link {\b bold}}} b}"#
    ).text
    let link = try #require(text.run(containing: "link"))
    #expect(link.attributes.link == "https://x.org/?q=1")
    #expect(link.attributes.underline == .single)
    #expect(text.run(containing: "bold")?.attributes.link == "https://x.org/?q=1")
    #expect(text.run(containing: "bold")?.attributes.isBold == true)
    #expect(text.run(containing: " b")?.attributes.link == nil)
  }

  @Test("HYPERLINK instructions: URL, \\l anchor, bare words", arguments: [
    (#"HYPERLINK "https://a.b""#, "https://a.b"),
    (#" HYPERLINK \\l "_Toc1" "#, "#_Toc1"),
    (#"HYPERLINK "https://a.b" \\l "part""#, "https://a.b#part"),
    (#"hyperlink https://bare.example"#, "https://bare.example"),
  ])
  func hyperlinkInstructions(_ instruction: String, _ target: String) throws {
    let text = try read(#"{\rtf1{\field{\*\fldinst "# + instruction + #"}{\fldrslt x}}}"#).text
    #expect(text.run(containing: "x")?.attributes.link == target)
  }

  @Test("paragraph controls map to the paragraph style; \\pard resets it")
  func paragraphControls() throws {
    let style = try style(#"\pard\qc\fi-360\li720\ri360\sb120\sa240\tqr\tx5000\tx1000\tqdec\tx3000\sl300\slmult1\keepn\rtlpar\pardeftab720 x\par\pard y"#, of: "x")
    #expect(style.alignment == .center)
    #expect([style.firstLineIndent, style.leftIndent, style.rightIndent] == [-360, 720, 360])
    #expect([style.spacingBefore, style.spacingAfter] == [120, 240])
    #expect(style.tabStops == [TabStop(position: 1000), TabStop(position: 3000, kind: .decimal), TabStop(position: 5000, kind: .right)])
    #expect(style.unknown.map(\.rtf).sorted() == ["\\keepn", "\\pardeftab720", "\\rtlpar", "\\sl300", "\\slmult1"])
    #expect(try self.style(#"\pard\qc x\par\pard y"#, of: "y") == ParagraphStyle())
  }

  @Test("alignment controls", arguments: [("ql", Alignment.left), ("qc", .center), ("qr", .right), ("qj", .justified), ("qnatural", .natural)])
  func alignment(_ control: String, _ alignment: Alignment) throws {
    #expect(try style("\\" + control + " x", of: "x").alignment == alignment)
  }

  @Test("list levels map \\levelnfc and Cocoa markers to list formats", arguments: [
    (#"\levelnfc0"#, ListMarker.Format.decimal), (#"\levelnfc1"#, .upperRoman), (#"\levelnfc2"#, .lowerRoman),
    (#"\levelnfc3"#, .upperAlpha), (#"\levelnfc4"#, .lowerAlpha), (#"\levelnfc23{\leveltext\'01\u8226 ;}"#, .disc),
    (#"\levelnfc23{\*\levelmarker \{circle\}}"#, .circle), (#"\levelnfc23{\*\levelmarker \{square\}}"#, .square),
    (#"\levelnfc23{\*\levelmarker \{hyphen\}}"#, .hyphen), (#"\levelnfc0{\*\levelmarker \{upper-roman\}.}"#, .upperRoman),
  ])
  func listFormats(_ level: String, _ format: ListMarker.Format) throws {
    let rtf = #"{\rtf1{\*\listtable{\list{\listlevel"# + level
      + #"}\listid7}}{\*\listoverridetable{\listoverride\listid7\listoverridecount0\ls1}}\pard\ls1\ilvl0 x\par\pard y}"#
    let text = try read(rtf).text
    #expect(text.paragraph(containing: "x")?.style.list == ListMarker(format: format, level: 0))
    #expect(text.paragraph(containing: "y")?.style.list == nil)
  }

  @Test("document header and controls are kept in file order")
  func documentAttributes() throws {
    let document = try read(
      #"{\rtf1\ansi\ansicpg1251\cocoartf2761\cocoasubrtf200 \cocoatextscaling0\cocoaplatform0\paperw11900\paperh16840\margl1440\margr1440\margt10\margb20\vieww11520\viewh8400\viewkind0\deftab720\readonlydoc1\hyphauto1\paperw12000 x}"#
    ).text.document
    #expect(document.cocoaVersion == 2761)
    #expect(document.cocoaSubversion == 200)
    #expect(document.codePage == 1251)
    #expect(
      document.controls.map(\.rtf) == [
        "\\cocoatextscaling0", "\\cocoaplatform0", "\\paperw12000", "\\paperh16840", "\\margl1440", "\\margr1440",
        "\\margt10", "\\margb20", "\\vieww11520", "\\viewh8400", "\\viewkind0", "\\deftab720", "\\readonlydoc1", "\\hyphauto1",
      ])
  }

  @Test("code page words set the document code page", arguments: [
    (#"\ansi"#, 1252), (#"\mac"#, 10000), (#"\pc"#, 437), (#"\pca"#, 850), (#"\ansi\ansicpg1250"#, 1250), (#"\ansicpg932"#, 932), ("", 1252),
  ])
  func codePages(_ words: String, _ codePage: Int) throws {
    #expect(try read(#"{\rtf1"# + words + " x}").text.document.codePage == codePage)
  }
}
