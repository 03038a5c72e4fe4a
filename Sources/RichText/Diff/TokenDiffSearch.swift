/// The search behind `TokenDiff`: common prefix and suffix; in large regions,
/// unique-token anchors first (as patience and histogram diff do), then Myers'
/// greedy algorithm with a cost limit in the gaps; in small regions Myers first and
/// anchors where it gives up. Work stays near O(n + d) for texts that share unique
/// tokens, and bounded by the cost limit per gap otherwise.
struct TokenDiffSearch {
  let old: [Int]
  let new: [Int]
  let costLimit: Int

  /// A region still to diff: `old[oldRange]` against `new[newRange]`.
  private struct Region {
    var oldRange: Range<Int>
    var newRange: Range<Int>
  }

  private var found: [TokenDiff.Match] = []
  /// Per-token scratch counts for `uniqueAnchors` when every token is a small
  /// non-negative number (as interned tokens are), made at the first call; zero
  /// between calls.
  private var dense: [UniqueCount] = []
  /// How many counts `dense` needs (the largest token + 1), or 0 when a dictionary
  /// counts instead.
  private let denseCount: Int

  /// How often a token occurs in each side of a region, and where it last did.
  private struct UniqueCount {
    var old: Int32 = 0
    var new: Int32 = 0
    var newIndex = 0
  }

  init(old: [Int], new: [Int], costLimit: Int) {
    self.old = old
    self.new = new
    self.costLimit = costLimit
    // Interned tokens number from 0 up: count them in an array, not a dictionary.
    let bound = 2 * (old.count + new.count) + 64
    if old.allSatisfy({ $0 >= 0 && $0 < bound }), new.allSatisfy({ $0 >= 0 && $0 < bound }) {
      denseCount = max(old.max() ?? 0, new.max() ?? 0) + 1
    } else {
      denseCount = 0
    }
  }

  /// The maximal common stretches, in order.
  mutating func run() -> [TokenDiff.Match] {
    var pending = [Region(oldRange: 0..<old.count, newRange: 0..<new.count)]
    while var region = pending.popLast() {
      trimCommonEnds(&region)
      if region.oldRange.isEmpty || region.newRange.isEmpty { continue }
      // A large region is first cut at tokens unique on both sides (patience), so
      // Myers only ever searches the gaps between them; a small one gets Myers'
      // minimal diff, and anchors only when it gives up.
      let isLarge = region.oldRange.count + region.newRange.count > 4 * costLimit
      var anchors = isLarge ? anchorsForLargeRegion(region) : []
      if anchors.isEmpty {
        if let pairs = myers(region) {
          for (x, y) in pairs { found.append(TokenDiff.Match(old: x, new: y, count: 1)) }
          continue
        }
        if !isLarge { anchors = anchorsForLargeRegion(region) }
      }
      if anchors.isEmpty { continue }
      var oldStart = region.oldRange.lowerBound
      var newStart = region.newRange.lowerBound
      for anchor in anchors {
        found.append(anchor)
        pending.append(Region(oldRange: oldStart..<anchor.old, newRange: newStart..<anchor.new))
        oldStart = anchor.old + anchor.count
        newStart = anchor.new + anchor.count
      }
      pending.append(
        Region(oldRange: oldStart..<region.oldRange.upperBound,
               newRange: newStart..<region.newRange.upperBound))
    }
    return Self.coalesce(&found)
  }

  private mutating func trimCommonEnds(_ region: inout Region) {
    var (o, n) = (region.oldRange, region.newRange)
    let start = (o.lowerBound, n.lowerBound)
    while !o.isEmpty && !n.isEmpty && old[o.lowerBound] == new[n.lowerBound] {
      o = (o.lowerBound + 1)..<o.upperBound
      n = (n.lowerBound + 1)..<n.upperBound
    }
    if o.lowerBound > start.0 {
      found.append(TokenDiff.Match(old: start.0, new: start.1, count: o.lowerBound - start.0))
    }
    var suffix = 0
    while !o.isEmpty && !n.isEmpty && old[o.upperBound - 1] == new[n.upperBound - 1] {
      o = o.lowerBound..<(o.upperBound - 1)
      n = n.lowerBound..<(n.upperBound - 1)
      suffix += 1
    }
    if suffix > 0 {
      found.append(TokenDiff.Match(old: o.upperBound, new: n.upperBound, count: suffix))
    }
    region = Region(oldRange: o, newRange: n)
  }

  /// Myers' O(ND) greedy search; the matched pairs in order, or nil when the edit
  /// distance exceeds the limit for this region's size.
  private func myers(_ region: Region) -> [(Int, Int)]? {
    let n = region.oldRange.count
    let m = region.newRange.count
    let (oldBase, newBase) = (region.oldRange.lowerBound, region.newRange.lowerBound)
    // Keep the work (n + m) · d under about 50 million steps as well.
    let limit = min(n + m, costLimit, max(64, 50_000_000 / (n + m)))
    let offset = limit + 1
    var v = [Int](repeating: 0, count: 2 * limit + 3)
    var trace: [[Int]] = []
    for d in 0...limit {
      trace.append(Array(v[(offset - d)...(offset + d)]))
      for k in stride(from: -d, through: d, by: 2) {
        var x: Int
        if k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1]) {
          x = v[offset + k + 1]
        } else {
          x = v[offset + k - 1] + 1
        }
        var y = x - k
        while x < n && y < m && old[oldBase + x] == new[newBase + y] {
          x += 1
          y += 1
        }
        v[offset + k] = x
        if x >= n && y >= m {
          return backtrack(trace, n: n, m: m, oldBase: oldBase, newBase: newBase)
        }
      }
    }
    return nil
  }

  private func backtrack(
    _ trace: [[Int]], n: Int, m: Int, oldBase: Int, newBase: Int
  ) -> [(Int, Int)] {
    var pairs: [(Int, Int)] = []
    var (x, y) = (n, m)
    for d in stride(from: trace.count - 1, through: 0, by: -1) {
      let v = trace[d]  // v[k] is at index k + d
      let k = x - y
      let previousK: Int
      if d == 0 {
        previousK = 0
      } else if k == -d || (k != d && v[k - 1 + d] < v[k + 1 + d]) {
        previousK = k + 1
      } else {
        previousK = k - 1
      }
      let previousX = d == 0 ? 0 : v[previousK + d]
      let previousY = previousX - previousK
      while x > previousX && y > previousY {
        x -= 1
        y -= 1
        pairs.append((oldBase + x, newBase + y))
      }
      x = previousX
      y = previousY
    }
    return pairs.reversed()
  }

  /// Unique tokens (patience); when the region has none, unique stretches of
  /// `gramLength` tokens (`SampledGramAnchors`), so a long sequence of tokens that
  /// each occur many times (2 million paragraphs of a few hundred distinct ones) is
  /// still cut into small gaps instead of becoming one change.
  private mutating func anchorsForLargeRegion(_ region: Region) -> [TokenDiff.Match] {
    let single = uniqueAnchors(region)
    if !single.isEmpty { return single.map { TokenDiff.Match(old: $0.0, new: $0.1, count: 1) } }
    return SampledGramAnchors(old: old, new: new).anchors(
      old: region.oldRange, new: region.newRange)
  }

  /// Tokens that occur exactly once in each side of the region, longest increasing
  /// run of them (patience sorting), as matched pairs in order.
  private mutating func uniqueAnchors(_ region: Region) -> [(Int, Int)] {
    if denseCount > 0 { return denseUniqueAnchors(region) }
    var counts: [Int: (old: Int, new: Int, oldIndex: Int, newIndex: Int)] = [:]
    for index in region.oldRange {
      counts[old[index], default: (0, 0, 0, 0)].old += 1
      counts[old[index]]?.oldIndex = index
    }
    for index in region.newRange where counts[new[index]] != nil {
      counts[new[index]]?.new += 1
      counts[new[index]]?.newIndex = index
    }
    var candidates: [(Int, Int)] = []
    for index in region.oldRange {
      if let entry = counts[old[index]], entry.old == 1, entry.new == 1 {
        candidates.append((index, entry.newIndex))
      }
    }
    return Self.longestIncreasing(candidates)
  }

  /// `uniqueAnchors` counted in `dense` (the same pairs, without hashing).
  private mutating func denseUniqueAnchors(_ region: Region) -> [(Int, Int)] {
    if dense.isEmpty { dense = [UniqueCount](repeating: UniqueCount(), count: denseCount) }
    var candidates: [(Int, Int)] = []
    dense.withUnsafeMutableBufferPointer { counts in
      old.withUnsafeBufferPointer { old in
        new.withUnsafeBufferPointer { new in
          for index in region.oldRange { counts[old[index]].old &+= 1 }
          for index in region.newRange where counts[new[index]].old != 0 {
            counts[new[index]].new &+= 1
            counts[new[index]].newIndex = index
          }
          for index in region.oldRange {
            let entry = counts[old[index]]
            if entry.old == 1, entry.new == 1 { candidates.append((index, entry.newIndex)) }
          }
          for index in region.oldRange { counts[old[index]] = UniqueCount() }
          for index in region.newRange { counts[new[index]] = UniqueCount() }
        }
      }
    }
    return Self.longestIncreasing(candidates)
  }

  /// The longest subsequence of `pairs` (sorted by the first value) whose second
  /// values increase.
  static func longestIncreasing(_ pairs: [(Int, Int)]) -> [(Int, Int)] {
    var tails: [Int] = []  // index into pairs of the smallest tail of each length
    var previous = [Int](repeating: -1, count: pairs.count)
    for (index, pair) in pairs.enumerated() {
      var low = 0
      var high = tails.count
      while low < high {
        let middle = (low + high) / 2
        if pairs[tails[middle]].1 < pair.1 { low = middle + 1 } else { high = middle }
      }
      if low > 0 { previous[index] = tails[low - 1] }
      if low == tails.count { tails.append(index) } else { tails[low] = index }
    }
    var result: [(Int, Int)] = []
    var index = tails.last ?? -1
    while index >= 0 {
      result.append(pairs[index])
      index = previous[index]
    }
    return result.reversed()
  }

  /// Sorts matches (in place: on a big body they are many) and joins touching ones;
  /// `matches` is left empty.
  private static func coalesce(_ matches: inout [TokenDiff.Match]) -> [TokenDiff.Match] {
    matches.sort { $0.old < $1.old }
    defer { matches = [] }
    var result: [TokenDiff.Match] = []
    for match in matches where match.count > 0 {
      if let last = result.last, last.old + last.count == match.old,
        last.new + last.count == match.new
      {
        result[result.count - 1].count += match.count
      } else {
        result.append(match)
      }
    }
    return result
  }
}
