import Testing

@testable import RichText

@Suite("Plain text projection")
struct PlainTextTests {
  static let bold = CharacterAttributes(isBold: true)
  static let italic = CharacterAttributes(isItalic: true)
  static let plain = CharacterAttributes()

  func paragraph(_ runs: (String, CharacterAttributes)..., style: ParagraphStyle = .init())
    -> Paragraph
  {
    Paragraph(runs: runs.map { TextRun(text: $0.0, attributes: $0.1) }, style: style)
  }

  @Test("plainText joins paragraphs with newlines and keeps tabs, separators and link text",
        arguments: [
    (AttributedText(), ""),
    (AttributedText(plainText: "a\nb"), "a\nb"),
    (AttributedText(plainText: "a\n"), "a\n"),
    (AttributedText(plainText: "\n\n"), "\n\n"),
    (AttributedText(plainText: "x\ty\u{2028}z 😀"), "x\ty\u{2028}z 😀"),
    (AttributedText(paragraphs: [Paragraph(runs: [
      TextRun(text: "see "), TextRun(text: "site", attributes: CharacterAttributes(link: "a.b")),
    ])]), "see site"),
  ])
  func plainText(body: AttributedText, expected: String) {
    #expect(body.plainText == expected)
  }

  @Test("applying a body's own plain text gives the body back", arguments: [
    "", "one", "one two\nthree", "\n", "a\n\nb\n", "tab\there\u{2028}next 日本 😀👍🏽",
  ])
  func identity(text: String) {
    var body = AttributedText(plainText: text, attributes: Self.italic)
    body.replaceParagraph(at: 0, with: paragraph(("lead ", Self.bold), ("x", Self.plain)))
    #expect(body.applyingPlainText(body.plainText) == body)
  }

  @Test("a bold word stays bold when another word is edited; the replacement takes the replaced word's format")
  func untouchedWordsKeepFormatting() {
    let body = AttributedText(paragraphs: [
      paragraph(("The ", Self.plain), ("quick", Self.bold), (" brown fox", Self.plain))
    ])
    let edited = body.applyingPlainText("The quick red fox")
    #expect(edited.paragraphs[0].runs == [
      TextRun(text: "The ", attributes: Self.plain), TextRun(text: "quick", attributes: Self.bold),
      TextRun(text: " red fox", attributes: Self.plain),
    ])
  }

  @Test("an inserted word takes the formatting of the word before it")
  func insertedWordTakesPreviousWord() {
    let body = AttributedText(paragraphs: [paragraph(("Hello ", Self.plain), ("world", Self.bold))])
    let edited = body.applyingPlainText("Hello world again")
    #expect(edited.paragraphs[0].runs == [
      TextRun(text: "Hello ", attributes: Self.plain),
      TextRun(text: "world again", attributes: Self.bold),
    ])
  }

  @Test("a word inserted at the start of a paragraph takes the formatting of the word after")
  func insertedAtStartTakesNextWord() {
    let body = AttributedText(paragraphs: [paragraph(("Title", Self.bold), (" rest", Self.plain))])
    let edited = body.applyingPlainText("New Title rest")
    #expect(edited.paragraphs[0].runs == [
      TextRun(text: "New Title", attributes: Self.bold),
      TextRun(text: " rest", attributes: Self.plain),
    ])
  }

  @Test("deleted words go with their formatting")
  func deletedWordsGo() {
    let body = AttributedText(paragraphs: [
      paragraph(("keep ", Self.plain), ("gone", Self.bold), (" end", Self.italic))
    ])
    let edited = body.applyingPlainText("keep end")
    #expect(edited.plainText == "keep end")
    #expect(edited.paragraphs[0].runs.allSatisfy { !$0.attributes.isBold })
    #expect(edited.paragraphs[0].runs.last == TextRun(text: "end", attributes: Self.italic))
  }

  @Test("typing inside a link extends it; typing after it does not")
  func links() {
    let link = CharacterAttributes(link: "https://a.b")
    let body = AttributedText(paragraphs: [
      paragraph(("read ", Self.plain), ("the docs", link), (" now", Self.plain))
    ])
    let inside = body.applyingPlainText("read the new docs now")
    #expect(inside.paragraphs[0].runs[1] == TextRun(text: "the new docs", attributes: link))
    let after = body.applyingPlainText("read the docs today now")
    #expect(after.paragraphs[0].runs[1] == TextRun(text: "the docs", attributes: link))
    #expect(after.paragraphs[0].runs[2].attributes.link == nil)
  }

  @Test("split and new paragraphs take the style of the paragraph they came from")
  func paragraphInsert() {
    let centered = ParagraphStyle(alignment: .center)
    let list = ParagraphStyle(list: ListMarker(format: .disc))
    let body = AttributedText(paragraphs: [
      paragraph(("Title here", Self.bold), style: centered),
      paragraph(("item one", Self.plain), style: list),
    ])
    // A list item's line starts with its marker (`notes show` prints it); a new line
    // typed with a marker is an item, one without is not.
    let edited = body.applyingPlainText("Title\nhere\n\u{2022}\titem one\n\u{2022}\titem two")
    #expect(edited.paragraphs.map(\.style) == [centered, centered, list, list])
    let unmarked = body.applyingPlainText("Title here\n\u{2022}\titem one\nafter")
    #expect(unmarked.paragraphs.map(\.style.list) == [nil, list.list, nil])
    #expect(edited.paragraphs.map(\.text) == ["Title", "here", "item one", "item two"])
    #expect(edited.paragraphs[1].runs == [TextRun(text: "here", attributes: Self.bold)])
    #expect(edited.paragraphs[3].runs == [TextRun(text: "item two", attributes: Self.plain)])
  }

  @Test("a paragraph typed between two keeps the style of the one before it")
  func paragraphTypedBetween() {
    let first = ParagraphStyle(alignment: .right)
    let second = ParagraphStyle(alignment: .center)
    let body = AttributedText(paragraphs: [
      paragraph(("A", Self.plain), style: first), paragraph(("B", Self.plain), style: second),
    ])
    let edited = body.applyingPlainText("A\nX\nB")
    #expect(edited.paragraphs.map(\.style) == [first, first, second])
  }

  @Test("deleting a paragraph keeps the others' styles; joining keeps the first")
  func paragraphDelete() {
    let styles = [ParagraphStyle(alignment: .right), ParagraphStyle(alignment: .center),
                  ParagraphStyle(alignment: .justified)]
    let body = AttributedText(paragraphs: zip(["one", "two", "three"], styles).map {
      Paragraph(text: $0.0, style: $0.1)
    })
    let deleted = body.applyingPlainText("one\nthree")
    #expect(deleted.paragraphs.map(\.style) == [styles[0], styles[2]])
    let joined = body.applyingPlainText("one two\nthree")
    #expect(joined.paragraphs.map(\.style) == [styles[0], styles[2]])
  }

  @Test("unicode and emoji edits keep the surrounding formatting")
  func unicode() {
    let body = AttributedText(paragraphs: [
      paragraph(("日本語", Self.bold), (" and 😀 ok", Self.plain))
    ])
    let edited = body.applyingPlainText("日本人語 and 😀👍🏽 ok\r\nnew")
    #expect(edited.plainText == "日本人語 and 😀👍🏽 ok\nnew")
    #expect(edited.paragraphs[0].runs[0] == TextRun(text: "日本人語", attributes: Self.bold))
    #expect(edited.paragraphs[0].runs[1].attributes == Self.plain)
  }

  @Test("document attributes are kept")
  func documentKept() {
    let body = AttributedText(
      plainText: "a", document: DocumentAttributes(cocoaVersion: 2511, codePage: 1252))
    #expect(body.applyingPlainText("b").document == body.document)
  }
}
