/// The formatting of one paragraph of an edited plain text: kept scalars keep their
/// old attributes; typed tokens that replaced old ones take the replaced token's;
/// other typed tokens take those of the word before them (at the start of the
/// paragraph: the word after; with no kept word at all: the paragraph's old first
/// run).
struct PlainTextFormatting {
  let tokens: ArraySlice<(range: Range<Int>, kind: WordTokenizer.Kind)>
  let scalars: [Unicode.Scalar]
  let source: [Int]
  /// Old scalar whose formatting a replacing token takes, by the token's first scalar.
  let replaced: [Int: Int]
  let oldAttributes: [Int32]
  let attributes: [CharacterAttributes]
  let fallback: CharacterAttributes

  func runs() -> [TextRun] {
    var scalarAttributes: [CharacterAttributes?] = []
    // Kept scalars first.
    for token in tokens {
      for index in token.range {
        scalarAttributes.append(source[index] >= 0 ? attributes[Int(oldAttributes[source[index]])] : nil)
      }
    }
    // Then typed tokens, left to right, from the word before them.
    let tokenList = Array(tokens)
    var offset = 0
    var lastWord: CharacterAttributes?
    for (position, token) in tokenList.enumerated() {
      let kept = source[token.range.lowerBound] >= 0
      var value: CharacterAttributes
      if kept {
        value = scalarAttributes[offset + token.range.count - 1] ?? fallback
      } else if let old = replaced[token.range.lowerBound] {
        value = attributes[Int(oldAttributes[old])]
        value.element = nil
        for index in 0..<token.range.count { scalarAttributes[offset + index] = value }
      } else {
        value = lastWord ?? wordAfter(position, in: tokenList) ?? fallback
        value.link = linkAround(position, in: tokenList, inheriting: value.link)
        value.element = nil
        for index in 0..<token.range.count { scalarAttributes[offset + index] = value }
      }
      if token.kind != .whitespace { lastWord = value }
      offset += token.range.count
    }
    var runs: [TextRun] = []
    var text = String.UnicodeScalarView()
    var current: CharacterAttributes?
    offset = 0
    for token in tokenList {
      for index in token.range {
        let value = scalarAttributes[offset] ?? fallback
        if value != current, let attributes = current, !text.isEmpty {
          runs.append(TextRun(text: String(text), attributes: attributes))
          text = String.UnicodeScalarView()
        }
        current = value
        text.append(scalars[index])
        offset += 1
      }
    }
    if let attributes = current, !text.isEmpty {
      runs.append(TextRun(text: String(text), attributes: attributes))
    }
    return runs
  }

  /// The attributes of the first kept word after `position` (a kept token of any
  /// kind when there is no kept word).
  private func wordAfter(
    _ position: Int, in list: [(range: Range<Int>, kind: WordTokenizer.Kind)]
  ) -> CharacterAttributes? {
    var anyKept: CharacterAttributes?
    for token in list[(position + 1)...] where source[token.range.lowerBound] >= 0 {
      let value = attributes[Int(oldAttributes[source[token.range.lowerBound]])]
      if token.kind != .whitespace { return value }
      if anyKept == nil { anyKept = value }
    }
    return anyKept
  }

  /// Typed text is part of a link only when the kept characters on both sides of it
  /// are.
  private func linkAround(
    _ position: Int, in list: [(range: Range<Int>, kind: WordTokenizer.Kind)],
    inheriting link: String?
  ) -> String? {
    guard let link else { return nil }
    let before = list[..<position].last { source[$0.range.lowerBound] >= 0 }
    let after = list[(position + 1)...].first { source[$0.range.lowerBound] >= 0 }
    guard let before, let after else { return nil }
    let beforeLink = attributes[Int(oldAttributes[source[before.range.upperBound - 1]])].link
    let afterLink = attributes[Int(oldAttributes[source[after.range.lowerBound]])].link
    return beforeLink == link && afterLink == link ? link : nil
  }
}
