/// One word of argv, classified but not yet matched against a command (pass one of two).
struct ArgumentToken: Sendable, Equatable {
  /// What the word looks like.
  enum Kind: Sendable, Equatable {
    /// `--name` or `--name=value`.
    case long(name: String, value: String?)
    /// `-abc`: one or more one-letter options, possibly followed by an attached value.
    case shortGroup([Character])
    /// A positional value: a plain word, a lone `-`, a negative number, or anything after `--`.
    case value(String)
    /// `--` or `--end-of-options`: everything after it is a value.
    case terminator
  }

  var kind: Kind
  /// The position in argv (without the program name), kept so errors can point at it.
  var index: Int
  /// The word as typed.
  var text: String

  /// Whether the token can be consumed as the value of a preceding option.
  var isValue: Bool {
    if case .value = kind { return true }
    return false
  }
}

/// Splits argv into tokens: long options, packed short options, values and the terminator.
enum ArgumentLexer {
  /// Classifies every word of `argv` (which excludes the program name).
  static func tokens(_ argv: [String]) -> [ArgumentToken] {
    var result: [ArgumentToken] = []
    var afterTerminator = false
    for (index, word) in argv.enumerated() {
      let kind: ArgumentToken.Kind
      if afterTerminator {
        kind = .value(word)
      } else if word == "--" || word == "--end-of-options" {
        afterTerminator = true
        kind = .terminator
      } else if word.hasPrefix("--") {
        let body = word.dropFirst(2)
        if let equals = body.firstIndex(of: "=") {
          kind = .long(
            name: String(body[..<equals]), value: String(body[body.index(after: equals)...]))
        } else {
          kind = .long(name: String(body), value: nil)
        }
      } else if word.hasPrefix("-") && word.count > 1 && !isNegativeNumber(word) {
        kind = .shortGroup(Array(word.dropFirst()))
      } else {
        kind = .value(word)
      }
      result.append(ArgumentToken(kind: kind, index: index, text: word))
    }
    return result
  }

  /// `-5` and `-0.5` are values, not short options.
  private static func isNegativeNumber(_ word: String) -> Bool {
    Double(word) != nil
  }
}
