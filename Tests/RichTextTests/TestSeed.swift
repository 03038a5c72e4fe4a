import Foundation

/// The seed of a seeded random test: `NOTES_TEST_SEED` from the environment when set
/// (to replay a failure), a fresh random one otherwise, printed with the suite's name
/// so that a failure can be replayed.
enum TestSeed {
  static func make(for suite: String) -> UInt64 {
    let seed = ProcessInfo.processInfo.environment["NOTES_TEST_SEED"].flatMap { UInt64($0) }
      ?? UInt64.random(in: 0...UInt64(UInt32.max))
    print("\(suite) seed \(seed) (replay with NOTES_TEST_SEED=\(seed))")
    return seed
  }
}
