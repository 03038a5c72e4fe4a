import RichText

/// What the reader must find in one corpus file besides its text.
struct CorpusCase: Sendable, CustomStringConvertible {
  var name: String
  var skippedObjects = 0
  var codePage = 1252
  var cocoaVersion: Int?
  /// The kinds of warnings, in order.
  var warnings: [RTFWarning.Kind] = []
  var probes: [Probe] = []

  var description: String { name }

  /// One fact about the text.
  enum Probe: Sendable {
    /// The run containing the fragment has this attribute.
    case run(String, RunFact)
    /// The paragraph containing the fragment has this style.
    case paragraph(String, ParagraphFact)
    /// The document attributes hold this control.
    case documentControl(String, Int?)
  }

  enum RunFact: Sendable {
    case bold, italic, plain
    case underline(LineStyle), strikethrough(LineStyle)
    case foreground(Color), background(Color)
    case link(String), noLink
    case font(String), size(Double)
    case vertical(VerticalPosition)
    case unknown(String, Int?)
  }

  enum ParagraphFact: Sendable {
    case list(ListMarker.Format, level: Int), noList
    case alignment(Alignment)
    case indents(first: Int, left: Int, right: Int)
    case spacing(before: Int, after: Int)
    case tabStops([TabStop])
    case unknown(String, Int?)
  }
}

private func rgb(_ red: UInt8, _ green: UInt8, _ blue: UInt8) -> Color {
  Color(red: red, green: green, blue: blue)
}

extension CorpusCase {
  /// Every corpus file's expectations; a corpus test checks that this table and
  /// the folder list the same files.
  static let all: [CorpusCase] = [
    CorpusCase(
      name: "arabic-1256-rtl", codePage: 1256,
      probes: [.paragraph("مرحبا", .alignment(.right)), .paragraph("مرحبا", .unknown("rtlpar", nil))]),
    CorpusCase(name: "broken-bin-overrun", skippedObjects: 1, warnings: [.truncatedBinary, .unclosedGroups(2)]),
    CorpusCase(
      name: "broken-garbage",
      warnings: [
        .invalidHex, .invalidHex, .parameterOutOfRange, .controlWordTooLong, .parameterOutOfRange,
        .parameterOutOfRange, .invalidHex, .unclosedGroups(1),
      ],
      probes: [.run("size", .size(1_073_741_823.5))]),
    CorpusCase(
      name: "broken-tables", warnings: [.unknownCodePage(0)],
      probes: [
        .run("Unknown code page", .foreground(rgb(255, 0, 128))),
        .run("an undefined font", .font("Arial")),
        .paragraph("undefined list", .noList),
      ]),
    CorpusCase(name: "broken-truncated", cocoaVersion: 2822, warnings: [.unclosedGroups(2)], probes: [.run("ing, in", .bold)]),
    CorpusCase(name: "broken-unbalanced", warnings: [.textAfterEnd]),
    CorpusCase(name: "cjk-big5-950-font", probes: [.run("會議", .font("PMingLiU"))]),
    CorpusCase(name: "cjk-korean-949", codePage: 949),
    CorpusCase(name: "cjk-shift-jis-932", codePage: 932, probes: [.run("Latin in Arial", .font("Arial"))]),
    CorpusCase(
      name: "cocoa-attachment-nextgraphic", skippedObjects: 3, cocoaVersion: 2822,
      probes: [.documentControl("paperw", 11900), .documentControl("viewkind", 0)]),
    CorpusCase(
      name: "cocoa-cp1251-russian", codePage: 1251, cocoaVersion: 2709,
      probes: [.run("Привет", .font("PTSans-Regular")), .run("Latin text", .font("Helvetica"))]),
    CorpusCase(
      name: "cocoa-cp936-chinese", codePage: 936, cocoaVersion: 2761,
      probes: [.run("笔记", .font("PingFangSC-Regular")), .run("(sunny)", .font("Helvetica"))]),
    CorpusCase(
      name: "cocoa-formatting", cocoaVersion: 2822,
      probes: [
        .run("Plain", .font("Helvetica")), .run("Plain", .size(12)),
        .run("bold", .bold), .run("bold", .font("Helvetica-Bold")), .run("italic", .italic),
        .run("underlined", .underline(.single)), .run("double", .underline(.double)),
        .run("struck", .strikethrough(.single)), .run("Red text", .foreground(rgb(251, 2, 7))),
        .run("yellow background", .background(rgb(255, 251, 0))),
        .run("blue", .foreground(rgb(0, 0, 255))), .run("Big", .size(18)), .run("small", .size(9)),
        .run("2", .vertical(.subscript)), .run("Courier code", .font("Courier")),
        .run("Cocoa noise", .unknown("expndtw", 0)), .run("Cocoa noise", .unknown("strokec", 4)),
        .run("Cocoa noise", .unknown("outl", 0)),
      ]),
    CorpusCase(
      name: "cocoa-links", cocoaVersion: 2822,
      probes: [
        .run("the Swift docs", .link("https://www.swift.org/documentation/")),
        .run("the Swift docs", .underline(.single)),
        .run("the Swift docs", .foreground(rgb(0, 0, 233))),
        .run("See ", .noLink), .run(" for details", .noLink),
        .run("bold", .link("https://example.com/a?b=1&c=2")), .run("bold", .bold),
        .run(" inside", .link("https://example.com/a?b=1&c=2")),
        .run("example.org", .link("example.org")),
        .run("someone@", .link("mailto:someone@example.com")),
      ]),
    CorpusCase(
      name: "cocoa-lists", cocoaVersion: 2822,
      probes: [
        .paragraph("Packing", .noList), .paragraph("Passport", .list(.disc, level: 0)),
        .paragraph("Phone", .list(.hyphen, level: 1)),
        .paragraph("Book the train", .list(.decimal, level: 0)),
        .paragraph("Compare prices", .list(.lowerAlpha, level: 1)),
        .paragraph("Passport", .indents(first: -720, left: 720, right: 0)),
      ]),
    CorpusCase(
      name: "cocoa-mac-roman-824", codePage: 10000, cocoaVersion: 824,
      probes: [.paragraph("Bullet", .alignment(.natural))]),
    CorpusCase(
      name: "cocoa-paragraph-styles", cocoaVersion: 2822,
      probes: [
        .paragraph("Centered title", .alignment(.center)),
        .paragraph("Right aligned", .alignment(.right)),
        .paragraph("Justified", .alignment(.justified)),
        .paragraph("Justified", .spacing(before: 240, after: 120)),
        .paragraph("Justified", .unknown("slmult", 1)), .paragraph("Justified", .unknown("sl", 360)),
        .paragraph(
          "Name",
          .tabStops([
            TabStop(position: 1440), TabStop(position: 4320, kind: .center),
            TabStop(position: 6000, kind: .decimal), TabStop(position: 8640, kind: .right),
          ])),
        .paragraph("Name", .indents(first: -360, left: 360, right: 720)),
        .paragraph("Times with", .unknown("keepn", nil)),
        .paragraph("Times with", .unknown("slleading", 120)),
        .paragraph("Natural again", .alignment(.natural)),
        .run("Times with", .font("Times-Roman")), .documentControl("deftab", 720),
      ]),
    CorpusCase(
      name: "cocoa-plain-paragraphs", cocoaVersion: 2822,
      probes: [
        .run("Milk", .font("Helvetica")), .documentControl("paperh", 16840),
        .documentControl("cocoatextscaling", 0), .documentControl("cocoaplatform", 0),
        .paragraph("Milk", .tabStops((1...12).map { TabStop(position: $0 * 720) })),
      ]),
    CorpusCase(name: "cocoa-table", cocoaVersion: 2822),
    CorpusCase(name: "cocoa-unicode-uc0", cocoaVersion: 2822),
    CorpusCase(name: "cyrillic-word-1251", codePage: 1251, probes: [.run("Второй", .font("Arial CYR"))]),
    CorpusCase(name: "dos-pc-437", codePage: 437),
    CorpusCase(name: "dos-pca-850", codePage: 850),
    CorpusCase(
      name: "emoji-surrogates", cocoaVersion: 2822, warnings: [.unpairedSurrogate, .unpairedSurrogate],
      probes: [.run("👍🏽", .font("AppleColorEmoji"))]),
    CorpusCase(
      name: "lo-formatting",
      probes: [
        .run("bold", .bold), .run("italic", .italic), .run("underlined", .underline(.single)),
        .run("struck", .strikethrough(.single)), .run("Red", .foreground(rgb(192, 0, 0))),
        .run("highlighted", .background(rgb(255, 255, 0))),
        .run("the LibreOffice site", .link("https://www.libreoffice.org/")),
        .run("write to us", .link("mailto:team@example.com")),
        .run("2", .vertical(.subscript)),
        .paragraph("Centered paragraph", .alignment(.center)),
        .paragraph("Right aligned", .alignment(.right)),
      ]),
    CorpusCase(
      name: "cocoa-lists-continued", cocoaVersion: 2822,
      probes: [.paragraph("Cheese", .list(.decimal, level: 0)), .paragraph("Then", .noList)]),
    CorpusCase(
      name: "cocoa-list-start-at-7", cocoaVersion: 2822,
      probes: [.paragraph("Seventh step", .list(.decimal, level: 0)), .paragraph("The end.", .noList)]),
    CorpusCase(
      name: "lo-lists",
      probes: [
        .paragraph("Water the plants", .list(.disc, level: 0)),
        .paragraph("Ask about fees", .list(.disc, level: 1)),
        .paragraph("First step", .list(.decimal, level: 0)), .paragraph("Done.", .noList),
      ]),
    CorpusCase(
      name: "lo-list-in-table",
      probes: [.paragraph("After", .list(.decimal, level: 0)), .paragraph("End", .noList)]),
    CorpusCase(name: "lo-scripts"),
    CorpusCase(name: "lo-table"),
    CorpusCase(name: "lo-one-word-cells"),
    CorpusCase(
      name: "lo-list-follow",
      probes: [.paragraph("First bare item", .list(.decimal, level: 0)), .paragraph("The end.", .noList)]),
    CorpusCase(
      name: "mixed-charsets-per-font",
      probes: [.run("Ελληνικά", .font("Font1")), .run("ภาษาไทย", .font("Font2"))]),
    CorpusCase(
      name: "word-bin-picture", skippedObjects: 1, probes: [.run("still here", .font("Arial"))]),
    CorpusCase(
      name: "word-fields-stylesheet", warnings: [.parameterOutOfRange],
      probes: [
        .run("intranet", .link("https://intranet.example.com/agenda")),
        .run("intranet", .underline(.single)), .run("intranet", .foreground(rgb(5, 99, 193))),
        .run("Budget", .link("#_Budget")), .run(", see the section", .noLink),
        .run("Meeting notes", .bold), .run("Meeting notes", .size(16)),
        .paragraph("Meeting notes", .alignment(.center)),
        .documentControl("margt", 1440), .documentControl("viewkind", 1),
      ]),
    CorpusCase(name: "word-headers-footnotes", probes: [.run("Chapter one", .bold)]),
    CorpusCase(
      name: "word-legacy-pn",
      probes: [
        .paragraph("Bulleted one", .list(.disc, level: 0)),
        .paragraph("Bulleted two", .list(.disc, level: 0)),
        .paragraph("Numbered one", .list(.decimal, level: 0)), .paragraph("Done.", .noList),
      ]),
    CorpusCase(
      name: "word-lists",
      probes: [
        .paragraph("First", .list(.decimal, level: 0)),
        .paragraph("Nested letter", .list(.lowerAlpha, level: 1)),
        .paragraph("Nested roman", .list(.lowerRoman, level: 2)),
        .paragraph("Dot", .list(.disc, level: 0)), .paragraph("Circle", .list(.circle, level: 1)),
        .paragraph("Square", .list(.square, level: 2)),
        .paragraph("Upper roman", .list(.upperRoman, level: 0)),
        .paragraph("Upper letter", .list(.upperAlpha, level: 0)),
        .paragraph("After the lists", .noList),
      ]),
    CorpusCase(
      name: "word-legacy-pn-text",
      probes: [.paragraph("Mix the flour", .list(.decimal, level: 0)), .paragraph("Enjoy.", .noList)]),
    CorpusCase(
      name: "word-legacy-pn-bare",
      probes: [.paragraph("Alpha", .list(.decimal, level: 0)), .paragraph("Done.", .noList)]),
    CorpusCase(
      name: "word-legacy-pn-ls",
      probes: [.paragraph("First", .noList), .paragraph("Apples", .list(.disc, level: 0))]),
    CorpusCase(
      name: "word-list-in-table",
      probes: [.paragraph("Tidy up", .list(.decimal, level: 0)), .paragraph("Rest", .list(.decimal, level: 0))]),
    CorpusCase(
      name: "word-list-override-startat",
      probes: [.paragraph("Budget", .list(.decimal, level: 0)), .paragraph("End.", .noList)]),
    CorpusCase(
      name: "word-lists-continued",
      probes: [
        .paragraph("Open the door", .list(.decimal, level: 0)),
        .paragraph("Quietly", .list(.lowerAlpha, level: 1)), .paragraph("Done.", .noList),
      ]),
    CorpusCase(name: "word-nested-table"),
    CorpusCase(name: "word-shppict-object", skippedObjects: 3),
    CorpusCase(name: "word-table"),
    CorpusCase(name: "word-unicode-fallbacks", probes: [.run("Dashes", .font("Times New Roman"))]),
    CorpusCase(
      name: "wordpad-basic",
      probes: [
        .run("bold", .bold), .run("Red", .foreground(rgb(255, 0, 0))),
        .run("green", .foreground(rgb(0, 176, 80))), .run("highlighted", .background(rgb(255, 0, 0))),
        .run("Struck", .strikethrough(.single)), .run("sup", .vertical(.superscript)),
        .paragraph("Centered.", .alignment(.center)), .paragraph("WordPad note", .spacing(before: 0, after: 200)),
        .paragraph("WordPad note", .unknown("slmult", 1)), .documentControl("viewkind", 4),
      ]),
    CorpusCase(
      name: "wordpad-bullets",
      probes: [
        .paragraph("Apples", .list(.disc, level: 0)), .paragraph("Wake up", .list(.decimal, level: 0)),
        .paragraph("Groceries", .noList),
      ]),
  ]
}
