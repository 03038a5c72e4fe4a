/// The formatting of one paragraph of an edited plain text: kept scalars keep their
/// old attributes; typed tokens that replaced old ones take the replaced token's;
/// other typed tokens take those of the word before them (at the start of the
/// paragraph: the word after; with no kept word at all: the paragraph's old first
/// run).
struct PlainTextFormatting {
  let tokens: ArraySlice<(range: Range<Int>, kind: WordTokenizer.Kind)>
  let scalars: [Unicode.Scalar]
  let source: [Int]
  /// Old scalar whose formatting a replacing token takes, at the token's first scalar
  /// (-1 elsewhere).
  let replaced: [Int32]
  let oldAttributes: [Int32]
  let attributes: [CharacterAttributes]
  let fallback: CharacterAttributes

  func runs() -> [TextRun] {
    // Formatting is chosen per scalar as an index into `table` (the old attributes,
    // plus the few values typed text makes up): copying and comparing whole attribute
    // values per scalar made this most of the time of a big edit.
    var table = attributes
    var fallbackIndex: Int32?
    func indexOfFallback() -> Int32 {
      if let fallbackIndex { return fallbackIndex }
      table.append(fallback)
      let index = Int32(table.count - 1)
      fallbackIndex = index
      return index
    }
    let unset: Int32 = -1
    var chosen: [Int32] = []
    chosen.reserveCapacity(tokens.reduce(0) { $0 + $1.range.count })
    // Kept scalars first.
    for token in tokens {
      for index in token.range {
        chosen.append(source[index] >= 0 ? oldAttributes[source[index]] : unset)
      }
    }
    // Then typed tokens, left to right, from the word before them.
    let tokenList = Array(tokens)
    var offset = 0
    var lastWord: Int32?
    for (position, token) in tokenList.enumerated() {
      let kept = source[token.range.lowerBound] >= 0
      var value: Int32
      if kept {
        value = chosen[offset + token.range.count - 1]
        if value == unset { value = indexOfFallback() }
      } else {
        if case let old = replaced[token.range.lowerBound], old >= 0 {
          value = oldAttributes[Int(old)]
        } else {
          value = lastWord ?? wordAfter(position, in: tokenList) ?? indexOfFallback()
          let inherited = table[Int(value)].link
          let link = linkAround(position, in: tokenList, inheriting: inherited)
          if link != inherited {
            var linked = table[Int(value)]
            linked.link = link
            table.append(linked)
            value = Int32(table.count - 1)
          }
        }
        for index in 0..<token.range.count { chosen[offset + index] = value }
      }
      if token.kind != .whitespace { lastWord = value }
      offset += token.range.count
    }
    // The runs' text is gathered as UTF-8 (appending scalars to a string one by one
    // was a large part of the time).
    var runs: [TextRun] = []
    var text: [UInt8] = []
    var current: Int32 = unset
    offset = 0
    for token in tokenList {
      for index in token.range {
        var value = chosen[offset]
        if value == unset { value = indexOfFallback() }
        if value != current {
          if current != unset, table[Int(value)] != table[Int(current)] {
            runs.append(TextRun(text: String(decoding: text, as: UTF8.self), attributes: table[Int(current)]))
            text.removeAll(keepingCapacity: true)
            current = value
          } else if current == unset {
            current = value
          }
        }
        Self.appendUTF8(scalars[index], to: &text)
        offset += 1
      }
    }
    if current != unset, !text.isEmpty {
      runs.append(TextRun(text: String(decoding: text, as: UTF8.self), attributes: table[Int(current)]))
    }
    return runs
  }

  @inline(__always)
  private static func appendUTF8(_ scalar: Unicode.Scalar, to bytes: inout [UInt8]) {
    let value = scalar.value
    if value < 0x80 {
      bytes.append(UInt8(truncatingIfNeeded: value))
    } else {
      UTF8.encode(scalar) { bytes.append($0) }
    }
  }

  /// The attributes (an index into `attributes`) of the first kept word after
  /// `position` (a kept token of any kind when there is no kept word).
  private func wordAfter(
    _ position: Int, in list: [(range: Range<Int>, kind: WordTokenizer.Kind)]
  ) -> Int32? {
    var anyKept: Int32?
    for token in list[(position + 1)...] where source[token.range.lowerBound] >= 0 {
      let value = oldAttributes[source[token.range.lowerBound]]
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
