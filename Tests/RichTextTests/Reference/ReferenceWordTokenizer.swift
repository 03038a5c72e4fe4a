// The code before the speed work of this round, kept word for word (renamed) so tests
// can check that the faster code gives the same results. Not used by the library.
@testable import RichText

/// `WordTokenizer.tokens(of:)` as it was.
enum ReferenceWordTokenizer {
  static func tokens(of scalars: [Unicode.Scalar]) -> [(range: Range<Int>, kind: WordTokenizer.Kind)] {
    var tokens: [(range: Range<Int>, kind: WordTokenizer.Kind)] = []
    var index = 0
    while index < scalars.count {
      let start = index
      let kind = WordTokenizer.kind(of: scalars[index])
      index += 1
      switch kind {
      case .word where !WordTokenizer.isIdeographic(scalars[start]):
        while index < scalars.count {
          let scalar = scalars[index]
          if WordTokenizer.kind(of: scalar) == .word && !WordTokenizer.isIdeographic(scalar) || WordTokenizer.isAttached(scalar) {
            index += 1
          } else if (scalar == "'" || scalar == "\u{2019}") && index + 1 < scalars.count
            && WordTokenizer.kind(of: scalars[index + 1]) == .word && !WordTokenizer.isIdeographic(scalars[index + 1])
          {
            index += 2
          } else {
            break
          }
        }
      case .whitespace:
        while index < scalars.count && WordTokenizer.kind(of: scalars[index]) == .whitespace { index += 1 }
      case .lineBreak:
        break
      case .word, .other:
        while index < scalars.count {
          if WordTokenizer.isAttached(scalars[index]) {
            index += 1
          } else if scalars[index - 1] == "\u{200D}" && kind != .word {
            index += 1  // the character a zero-width joiner joins
          } else {
            break
          }
        }
      }
      tokens.append((start..<index, kind))
    }
    return tokens
  }
}
