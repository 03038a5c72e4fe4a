import Foundation

@testable import RichText

/// Sides and helpers shared by the merge tests: "laptop" is the older side (its
/// alternative comes first in a conflict), "phone" the newer (it wins clashes).
enum MergeFixture {
  static let laptop = MergeSideInfo(label: "laptop", date: Date(timeIntervalSince1970: 1_000))
  static let phone = MergeSideInfo(label: "phone", date: Date(timeIntervalSince1970: 2_000))

  /// Merges with mine from the laptop and theirs from the phone.
  static func merge(_ base: AttributedText, _ mine: AttributedText, _ theirs: AttributedText)
    -> MergeResult
  {
    ThreeWayMerge(base: base, mine: mine, theirs: theirs, mineInfo: laptop, theirInfo: phone).merge()
  }

  static func merge(_ base: String, _ mine: String, _ theirs: String) -> MergeResult {
    merge(AttributedText(plainText: base), AttributedText(plainText: mine), AttributedText(plainText: theirs))
  }

  /// A conflict block as `plainText` shows it, laptop's version first.
  static func conflict(_ laptopText: String, _ phoneText: String) -> String {
    let first = laptopText.isEmpty ? "" : laptopText + "\n"
    let second = phoneText.isEmpty ? "" : phoneText + "\n"
    return "<<<<<<< laptop\n" + first + "=======\n" + second + ">>>>>>> phone"
  }

  /// A body of one paragraph whose words in `formatted` carry `attributes`.
  static func body(
    _ text: String, formatting formatted: Set<String> = [], with attributes: CharacterAttributes
  ) -> AttributedText {
    var paragraph = Paragraph()
    var word = ""
    func flush() {
      guard !word.isEmpty else { return }
      paragraph.append(word, attributes: formatted.contains(word) ? attributes : CharacterAttributes())
      word = ""
    }
    for character in text {
      if character == " " {
        flush()
        paragraph.append(" ", attributes: CharacterAttributes())
      } else {
        word.append(character)
      }
    }
    flush()
    return AttributedText(paragraphs: [paragraph])
  }

  /// The runs of the first paragraph as (text, attributes) pairs.
  static func runs(_ body: AttributedText, paragraph: Int = 0) -> [(String, CharacterAttributes)] {
    body.paragraphs[paragraph].runs.map { ($0.text, $0.attributes) }
  }

  /// The words (`WordTokenizer` word tokens) of a text with how often each occurs.
  static func wordCounts(_ text: String) -> [String: Int] {
    let scalars = Array(text.unicodeScalars)
    var counts: [String: Int] = [:]
    for token in WordTokenizer.tokens(of: scalars) where token.kind == .word {
      var word = String.UnicodeScalarView()
      word.append(contentsOf: scalars[token.range])
      counts[String(word), default: 0] += 1
    }
    return counts
  }
}
