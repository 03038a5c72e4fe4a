import Foundation
import Testing

@testable import RichText

/// `\levelfollow`: what follows a list marker (0 a tab, 1 a space, 2 nothing). The
/// reader keeps it on the level's marker, `plainText` shows a tab or, for a space or
/// nothing, a space (LibreOffice's text export shows a space for both), an edit keeps
/// it, and the writer writes it back. `lo-list-follow` is LibreOffice's RTF of such
/// lists (see `ListMarkersLibreOfficeTests` for its text against LibreOffice's).
@Suite("List markers followed by a space or nothing")
struct ListFollowTests {
  static let shown = """
    Numbers followed by a space:
    1. First space item
    2. Second space item
    Numbers followed by nothing:
    1) First bare item
    2) Second bare item
    Bullets followed by a space:
    • Space bullet
    Bullets followed by nothing:
    • Bare bullet
    Numbers followed by a tab:
    1.\tTab item
    The end.

    """

  static func body() throws -> AttributedText {
    try RTFReader().read(Corpus.rtf("lo-list-follow")).text
  }

  static func follows(_ body: AttributedText) -> [ListMarker.Follow?] {
    body.paragraphs.map { $0.style.list?.follow }
  }

  static let expectedFollows: [ListMarker.Follow?] = [
    nil, .space, .space, nil, .nothing, .nothing, nil, .space, nil, .nothing, nil, .tab, nil, nil,
  ]

  @Test("the reader keeps each level's \\levelfollow; plainText shows a space after the marker for a space or nothing")
  func read() throws {
    let body = try Self.body()
    #expect(body.plainText == Self.shown)
    #expect(Self.follows(body) == Self.expectedFollows)
  }

  @Test("show's text applied back changes nothing; an item's text edited keeps its list and what follows its marker, spliced and written whole")
  func edited() throws {
    let body = try Self.body()
    #expect(body.applyingPlainText(Self.shown) == body)
    let typed = Self.shown.replacingOccurrences(of: "Second space item", with: "Second space entry")
      .replacingOccurrences(of: "First bare item", with: "First bare entry")
      .replacingOccurrences(of: "Bare bullet", with: "Bare dot")
    let edited = body.applyingPlainText(typed)
    #expect(edited.plainText == typed)
    #expect(Self.follows(edited) == Self.expectedFollows)
    #expect(edited.paragraphs.map(\.style) == body.paragraphs.map(\.style))
    for (path, written) in [("splice", RTFWriter().write(edited)), ("whole", RTFWriter().write(edited.forgettingSource()))] {
      let reread = try RTFReader().read(written).text
      #expect(reread.plainText == typed, "\(path)")
      #expect(Self.follows(reread) == Self.expectedFollows, "\(path)")
      let rtf = String(decoding: written, as: UTF8.self)
      #expect(rtf.contains("\\levelfollow1") && rtf.contains("\\levelfollow2"), "\(path)")
    }
  }

  @Test("a space-followed item whose marker is deleted leaves its list; without tabs in the text the markers are still read")
  func markerDeleted() throws {
    let body = try Self.body()
    let typed = Self.shown.replacingOccurrences(of: "1. First space item", with: "First space item")
      .replacingOccurrences(of: "1.\tTab item", with: "Tab item")
    #expect(!typed.contains("\t"))
    let edited = body.applyingPlainText(typed)
    #expect(edited.plainText == typed.replacingOccurrences(of: "2. Second", with: "1. Second"))
    var follows = Self.expectedFollows
    follows[1] = nil
    follows[11] = nil
    #expect(Self.follows(edited) == follows)
  }

  @Test("a marker's tab, space or nothing is written as \\levelfollow 0, 1, 2 and read back")
  func writtenWhole() throws {
    for follow in ListMarker.Follow.allCases {
      for format in [ListMarker.Format.disc, .decimal] {
        let style = ParagraphStyle(list: ListMarker(format: format, follow: follow))
        let body = AttributedText(paragraphs: [
          Paragraph(runs: [TextRun(text: "Milk", attributes: CharacterAttributes())], style: style),
          Paragraph(runs: [TextRun(text: "Eggs", attributes: CharacterAttributes())], style: style),
        ])
        let reread = try RTFReader().read(RTFWriter().write(body)).text
        #expect(reread.paragraphs.map { $0.style.list?.follow } == [follow, follow], "\(follow) \(format)")
        #expect(reread.plainText == body.plainText, "\(follow) \(format)")
        #expect(body.applyingPlainText(body.plainText) == body, "\(follow) \(format)")
      }
    }
  }
}

extension ListFollowTests {
  @Test("a plain paragraph that starts like a space-followed marker stays plain when edited; a line typed new with an old item's marker is an item")
  func plainParagraphLikeAMarker() throws {
    let body = try Self.body()
    let shown = Self.shown.replacingOccurrences(of: "The end.", with: "1. The end.")
    let withPlain = body.applyingPlainText(shown)
    #expect(withPlain.paragraphs.last(where: { $0.text.contains("The end") })?.style.list == nil)
    let edited = withPlain.applyingPlainText(shown.replacingOccurrences(of: "1. The end.", with: "1. The very end."))
    #expect(edited.paragraphs.last(where: { $0.text.contains("very end") })?.style.list == nil)
    let added = body.applyingPlainText(
      Self.shown.replacingOccurrences(of: "2) Second bare item\n", with: "2) Second bare item\n1) Third bare item\n"))
    let item = try #require(added.paragraphs.first { $0.text == "Third bare item" })
    #expect(item.style.list?.follow == .nothing)
  }
}
