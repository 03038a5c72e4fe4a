/// A paragraph as a dictionary key, hashed by the text of its runs alone.
///
/// Equal paragraphs have equal runs, so equal keys hash alike; hashing only the text
/// skips the attributes and the style, which cost most of a paragraph's hash, while
/// paragraphs that differ only there are still told apart by `==`. Interning millions
/// of paragraphs for a merge hashes each one once.
struct ParagraphTextKey: Hashable {
  let paragraph: Paragraph

  static func == (lhs: ParagraphTextKey, rhs: ParagraphTextKey) -> Bool {
    lhs.paragraph == rhs.paragraph
  }

  func hash(into hasher: inout Hasher) {
    // A plain or one-run paragraph gives its text without building anything.
    hasher.combine(paragraph.text)
  }
}

extension TokenInterner where Token == ParagraphTextKey {
  /// The numbers of `paragraphs`, in order.
  mutating func intern(paragraphs: [Paragraph]) -> [Int] {
    paragraphs.map { intern(ParagraphTextKey(paragraph: $0)) }
  }

  /// The numbers of `paragraphs`, an edited version of `reference` whose numbers are
  /// `referenceNumbers`. A paragraph equal to the reference's at the same index from
  /// the start or from the end takes its number without hashing: an edit copies the
  /// paragraphs it keeps, which share their storage, so comparing them costs little.
  mutating func intern(
    paragraphs: [Paragraph], editing reference: [Paragraph], referenceNumbers: [Int]
  ) -> [Int] {
    var result: [Int] = []
    result.reserveCapacity(paragraphs.count)
    let shift = reference.count - paragraphs.count
    for (index, paragraph) in paragraphs.enumerated() {
      if index < reference.count, paragraph == reference[index] {
        result.append(referenceNumbers[index])
      } else if shift != 0, index + shift >= 0, index + shift < reference.count,
        paragraph == reference[index + shift]
      {
        result.append(referenceNumbers[index + shift])
      } else {
        result.append(intern(ParagraphTextKey(paragraph: paragraph)))
      }
    }
    return result
  }
}
