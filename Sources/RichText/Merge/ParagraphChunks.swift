extension Diff3 {
  /// diff3 chunks at paragraph granularity: like `Diff3`, except that changes of the
  /// two sides that only touch (one ends at the paragraph where the other starts) stay
  /// apart, since a paragraph break cleanly separates them. Changes conflict when
  /// their base paragraphs overlap, when both insert at the same point, or when one
  /// inserts strictly inside paragraphs the other replaced.
  ///
  /// - Complexity: that of the two `TokenDiff`s, then O(changes).
  static func paragraphChunks(base: [Int], mine: [Int], theirs: [Int], costLimit: Int) -> [Chunk] {
    paragraphChunks(
      mineChanges: TokenDiff(from: base, to: mine, costLimit: costLimit).changes,
      theirsChanges: TokenDiff(from: base, to: theirs, costLimit: costLimit).changes,
      counts: (base.count, mine.count, theirs.count)
    ) { mine[$0].elementsEqual(theirs[$1]) }
  }

  /// The same chunks from the two sides' changes against the base, so the token
  /// sequences need not all be held at once: `sameTokens` tells whether a stretch of
  /// mine equals a stretch of theirs.
  static func paragraphChunks(
    mineChanges: [TokenDiff.Change], theirsChanges: [TokenDiff.Change],
    counts: (base: Int, mine: Int, theirs: Int), sameTokens: (Range<Int>, Range<Int>) -> Bool
  ) -> [Chunk] {
    // Both sides' changes by base position, tagged with their side.
    var all = mineChanges.map { ($0, true) } + theirsChanges.map { ($0, false) }
    all.sort { ($0.0.old.lowerBound, $0.0.old.upperBound) < ($1.0.old.lowerBound, $1.0.old.upperBound) }

    var chunks: [Chunk] = []
    var (o, a, b) = (0, 0, 0)
    var index = 0
    while index < all.count {
      var cluster = all[index].0.old
      var hasMine = all[index].1
      var hasTheirs = !all[index].1
      var (mineGrowth, theirsGrowth) = (0, 0)
      func add(_ change: TokenDiff.Change, _ isMine: Bool) {
        if isMine { mineGrowth += change.new.count - change.old.count } else {
          theirsGrowth += change.new.count - change.old.count
        }
      }
      add(all[index].0, all[index].1)
      index += 1
      while index < all.count, links(all[index].0.old, cluster) {
        cluster = min(cluster.lowerBound, all[index].0.old.lowerBound)..<max(
          cluster.upperBound, all[index].0.old.upperBound)
        if all[index].1 { hasMine = true } else { hasTheirs = true }
        add(all[index].0, all[index].1)
        index += 1
      }
      let gap = cluster.lowerBound - o
      if gap > 0 {
        chunks.append(Chunk(kind: .stable, base: o..<cluster.lowerBound, mine: a..<(a + gap), theirs: b..<(b + gap)))
      }
      let (mineStart, theirsStart) = (a + gap, b + gap)
      let mineRange = mineStart..<(mineStart + cluster.count + mineGrowth)
      let theirsRange = theirsStart..<(theirsStart + cluster.count + theirsGrowth)
      var kind = Chunk.Kind.conflict
      if !hasTheirs {
        kind = .mine
      } else if !hasMine {
        kind = .theirs
      } else if sameTokens(mineRange, theirsRange) {
        kind = .same
      }
      chunks.append(Chunk(kind: kind, base: cluster, mine: mineRange, theirs: theirsRange))
      (o, a, b) = (cluster.upperBound, mineRange.upperBound, theirsRange.upperBound)
    }
    if o < counts.base {
      chunks.append(Chunk(kind: .stable, base: o..<counts.base, mine: a..<counts.mine, theirs: b..<counts.theirs))
    }
    return chunks
  }

  /// Whether a change over `range` conflicts with a cluster of changes over `cluster`.
  private static func links(_ range: Range<Int>, _ cluster: Range<Int>) -> Bool {
    switch (range.isEmpty, cluster.isEmpty) {
    case (false, false): return range.overlaps(cluster)
    case (true, true): return range.lowerBound == cluster.lowerBound
    case (true, false): return cluster.lowerBound < range.lowerBound && range.lowerBound < cluster.upperBound
    case (false, true): return range.lowerBound < cluster.lowerBound && cluster.lowerBound < range.upperBound
    }
  }
}
