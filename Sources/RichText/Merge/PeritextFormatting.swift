/// A stretch only one side (the taken side) changed, the other side's text there being
/// the base's: the taken side's tokens, kept ones merged with the other side's
/// formatting, inserted ones given the other side's formatting changes around them.
///
/// As Peritext specifies: text inserted inside a stretch the other side reformatted
/// (the base characters on both sides of it changed the same way) takes that
/// formatting; text inserted right after a reformatted stretch takes it only for
/// marks that grow as one types (every character attribute except `link`); text
/// inserted right before one does not. A paragraph break the taken side inserted
/// (a split) takes the other side's style changes to the paragraph it was split from.
struct OneSidedChunk {
  private let chunk: Diff3.Chunk
  private let base: FlatSide
  private let taken: FlatSide
  private let other: FlatSide
  /// Per base token: the other side's token matched with it.
  private let otherOfBase: [Int?]
  private let rule: AttributeMerge
  private let fromMine: Bool
  private let takenRange: Range<Int>
  /// Per taken token of the chunk (by offset): the base token it keeps, or nil.
  private var keptBase: [Int?]
  /// Per taken token of the chunk: the nearest kept base token after it, or nil.
  private var nextKept: [Int?]
  /// The nearest kept base token before the token being formatted.
  private var previousKept: Int?
  /// Formatting given to inserted scalars, by their own attribute number, for the
  /// current pair of neighbours.
  private var insertedCache: [Int32: Int32] = [:]

  init(
    chunk: Diff3.Chunk, fromMine: Bool, base: FlatSide, taken: FlatSide, other: FlatSide,
    otherOfBase: [Int?], baseOfTaken: [Int?], rule: AttributeMerge
  ) {
    self.chunk = chunk
    self.fromMine = fromMine
    self.base = base
    self.taken = taken
    self.other = other
    self.otherOfBase = otherOfBase
    self.rule = rule
    takenRange = fromMine ? chunk.mine : chunk.theirs
    keptBase = takenRange.map { token in
      baseOfTaken[token].flatMap { chunk.base.contains($0) ? $0 : nil }
    }
    nextKept = [Int?](repeating: nil, count: takenRange.count)
    var next: Int? = chunk.base.upperBound < base.ids.count ? chunk.base.upperBound : nil
    for offset in stride(from: takenRange.count - 1, through: 0, by: -1) {
      nextKept[offset] = next
      if let kept = keptBase[offset] { next = kept }
    }
    previousKept = chunk.base.lowerBound > 0 ? chunk.base.lowerBound - 1 : nil
  }

  /// For a taken token that keeps a base token: that base token and the other side's
  /// token for it. Call for the chunk's tokens in order.
  mutating func counterparts(of token: Int) -> (base: Int, other: Int)? {
    guard let kept = keptBase[token - takenRange.lowerBound], let other = otherToken(kept) else {
      return nil
    }
    previousKept = kept
    insertedCache = [:]
    return (kept, other)
  }

  /// An inserted taken token with the other side's formatting changes applied.
  mutating func inserted(_ token: Int, table: inout AttributeTable) -> MergedToken {
    var result = MergedToken(token, of: taken)
    let next = nextKept[token - takenRange.lowerBound]
    if result.style != nil {
      if let next, let otherNext = otherToken(next) {
        let mineStyle = result.style ?? ParagraphStyle()
        let otherStyle = other.style(ofToken: otherNext)
        result.style = rule.paragraphs(
          base.style(ofToken: next), fromMine ? mineStyle : otherStyle,
          fromMine ? otherStyle : mineStyle)
      }
      return result
    }
    let left = neighbour(previousKept, last: true, table: table)
    let right = neighbour(next, last: false, table: table)
    if left == nil && right == nil { return result }
    for index in result.attributes.indices {
      let own = result.attributes[index]
      if let known = insertedCache[own] {
        result.attributes[index] = known
        continue
      }
      var value = table[own]
      Self.apply(\.font, &value, left, right, expands: true)
      Self.apply(\.fontSize, &value, left, right, expands: true)
      Self.apply(\.isBold, &value, left, right, expands: true)
      Self.apply(\.isItalic, &value, left, right, expands: true)
      Self.apply(\.underline, &value, left, right, expands: true)
      Self.apply(\.strikethrough, &value, left, right, expands: true)
      Self.apply(\.foregroundColor, &value, left, right, expands: true)
      Self.apply(\.backgroundColor, &value, left, right, expands: true)
      Self.apply(\.verticalPosition, &value, left, right, expands: true)
      Self.apply(\.link, &value, left, right, expands: false)
      let number = table.number(value)
      insertedCache[own] = number
      result.attributes[index] = number
    }
    return result
  }

  /// The base and other-side formatting of the base scalar next to an insertion (the
  /// last scalar of the token before it, or the first of the token after it); nil
  /// when there is none, it is a paragraph break, or the other side left it alone.
  private func neighbour(
    _ baseToken: Int?, last: Bool, table: AttributeTable
  ) -> (base: CharacterAttributes, other: CharacterAttributes)? {
    guard let baseToken, !base.isTerminator(baseToken), let otherToken = otherToken(baseToken)
    else { return nil }
    let baseRange = base.tokens[baseToken]
    let otherRange = other.tokens[otherToken]
    let baseNumber = base.attributes[last ? baseRange.upperBound - 1 : baseRange.lowerBound]
    let otherNumber = other.attributes[last ? otherRange.upperBound - 1 : otherRange.lowerBound]
    guard baseNumber != otherNumber, baseNumber >= 0, otherNumber >= 0 else { return nil }
    return (base: table[baseNumber], other: table[otherNumber])
  }

  /// The other side's token for a base token: by position inside the chunk (the other
  /// side's text there is the base's), by the diff outside it.
  private func otherToken(_ baseToken: Int) -> Int? {
    if chunk.base.contains(baseToken) {
      let otherRange = fromMine ? chunk.theirs : chunk.mine
      return otherRange.lowerBound + (baseToken - chunk.base.lowerBound)
    }
    return otherOfBase[baseToken]
  }

  /// Applies the other side's change of one field around an insertion.
  private static func apply<Value: Equatable>(
    _ field: WritableKeyPath<CharacterAttributes, Value>, _ value: inout CharacterAttributes,
    _ left: (base: CharacterAttributes, other: CharacterAttributes)?,
    _ right: (base: CharacterAttributes, other: CharacterAttributes)?, expands: Bool
  ) {
    guard let left, left.other[keyPath: field] != left.base[keyPath: field] else { return }
    let insideSpan = right.map {
      $0.other[keyPath: field] != $0.base[keyPath: field]
        && $0.other[keyPath: field] == left.other[keyPath: field]
    } ?? false
    if insideSpan || expands { value[keyPath: field] = left.other[keyPath: field] }
  }
}
