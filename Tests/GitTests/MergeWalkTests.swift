import Foundation
import Testing

@testable import Git

/// ``MergeWalk`` walks sorted lists side by side (the push planner's tree comparison and
/// sync's package diff); ``RecentCache`` keeps the last few values by key.
@Suite("Merge walk and recent cache")
struct MergeWalkTests {
  /// Each item of the union once, in order, with where each list holds it.
  static func expected(_ lists: [[Int]]) -> [[Int?]] {
    Set(lists.joined()).sorted().map { item in lists.map { $0.firstIndex(of: item) } }
  }

  static func walked(_ lists: [[Int]], stoppingAfter limit: Int = .max) -> (visits: [[Int?]], whole: Bool) {
    var visits: [[Int?]] = []
    let whole = MergeWalk.walk(
      counts: lists.map(\.count),
      compare: { a, b in lists[a.list][a.index] - lists[b.list][b.index] }
    ) { positions in
      visits.append(positions)
      return visits.count < limit
    }
    return (visits, whole)
  }

  @Test("seeded random sorted lists: the union in order, each list's position of each item")
  func randomLists() {
    let seed = UInt64.random(in: 0...UInt64.max)
    print("MergeWalkTests.randomLists seed \(seed)")
    var generator = SeededGenerator(seed: seed)
    for round in 0..<2_000 {
      let lists = (0..<Int.random(in: 0...4, using: &generator)).map { _ in
        Array(Set((0..<Int.random(in: 0...12, using: &generator)).map { _ in Int.random(in: 0..<20, using: &generator) }))
          .sorted()
      }
      let (visits, whole) = Self.walked(lists)
      #expect(whole, "seed \(seed) round \(round)")
      #expect(visits == Self.expected(lists), "seed \(seed) round \(round)")
    }
  }

  @Test("stops when the visit says so")
  func stops() {
    let (visits, whole) = Self.walked([[1, 2, 3], [2, 3, 4]], stoppingAfter: 2)
    #expect(!whole)
    #expect(visits == [[0, nil], [1, 0]])
  }

  @Test("unsorted or repeated items: every item of every list is visited once, in its list's order")
  func unsorted() {
    let seed = UInt64.random(in: 0...UInt64.max)
    print("MergeWalkTests.unsorted seed \(seed)")
    var generator = SeededGenerator(seed: seed)
    for round in 0..<2_000 {
      let lists = (0..<Int.random(in: 1...3, using: &generator)).map { _ in
        (0..<Int.random(in: 0...8, using: &generator)).map { _ in Int.random(in: 0..<6, using: &generator) }
      }
      let (visits, _) = Self.walked(lists)
      for (list, items) in lists.enumerated() {
        #expect(visits.compactMap { $0[list] } == Array(items.indices), "seed \(seed) round \(round)")
      }
    }
  }

  @Test("a recent cache keeps the newest values up to its capacity; reading does not refresh")
  func recentCache() {
    let cache = RecentCache<Int, String>(capacity: 2)
    cache.keep("a", for: 1)
    cache.keep("b", for: 2)
    #expect(cache[1] == "a")
    cache.keep("c", for: 3)
    #expect(cache[1] == nil && cache[2] == "b" && cache[3] == "c")
    // Keeping a key again replaces its value and makes it the newest.
    cache.keep("B", for: 2)
    cache.keep("d", for: 4)
    #expect(cache[3] == nil && cache[2] == "B" && cache[4] == "d")
  }
}
