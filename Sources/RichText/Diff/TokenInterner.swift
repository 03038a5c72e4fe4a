/// Numbers distinct values in order of first appearance, so sequences of them can be
/// diffed as `[Int]` (`TokenDiff`).
///
/// ```swift
/// var interner = TokenInterner<String>()
/// interner.intern(["a", "b", "a"])  // [0, 1, 0]
/// ```
public struct TokenInterner<Token: Hashable>: Sendable where Token: Sendable {
  private var numbers: [Token: Int] = [:]

  /// Creates an empty interner.
  public init() {}

  /// The number of `token`, assigning the next free number to a new token.
  public mutating func intern(_ token: Token) -> Int {
    if let number = numbers[token] { return number }
    let number = numbers.count
    numbers[token] = number
    return number
  }

  /// The numbers of `tokens`, in order.
  public mutating func intern(_ tokens: some Sequence<Token>) -> [Int] {
    tokens.map { intern($0) }
  }

  /// How many distinct tokens have been numbered.
  public var count: Int { numbers.count }
}
