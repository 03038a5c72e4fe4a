/// diff3 over the word tokens of a stretch of paragraphs that both sides changed:
/// stable tokens keep their text and merge their formatting per field, a stretch only
/// one side changed takes that side's tokens (with the other side's formatting
/// changes around an insertion, as Peritext does), the same change on both sides is
/// taken once, and different changes to one stretch become a conflict piece.
struct WordMerge {
  private let base: FlatSide
  private let mine: FlatSide
  private let theirs: FlatSide
  private let diff3: Diff3
  /// Per mine / theirs token: the base token it was matched with.
  private let baseOfMine: [Int?]
  private let baseOfTheirs: [Int?]
  private let rule: AttributeMerge
  /// Whether mine is the older side (its tokens come first in a conflict piece).
  private let mineFirst: Bool

  init(
    base: ArraySlice<Paragraph>, mine: ArraySlice<Paragraph>, theirs: ArraySlice<Paragraph>,
    table: inout AttributeTable, rule: AttributeMerge, mineFirst: Bool, costLimit: Int
  ) {
    var interner = TokenInterner<ArraySlice<Unicode.Scalar>>()
    _ = interner.intern(ArraySlice<Unicode.Scalar>())  // FlatSide.terminatorID
    self.base = FlatSide(base, table: &table, interner: &interner)
    self.mine = FlatSide(mine, table: &table, interner: &interner)
    self.theirs = FlatSide(theirs, table: &table, interner: &interner)
    diff3 = Diff3(
      base: self.base.ids, mine: self.mine.ids, theirs: self.theirs.ids, costLimit: costLimit,
      weak: self.base.whitespaceIDs)
    baseOfMine = Self.inverse(diff3.mineOf, count: self.mine.ids.count)
    baseOfTheirs = Self.inverse(diff3.theirsOf, count: self.theirs.ids.count)
    self.rule = rule
    self.mineFirst = mineFirst
  }

  /// The merged pieces, in order.
  func pieces(table: inout AttributeTable) -> [MergedPiece] {
    var pieces: [MergedPiece] = []
    var cache: [AttributeTriple: Int32] = [:]
    for chunk in diff3.chunks {
      switch chunk.kind {
      case .stable:
        for offset in 0..<chunk.base.count {
          let token = merged(
            base: chunk.base.lowerBound + offset, mine: chunk.mine.lowerBound + offset,
            theirs: chunk.theirs.lowerBound + offset, table: &table, cache: &cache)
          pieces.append(.token(token))
        }
      case .mine, .theirs:
        let fromMine = chunk.kind == .mine
        var taken = OneSidedChunk(
          chunk: chunk, fromMine: fromMine, base: base, taken: fromMine ? mine : theirs,
          other: fromMine ? theirs : mine, otherOfBase: fromMine ? diff3.theirsOf : diff3.mineOf,
          baseOfTaken: fromMine ? baseOfMine : baseOfTheirs, rule: rule)
        for token in fromMine ? chunk.mine : chunk.theirs {
          if let (kept, other) = taken.counterparts(of: token) {
            pieces.append(
              .token(
                merged(
                  base: kept, mine: fromMine ? token : other, theirs: fromMine ? other : token,
                  table: &table, cache: &cache)))
          } else {
            pieces.append(.token(taken.inserted(token, table: &table)))
          }
        }
      case .same:
        for offset in 0..<chunk.mine.count {
          let (m, t) = (chunk.mine.lowerBound + offset, chunk.theirs.lowerBound + offset)
          let common = baseOfMine[m] != nil && baseOfMine[m] == baseOfTheirs[t] ? baseOfMine[m] : nil
          pieces.append(.token(merged(base: common, mine: m, theirs: t, table: &table, cache: &cache)))
        }
      case .conflict:
        let mineTokens = chunk.mine.map { MergedToken($0, of: mine) }
        let theirsTokens = chunk.theirs.map { MergedToken($0, of: theirs) }
        pieces.append(
          mineFirst
            ? .conflict(first: mineTokens, second: theirsTokens)
            : .conflict(first: theirsTokens, second: mineTokens))
      }
    }
    return pieces
  }

  /// A token both sides have (with the same text), its formatting merged per scalar
  /// and, for a paragraph break, its paragraph style merged per field.
  private func merged(
    base baseToken: Int?, mine mineToken: Int, theirs theirsToken: Int,
    table: inout AttributeTable, cache: inout [AttributeTriple: Int32]
  ) -> MergedToken {
    var token = MergedToken(mineToken, of: mine)
    let mineRange = mine.tokens[mineToken]
    let theirsStart = theirs.tokens[theirsToken].lowerBound
    let baseStart = baseToken.map { base.tokens[$0].lowerBound }
    for offset in 0..<mineRange.count {
      let m = mine.attributes[mineRange.lowerBound + offset]
      let t = theirs.attributes[theirsStart + offset]
      let b = baseStart.map { base.attributes[$0 + offset] } ?? -2
      token.attributes[offset] = Self.merge(
        AttributeTriple(base: b, mine: m, theirs: t), rule: rule, table: &table, cache: &cache)
    }
    if mine.isTerminator(mineToken) {
      token.style = rule.paragraphs(
        baseToken.map { base.style(ofToken: $0) }, mine.style(ofToken: mineToken),
        theirs.style(ofToken: theirsToken))
    }
    return token
  }

  /// Merges three attribute numbers (base -2: none; -1: a terminator's).
  static func merge(
    _ triple: AttributeTriple, rule: AttributeMerge, table: inout AttributeTable,
    cache: inout [AttributeTriple: Int32]
  ) -> Int32 {
    if triple.mine == triple.theirs { return triple.mine }
    if triple.mine == triple.base { return triple.theirs }
    if triple.theirs == triple.base { return triple.mine }
    if triple.mine < 0 || triple.theirs < 0 { return max(triple.mine, triple.theirs) }
    if let known = cache[triple] { return known }
    let value = rule.characters(
      triple.base >= 0 ? table[triple.base] : nil, table[triple.mine], table[triple.theirs])
    let number = table.number(value)
    cache[triple] = number
    return number
  }

  private static func inverse(_ map: [Int?], count: Int) -> [Int?] {
    var result = [Int?](repeating: nil, count: count)
    for (from, to) in map.enumerated() {
      if let to { result[to] = from }
    }
    return result
  }
}

/// Three attribute numbers of one scalar: base, mine, theirs.
struct AttributeTriple: Hashable {
  var base: Int32
  var mine: Int32
  var theirs: Int32
}
