import Foundation

/// A seeded random number generator (SplitMix64) for tests whose failures must be
/// replayable: the seed comes from `NOTES_TEST_SEED` when set, else from the clock,
/// and tests print it.
struct SeededRandom: RandomNumberGenerator {
  /// The seed this generator started from.
  let seed: UInt64
  private var state: UInt64

  init(seed: UInt64) {
    self.seed = seed
    state = seed
  }

  /// A generator seeded from `NOTES_TEST_SEED`, else from the clock.
  static func fromEnvironment() -> SeededRandom {
    if let text = ProcessInfo.processInfo.environment["NOTES_TEST_SEED"], let seed = UInt64(text) {
      return SeededRandom(seed: seed)
    }
    return SeededRandom(seed: UInt64(Date().timeIntervalSince1970 * 1_000_000))
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }
}
