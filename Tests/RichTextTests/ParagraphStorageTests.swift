import Foundation
import Testing

@testable import RichText

/// `Paragraph` keeps plain paragraphs as their string and others in a shared box:
/// however a paragraph is built or changed, it must behave as the plain value of its
/// runs and style (equality, hashing, runs, text, copies independent of each other).
@Suite("Paragraph storage")
struct ParagraphStorageTests {
  /// A reference paragraph: its runs normalized as `Paragraph` normalizes them.
  struct Expected: Equatable {
    var runs: [TextRun]
    var style: ParagraphStyle
  }

  static func seed() -> UInt64 { TestSeed.make(for: "ParagraphStorageTests") }

  @Test("paragraphs built by init, append, setRuns and style changes equal the value of their runs and style")
  func buildersAgree() throws {
    var generator = RandomModelGenerator(seed: Self.seed())
    var random = SplitMix64(seed: 7)
    for index in 0..<2_000 {
      // Plain runs often, so both representations and the switch between them occur.
      let runs: [TextRun] = (0..<random.int(in: 0...3)).map { _ in
        TextRun(text: random.chance(20) ? "" : generator.text(),
                attributes: random.chance(50) ? CharacterAttributes() : generator.attributes())
      }
      let style = random.chance(50) ? ParagraphStyle() : generator.paragraphStyle()
      let expected = Expected(runs: Paragraph.normalize(runs), style: style)

      let built = Paragraph(runs: runs, style: style)
      var appended = Paragraph()
      for run in runs { appended.append(run) }
      appended.style = style
      var reset = Paragraph(text: "other", attributes: generator.attributes(), style: generator.paragraphStyle())
      reset.setRuns(runs)
      reset.style = style

      for (name, paragraph) in [("init", built), ("append", appended), ("setRuns", reset)] {
        #expect(paragraph.runs == expected.runs, "case \(index) \(name): runs")
        #expect(paragraph.style == expected.style, "case \(index) \(name): style")
        #expect(paragraph.text == expected.runs.map(\.text).joined(), "case \(index) \(name): text")
        #expect(paragraph == built, "case \(index) \(name): equal to the initialised paragraph")
        #expect(paragraph.hashValue == built.hashValue, "case \(index) \(name): hash")
      }
    }
  }

  @Test("a changed copy leaves the original as it was", arguments: [false, true])
  func copiesAreIndependent(formatted: Bool) {
    let attributes = formatted ? CharacterAttributes(isBold: true) : CharacterAttributes()
    let original = Paragraph(text: "milk", attributes: attributes)
    var copy = original
    copy.append(" and eggs", attributes: CharacterAttributes(isItalic: true))
    copy.style.leftIndent = 720
    #expect(original.text == "milk")
    #expect(original.runs == [TextRun(text: "milk", attributes: attributes)])
    #expect(original.style == ParagraphStyle())
    #expect(copy.text == "milk and eggs")
    #expect(copy.style.leftIndent == 720)
    copy.style = ParagraphStyle()
    copy.setRuns([TextRun(text: "milk", attributes: attributes)])
    #expect(copy == original)
  }

  @Test("an empty paragraph has no runs, whatever its style")
  func emptyParagraphs() {
    #expect(Paragraph().runs.isEmpty)
    #expect(Paragraph(text: "").runs.isEmpty)
    #expect(Paragraph(text: "") == Paragraph())
    let indented = Paragraph(runs: [], style: ParagraphStyle(leftIndent: 360))
    #expect(indented.runs.isEmpty)
    #expect(indented != Paragraph())
  }
}
