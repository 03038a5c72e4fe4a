import Foundation
import RichText
import Testing

@testable import NoteStore

@Suite("Note text diff")
struct NoteTextDiffTests {
  static func bold(_ words: String, in text: String) -> AttributedText {
    var paragraph = Paragraph()
    let parts = text.components(separatedBy: words)
    for (index, part) in parts.enumerated() {
      paragraph.append(part, attributes: CharacterAttributes())
      if index < parts.count - 1 {
        var attributes = CharacterAttributes()
        attributes.isBold = true
        paragraph.append(words, attributes: attributes)
      }
    }
    return AttributedText(paragraphs: [paragraph])
  }

  @Test("a formatting-only change is described, and no words differ")
  func formattingOnly() {
    let diff = NoteTextDiff(
      from: AttributedText(plainText: "Buy fresh bread"), to: Self.bold("fresh", in: "Buy fresh bread"))
    #expect(diff.hunks.isEmpty)
    #expect(diff.formatting.map { "\($0.change) to '\($0.text)'" } == ["bold added to 'fresh'"])
  }

  struct Case: Sendable, CustomStringConvertible {
    var name: String
    var old: String
    var new: String
    var hunks: [String]
    var description: String { name }
  }

  static let cases: [Case] = [
    Case(name: "a replaced word", old: "Milk and eggs", new: "Milk and bread", hunks: ["eggs→bread"]),
    Case(name: "CJK characters are words of their own", old: "牛乳を買う", new: "牛乳を売る", hunks: ["買う→売る"]),
    Case(name: "an emoji sequence is one token", old: "Party 👩‍👩‍👧 tonight", new: "Party 🎉 tonight", hunks: ["👩‍👩‍👧→🎉"]),
    Case(name: "CRLF and LF line ends are the same text", old: "Milk\r\nEggs", new: "Milk\nEggs", hunks: []),
    Case(name: "an added paragraph", old: "Milk", new: "Milk\nEggs", hunks: ["→\nEggs"]),
  ]

  @Test("word hunks", arguments: cases)
  func hunks(_ example: Case) {
    let diff = NoteTextDiff(from: AttributedText(plainText: example.old), to: AttributedText(plainText: example.new))
    #expect(diff.hunks.map { "\($0.old)→\($0.new)" } == example.hunks)
    #expect(diff.formatting.isEmpty)
  }
}
