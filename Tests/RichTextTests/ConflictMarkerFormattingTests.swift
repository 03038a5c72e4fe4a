import Foundation
import Testing

@testable import RichText

@Suite("Conflict marker formatting: only the markers are highlighted, and a resolution takes it off")
struct ConflictMarkerFormattingTests {
  private let yellow = CharacterAttributes(backgroundColor: ConflictMarkerFormatting.highlight)

  /// Base "a b c"; the laptop writes "a x c", the phone "a y c", and "a" has the
  /// user's own background in the markers' colour.
  private func conflicted() -> AttributedText {
    MergeFixture.merge(
      MergeFixture.body("a b c", formatting: ["a"], with: yellow),
      MergeFixture.body("a x c", formatting: ["a"], with: yellow),
      MergeFixture.body("a y c", formatting: ["a"], with: yellow)
    ).text
  }

  @Test("the markers carry the marker formatting, and the alternatives keep their versions' formatting")
  func onlyMarkersFormatted() {
    let paragraphs = conflicted().paragraphs
    #expect(paragraphs.map(\.text) == ["<<<<<<< laptop", "a x c", "=======", "a y c", ">>>>>>> phone"])
    for index in [0, 2, 4] {
      #expect(paragraphs[index].runs.map(\.attributes) == [ConflictMarkerFormatting.attributes])
    }
    #expect(paragraphs[1] == MergeFixture.body("a x c", formatting: ["a"], with: yellow).paragraphs[0])
    #expect(paragraphs[3] == MergeFixture.body("a y c", formatting: ["a"], with: yellow).paragraphs[0])
  }

  @Test("the mark survives an RTF write and read, so a later resolution on any device finds it")
  func markRoundTrips() throws {
    let body = conflicted()
    let read = try RTFReader().read(RTFWriter().write(body)).text
    #expect(read.paragraphs == body.paragraphs)
    #expect(read.hasConflictMarkerFormatting)
  }

  @Test("removing it clears words typed over a marker and keeps the user's background of the same colour")
  func removalKeepsUserHighlight() {
    // The word diff lays "Cold" over "<<<<<<<" and "z" over "laptop": they take the
    // marker's formatting, as any word typed in place of another takes that word's.
    let edited = conflicted().applyingPlainText("Cold z a x c")
    #expect(edited.hasConflictMarkerFormatting)
    let resolved = edited.removingConflictMarkerFormatting()
    #expect(!resolved.hasConflictMarkerFormatting)
    #expect(resolved.plainText == "Cold z a x c")
    let backgrounds = resolved.paragraphs[0].runs.filter { $0.attributes.backgroundColor != nil }.map(\.text)
    #expect(backgrounds == ["a"])
    #expect(resolved.paragraphs[0].runs.allSatisfy { $0.attributes.unknown.isEmpty })
  }

  @Test("deleting the marker lines of a merged body read from its file leaves none of their formatting in the bytes")
  func deletedMarkersLeaveNoFormatting() throws {
    let merged = MergeFixture.merge("Flights\nHotel\nFood", "Flights\nHotel by the sea\nFood", "Flights\nHotel in town\nFood").text
    let file = try RTFReader().read(RTFWriter().write(merged)).text
    #expect(file.hasConflictMarkerFormatting)
    let edited = file.applyingPlainText("Flights\nHotel by the sea in town\nFood")
    let bytes = RTFWriter().write(edited)
    let written = String(decoding: bytes, as: UTF8.self)
    #expect(!written.contains(ConflictMarkerFormatting.mark.name), "\(written)")
    #expect(written.hasSuffix("Food}"), "the last paragraph keeps its bytes: \(written)")
    #expect(try RTFReader().read(bytes).text.paragraphs == edited.paragraphs)
  }

  @Test("a body without marked words is returned as it is")
  func unmarkedUnchanged() {
    let body = MergeFixture.body("a b c", formatting: ["a"], with: yellow)
    #expect(!body.hasConflictMarkerFormatting)
    #expect(body.removingConflictMarkerFormatting() == body)
  }

  @Test("a marked word whose background the user changed keeps that background and loses only the mark")
  func changedBackgroundStays() {
    var attributes = ConflictMarkerFormatting.attributes
    attributes.backgroundColor = Color(red: 0, green: 200, blue: 0)
    let body = AttributedText(paragraphs: [Paragraph(text: "kept", attributes: attributes)])
    let resolved = body.removingConflictMarkerFormatting()
    #expect(resolved.paragraphs[0].runs.map(\.attributes) == [CharacterAttributes(backgroundColor: Color(red: 0, green: 200, blue: 0))])
  }
}
