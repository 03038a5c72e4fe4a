/// Character attributes numbered once for a whole merge, so tokens carry small
/// integers and equal formatting compares as equal numbers.
struct AttributeTable {
  private(set) var values: [CharacterAttributes] = []
  private var numbers: [CharacterAttributes: Int32] = [:]

  mutating func number(_ attributes: CharacterAttributes) -> Int32 {
    if let number = numbers[attributes] { return number }
    let number = Int32(values.count)
    values.append(attributes)
    numbers[attributes] = number
    return number
  }

  subscript(number: Int32) -> CharacterAttributes { values[Int(number)] }
}

/// Paragraphs of one side flattened for the word-level merge: scalars with their
/// attribute numbers, split into `WordTokenizer` tokens, each paragraph followed by a
/// terminator token that stands for its paragraph break and carries its style.
struct FlatSide {
  /// The scalars; a terminator is one `"\n"` scalar.
  private(set) var scalars: [Unicode.Scalar] = []
  /// Per scalar: its attribute number, or -1 for a terminator.
  private(set) var attributes: [Int32] = []
  /// The tokens as scalar ranges.
  private(set) var tokens: [Range<Int>] = []
  /// Per token: its interned text; `FlatSide.terminatorID` for a terminator.
  private(set) var ids: [Int] = []
  /// Per token: the paragraph (index into `styles`) it belongs to.
  private(set) var paragraphOf: [Int32] = []
  /// The paragraphs' styles, in order.
  private(set) var styles: [ParagraphStyle] = []
  /// The interned numbers of this side's whitespace tokens.
  private(set) var whitespaceIDs = Set<Int>()

  /// The interned number of every terminator; no text token is empty, so the empty
  /// slice, interned first, can never collide with one.
  static let terminatorID = 0

  init(
    _ paragraphs: ArraySlice<Paragraph>, table: inout AttributeTable,
    interner: inout TokenInterner<ArraySlice<Unicode.Scalar>>
  ) {
    for paragraph in paragraphs {
      let start = scalars.count
      for run in paragraph.runs {
        let number = table.number(run.attributes)
        for scalar in run.text.unicodeScalars {
          scalars.append(scalar)
          attributes.append(number)
        }
      }
      let paragraphIndex = Int32(styles.count)
      for token in WordTokenizer.tokens(of: Array(scalars[start...])) {
        let range = (token.range.lowerBound + start)..<(token.range.upperBound + start)
        tokens.append(range)
        var id = interner.intern(scalars[range])
        if scalars[range.lowerBound] == "\u{FFFC}", table[attributes[range.lowerBound]].element != nil {
          // An element (table, picture, footnote) is a token of its own value: two
          // different elements never align.
          id = interner.intern([scalars[range.lowerBound], Self.elementScalar(attributes[range.lowerBound])][...])
        }
        ids.append(id)
        if token.kind == .whitespace { whitespaceIDs.insert(id) }
        paragraphOf.append(paragraphIndex)
      }
      tokens.append(scalars.count..<(scalars.count + 1))
      scalars.append("\n")
      attributes.append(-1)
      ids.append(Self.terminatorID)
      paragraphOf.append(paragraphIndex)
      styles.append(paragraph.style)
    }
  }

  func isTerminator(_ token: Int) -> Bool { ids[token] == Self.terminatorID }

  /// A private-use scalar naming attribute number `number`, for element tokens.
  static func elementScalar(_ number: Int32) -> Unicode.Scalar {
    Unicode.Scalar(0xF0000 + UInt32(number) % 0xFFFD) ?? "\u{FFFC}"
  }

  /// The style of the paragraph `token` belongs to.
  func style(ofToken token: Int) -> ParagraphStyle { styles[Int(paragraphOf[token])] }
}

/// One token of a merged region: its text, one attribute number per scalar, and for a
/// terminator the merged paragraph style.
struct MergedToken {
  var scalars: ArraySlice<Unicode.Scalar>
  var attributes: [Int32]
  /// The paragraph style when this token is a paragraph break; nil otherwise.
  var style: ParagraphStyle?

  /// The token as one side has it.
  init(_ token: Int, of side: FlatSide) {
    let range = side.tokens[token]
    scalars = side.scalars[range]
    attributes = Array(side.attributes[range])
    style = side.isTerminator(token) ? side.style(ofToken: token) : nil
  }
}

/// A piece of a merged region: a token all agree on, or a conflict between the two
/// sides' tokens (`first` is the older side's).
enum MergedPiece {
  case token(MergedToken)
  case conflict(first: [MergedToken], second: [MergedToken])
}
