import Foundation
import QuickLook
import RichText
import Testing

/// A body edited only below the text its thumbnail shows draws the same picture, and
/// ``ThumbnailRenderer/drawsSameText(_:as:extent:)`` says so only when it does.
@Suite("Thumbnail text extent")
struct TextExtentTests {
  let renderer = ThumbnailRenderer()
  static let lines = (1...60).map { "Line \($0) of a long note that keeps going" }

  static func body(_ lines: [String]) -> AttributedText { AttributedText(plainText: lines.joined(separator: "\n")) }

  @Test(
    "an edit below the text the picture shows draws the same bytes and is called the same; one inside draws other pixels",
    arguments: [(line: 55, isBelow: true), (line: 1, isBelow: false)])
  func editAt(_ edit: (line: Int, isBelow: Bool)) throws {
    let old = Self.body(Self.lines)
    var edited = Self.lines
    edited[edit.line] = "An edit of line \(edit.line)"
    let new = Self.body(edited)
    let before = try renderer.renderNote(old, image: nil)
    let extent = try #require(before.textExtent)
    #expect(extent.paragraphs > 5 && extent.paragraphs < 55)
    #expect(renderer.drawsSameText(new, as: old, extent: extent) == edit.isBelow)
    #expect((try renderer.renderNote(new, image: nil).png == before.png) == edit.isBelow)
  }

  @Test("a short note that grows by a paragraph is rendered again")
  func growingNote() throws {
    let old = Self.body(["Milk", "Eggs"])
    let new = Self.body(["Milk", "Eggs", "Bread"])
    let extent = try #require(try renderer.renderNote(old, image: nil).textExtent)
    #expect(extent.paragraphs == 2)
    #expect(!renderer.drawsSameText(new, as: old, extent: extent))
    #expect(renderer.drawsSameText(old, as: old, extent: extent))
  }

  /// A random body: paragraphs of random sizes and spacing, so that the visible part
  /// ends anywhere.
  static func randomBody(_ random: inout SeededGenerator) -> [Paragraph] {
    (0..<Int.random(in: 1...70, using: &random)).map { index in
      var style = ParagraphStyle()
      style.spacingBefore = Int.random(in: 0...3, using: &random) == 0 ? Int.random(in: 0...600, using: &random) : 0
      style.spacingAfter = Int.random(in: 0...3, using: &random) == 0 ? Int.random(in: 0...600, using: &random) : 0
      let size = Double([8, 12, 12, 18, 30][Int.random(in: 0...4, using: &random)])
      return Paragraph(text: "Paragraph \(index) with words", attributes: CharacterAttributes(fontSize: size), style: style)
    }
  }

  @Test("on seeded bodies and edits, every edit called the same draws the same bytes")
  func seededEquivalence() throws {
    let seed = SeededGenerator.testSeed("text extent")
    var random = SeededGenerator(seed: seed)
    let image = ImageAttachment(name: "a.png", content: try TestImages.twoColors(TestImages.red, TestImages.blue).encoded(as: .png))
    var same = 0
    for round in 0..<24 {
      let paragraphs = Self.randomBody(&random)
      var edited = paragraphs
      let at = Int.random(in: 0..<edited.count, using: &random)
      switch Int.random(in: 0...3, using: &random) {
      case 0: edited[at] = Paragraph(text: "Replaced \(round)")
      case 1: edited.insert(Paragraph(text: "Inserted \(round)"), at: at)
      case 2: edited.remove(at: at)
      default: edited[at].style.spacingBefore += 240
      }
      let old = AttributedText(paragraphs: paragraphs)
      let new = AttributedText(paragraphs: edited)
      let withImage = round % 3 == 0 ? image : nil
      let before = try renderer.renderNote(old, image: withImage)
      let extent = try #require(before.textExtent)
      guard renderer.drawsSameText(new, as: old, extent: extent) else { continue }
      same += 1
      #expect(try renderer.renderNote(new, image: withImage).png == before.png, "seed \(seed), round \(round): edit at \(at)")
    }
    #expect(same > 0, "seed \(seed): no edit fell below the visible text")
  }
}
