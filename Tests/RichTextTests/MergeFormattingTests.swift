import Foundation
import Testing

@testable import RichText

/// The three-way merge of formatting: per attribute, with Peritext's rules for text
/// inserted next to or inside reformatted words, and the newer side winning clashes.
@Suite("Three-way merge: formatting")
struct MergeFormattingTests {
  static let bold = CharacterAttributes(isBold: true)
  static let link = CharacterAttributes(link: "https://example.com")
  static let base = MergeFixture.body("the quick brown fox", with: CharacterAttributes())

  typealias Runs = [(String, CharacterAttributes)]

  func expectRuns(_ result: MergeResult, _ expected: Runs, sourceLocation: SourceLocation = #_sourceLocation) {
    guard case .clean(let body) = result else {
      Issue.record("expected a clean merge, got \(result.text.plainText)", sourceLocation: sourceLocation)
      return
    }
    let runs = MergeFixture.runs(body)
    #expect(runs.map(\.0) == expected.map(\.0), sourceLocation: sourceLocation)
    #expect(runs.map(\.1) == expected.map(\.1), sourceLocation: sourceLocation)
  }

  @Test("a format change and a text edit elsewhere both survive")
  func formatAndText() {
    let mine = MergeFixture.body("the quick brown fox", formatting: ["quick"], with: Self.bold)
    let theirs = MergeFixture.body("the quick brown cat", with: CharacterAttributes())
    expectRuns(MergeFixture.merge(Self.base, mine, theirs), [("the ", .init()), ("quick", Self.bold), (" brown cat", .init())])
  }

  @Test("formatting of words the other side deleted goes with them")
  func formatOnDeletedWords() {
    let mine = MergeFixture.body("the quick brown fox", formatting: ["brown"], with: Self.bold)
    let theirs = MergeFixture.body("the quick fox", with: CharacterAttributes())
    expectRuns(MergeFixture.merge(Self.base, mine, theirs), [("the quick fox", .init())])
  }

  @Test("words inserted inside a reformatted stretch take its formatting")
  func insertionInsideSpan() {
    var mine = Self.base
    mine.replaceParagraph(
      at: 0, with: Paragraph(runs: [.init(text: "the "), .init(text: "quick brown", attributes: Self.bold), .init(text: " fox")]))
    let theirs = MergeFixture.body("the quick very brown fox", with: CharacterAttributes())
    expectRuns(MergeFixture.merge(Self.base, mine, theirs),
               [("the ", .init()), ("quick very brown", Self.bold), (" fox", .init())])
  }

  @Test("text typed right after a bold word grows the bold; right before it does not")
  func expandAtEndOnly() {
    let mine = MergeFixture.body("the quick brown fox", formatting: ["brown"], with: Self.bold)
    let after = MergeFixture.body("the quick brown! fox", with: CharacterAttributes())
    expectRuns(MergeFixture.merge(Self.base, mine, after),
               [("the quick ", .init()), ("brown!", Self.bold), (" fox", .init())])
    let before = MergeFixture.body("the quick ¡brown fox", with: CharacterAttributes())
    expectRuns(MergeFixture.merge(Self.base, mine, before),
               [("the quick ¡", .init()), ("brown", Self.bold), (" fox", .init())])
  }

  @Test("links do not grow at their end, but cover text inserted inside them")
  func linksDoNotExpand() {
    let mine = MergeFixture.body("the quick brown fox", formatting: ["brown"], with: Self.link)
    let after = MergeFixture.body("the quick brown! fox", with: CharacterAttributes())
    expectRuns(MergeFixture.merge(Self.base, mine, after),
               [("the quick ", .init()), ("brown", Self.link), ("! fox", .init())])
    var spanning = Self.base
    spanning.replaceParagraph(
      at: 0, with: Paragraph(runs: [.init(text: "the "), .init(text: "quick brown", attributes: Self.link), .init(text: " fox")]))
    let inside = MergeFixture.body("the quick very brown fox", with: CharacterAttributes())
    expectRuns(MergeFixture.merge(Self.base, spanning, inside),
               [("the ", .init()), ("quick very brown", Self.link), (" fox", .init())])
  }

  @Test("different attributes changed on the same word combine")
  func boldAndItalic() {
    let mine = MergeFixture.body("the quick brown fox", formatting: ["quick"], with: Self.bold)
    let theirs = MergeFixture.body("the quick brown fox", formatting: ["quick"], with: CharacterAttributes(isItalic: true))
    expectRuns(MergeFixture.merge(Self.base, mine, theirs),
               [("the ", .init()), ("quick", CharacterAttributes(isBold: true, isItalic: true)), (" brown fox", .init())])
  }

  @Test("a clash goes to the newer side, whichever side is mine")
  func clashNewerWins() {
    let red = CharacterAttributes(foregroundColor: Color(red: 255, green: 0, blue: 0))
    let blue = CharacterAttributes(foregroundColor: Color(red: 0, green: 0, blue: 255))
    let green = CharacterAttributes(foregroundColor: Color(red: 0, green: 255, blue: 0))
    let base = MergeFixture.body("the quick fox", formatting: ["quick"], with: red)
    let laptop = MergeFixture.body("the quick fox", formatting: ["quick"], with: blue)
    let phone = MergeFixture.body("the quick fox", formatting: ["quick"], with: green)
    let expected: Runs = [("the ", .init()), ("quick", green), (" fox", .init())]
    expectRuns(MergeFixture.merge(base, laptop, phone), expected)
    expectRuns(
      ThreeWayMerge(base: base, mine: phone, theirs: laptop, mineInfo: MergeFixture.phone,
                    theirInfo: MergeFixture.laptop).merge(), expected)
    let sameTime = MergeSideInfo(label: "zebra", date: MergeFixture.laptop.date)
    expectRuns(
      ThreeWayMerge(base: base, mine: laptop, theirs: phone, mineInfo: MergeFixture.laptop,
                    theirInfo: sameTime).merge(), [("the ", .init()), ("quick", green), (" fox", .init())])
  }

  @Test("paragraph styles merge per field, with the text edits")
  func paragraphStyles() throws {
    let base = AttributedText(plainText: "one two three\nsecond")
    var mine = AttributedText(plainText: "one two three\nsecond")
    var centered = mine.paragraphs[0]
    centered.style.alignment = .center
    mine.replaceParagraph(at: 0, with: centered)
    var theirs = AttributedText(plainText: "one 2 three\nsecond")
    var indented = theirs.paragraphs[0]
    indented.style.leftIndent = 720
    theirs.replaceParagraph(at: 0, with: indented)
    let result = MergeFixture.merge(base, mine, theirs)
    #expect(result.text.plainText == "one 2 three\nsecond")
    #expect(result.text.paragraphs[0].style == ParagraphStyle(alignment: .center, leftIndent: 720))
    #expect(result.text.paragraphs[1].style == ParagraphStyle())
  }

  @Test("a split paragraph keeps the style the other side gave the paragraph")
  func splitTakesStyle() {
    let base = AttributedText(plainText: "first half second half")
    let mine = AttributedText(plainText: "first half\nsecond half")
    let theirs = AttributedText(plainText: "first half second half", style: ParagraphStyle(alignment: .center))
    let result = MergeFixture.merge(base, mine, theirs)
    #expect(result.text.plainText == "first half\nsecond half")
    #expect(result.text.paragraphs.map(\.style.alignment) == [.center, .center])
  }

  @Test("document attributes merge per field, the Cocoa version is the larger")
  func documentAttributes() {
    let base = AttributedText(
      plainText: "a", document: DocumentAttributes(cocoaVersion: 2511, controls: [.init(name: "paperw", parameter: 100)]))
    let mine = AttributedText(
      plainText: "a", document: DocumentAttributes(cocoaVersion: 2822, controls: [.init(name: "paperw", parameter: 200)]))
    let theirs = AttributedText(
      plainText: "b",
      document: DocumentAttributes(
        cocoaVersion: 2511, codePage: 1251,
        controls: [.init(name: "paperw", parameter: 100), .init(name: "vieww", parameter: 9)]))
    let document = MergeFixture.merge(base, mine, theirs).text.document
    #expect(document.cocoaVersion == 2822)
    #expect(document.codePage == 1251)
    #expect(Set(document.controls) == [.init(name: "paperw", parameter: 200), .init(name: "vieww", parameter: 9)])
  }
}
