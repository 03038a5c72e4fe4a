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

  /// Random lists of random items, `rounds` times, from a printed seed.
  static func randomRounds(
    _ name: String, lists: ClosedRange<Int>, items: ClosedRange<Int>, values: Int,
    _ check: (_ lists: [[Int]], _ context: String) -> Void
  ) {
    let seed = UInt64.random(in: 0...UInt64.max)
    print("MergeWalkTests.\(name) seed \(seed)")
    var generator = SeededGenerator(seed: seed)
    for round in 0..<2_000 {
      let made = (0..<Int.random(in: lists, using: &generator)).map { _ in
        (0..<Int.random(in: items, using: &generator)).map { _ in Int.random(in: 0..<values, using: &generator) }
      }
      check(made, "seed \(seed) round \(round)")
    }
  }

  @Test("seeded random sorted lists: the union in order, each list's position of each item")
  func randomLists() {
    Self.randomRounds("randomLists", lists: 0...4, items: 0...12, values: 20) { made, context in
      let lists = made.map { Array(Set($0)).sorted() }
      let (visits, whole) = Self.walked(lists)
      #expect(whole, "\(context)")
      #expect(visits == Self.expected(lists), "\(context)")
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
    Self.randomRounds("unsorted", lists: 1...3, items: 0...8, values: 6) { lists, context in
      let (visits, _) = Self.walked(lists)
      for (list, items) in lists.enumerated() {
        #expect(visits.compactMap { $0[list] } == Array(items.indices), "\(context)")
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
