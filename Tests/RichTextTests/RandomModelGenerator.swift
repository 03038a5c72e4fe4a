/// A small deterministic random number generator (SplitMix64), so property tests
/// are reproducible from their seed and share no state.
struct SplitMix64 {
  private var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A uniformly distributed integer in `range`.
  mutating func int(in range: ClosedRange<Int>) -> Int {
    let width = UInt64(range.upperBound - range.lowerBound) &+ 1
    if width == 0 { return Int(truncatingIfNeeded: next()) }
    return range.lowerBound + Int(next() % width)
  }

  /// True with probability `percent` / 100.
  mutating func chance(_ percent: Int) -> Bool {
    int(in: 0...99) < percent
  }

  mutating func element<T>(_ choices: [T]) -> T {
    choices[int(in: 0...(choices.count - 1))]
  }
}
