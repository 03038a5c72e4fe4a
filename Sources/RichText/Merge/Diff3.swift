/// The chunks of a diff3 walk over three token sequences (base, mine, theirs), from the
/// two-way diffs base→mine and base→theirs: stable stretches where all three agree,
/// and unstable stretches between them, each classified as diff3 does.
struct Diff3 {
  /// A stretch of the three sequences.
  struct Chunk: Equatable {
    enum Kind: Equatable {
      /// All three are the same tokens (`base == mine == theirs`).
      case stable
      /// Only mine changed it: take mine.
      case mine
      /// Only theirs changed it: take theirs.
      case theirs
      /// Both changed it the same way: take it once.
      case same
      /// Both changed it differently.
      case conflict
    }

    var kind: Kind
    var base: Range<Int>
    var mine: Range<Int>
    var theirs: Range<Int>
  }

  let chunks: [Chunk]
  /// For each base token: the mine token it was matched with, or nil.
  let mineOf: [Int?]
  /// For each base token: the theirs token it was matched with, or nil.
  let theirsOf: [Int?]

  /// Walks `base`, `mine` and `theirs` (interned tokens).
  ///
  /// A base token is stable when both diffs matched it and the walk reaches it at the
  /// same place on both sides; everything between stable tokens is one unstable chunk.
  /// So two insertions at the same point, or edits that touch, fall in one chunk (as
  /// in git), and separated edits need at least one stable token between them.
  ///
  /// - Complexity: that of the two `TokenDiff`s (bounded by `costLimit`), then O(n).
  ///   - weak: Tokens that alone do not make a stretch in common (whitespace): a
  ///     stretch of only these between two changes of one side joins the changes, so
  ///     two rewritten words do not look like two edits with a space kept between.
  init(base: [Int], mine: [Int], theirs: [Int], costLimit: Int = 1_000, weak: Set<Int> = []) {
    let mineOf = Self.matchedIndices(TokenDiff(from: base, to: mine, costLimit: costLimit), base, weak)
    let theirsOf = Self.matchedIndices(TokenDiff(from: base, to: theirs, costLimit: costLimit), base, weak)
    self.mineOf = mineOf
    self.theirsOf = theirsOf
    // Base tokens matched on both sides, in order: the candidates for stable tokens.
    var nextBoth = [Int](repeating: base.count, count: base.count + 1)
    for index in stride(from: base.count - 1, through: 0, by: -1) {
      nextBoth[index] = mineOf[index] != nil && theirsOf[index] != nil ? index : nextBoth[index + 1]
    }
    var chunks: [Chunk] = []
    var (o, a, b) = (0, 0, 0)
    while o < base.count || a < mine.count || b < theirs.count {
      if o < base.count, mineOf[o] == a, theirsOf[o] == b {
        let start = (o, a, b)
        while o < base.count, mineOf[o] == a, theirsOf[o] == b { (o, a, b) = (o + 1, a + 1, b + 1) }
        chunks.append(Chunk(kind: .stable, base: start.0..<o, mine: start.1..<a, theirs: start.2..<b))
        continue
      }
      let next = o < base.count ? nextBoth[o] : base.count
      let mineEnd = next < base.count ? (mineOf[next] ?? mine.count) : mine.count
      let theirsEnd = next < base.count ? (theirsOf[next] ?? theirs.count) : theirs.count
      var chunk = Chunk(kind: .conflict, base: o..<next, mine: a..<mineEnd, theirs: b..<theirsEnd)
      let baseSlice = base[chunk.base]
      let mineSlice = mine[chunk.mine]
      let theirsSlice = theirs[chunk.theirs]
      if mineSlice.elementsEqual(baseSlice) {
        chunk.kind = .theirs
      } else if theirsSlice.elementsEqual(baseSlice) {
        chunk.kind = .mine
      } else if mineSlice.elementsEqual(theirsSlice) {
        chunk.kind = .same
      }
      chunks.append(chunk)
      (o, a, b) = (next, mineEnd, theirsEnd)
    }
    self.chunks = chunks
  }

  /// For each old token, the new token it was matched with.
  private static func matchedIndices(_ diff: TokenDiff, _ base: [Int], _ weak: Set<Int>) -> [Int?] {
    var result = [Int?](repeating: nil, count: diff.oldCount)
    for (index, match) in diff.matches.enumerated() {
      let changeBefore = index > 0 || match.old > 0 || match.new > 0
      let changeAfter =
        index < diff.matches.count - 1 || match.old + match.count < diff.oldCount
        || match.new + match.count < diff.newCount
      if changeBefore && changeAfter && !weak.isEmpty
        && base[match.old..<(match.old + match.count)].allSatisfy({ weak.contains($0) })
      {
        continue
      }
      for offset in 0..<match.count { result[match.old + offset] = match.new + offset }
    }
    return result
  }
}
