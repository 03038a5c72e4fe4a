extension HistoryIndexBase {
  /// The position of `value` among the strings, as ``index(ofString:)`` finds it, for
  /// a caller that looks strings up in sorted order (a scan's paths): given the
  /// position `hint` of an earlier, smaller string, it searches just after it first, so
  /// a string a few places further on costs a few comparisons, not a full bisection.
  /// Any hint gives the same answer.
  func index(ofString value: String, after hint: Int) -> Int? {
    var key = value
    return key.withUTF8 { utf8 in
      let target = UnsafeRawBufferPointer(utf8)
      guard hint >= 0, hint < stringCount, Self.compare(stringBytes(hint), target) < 0 else {
        return searchStrings(for: target, in: 0..<stringCount)
      }
      // Windows of doubling width after the hint, until one ends past the target.
      // Every string before `low` is smaller than it.
      var low = hint + 1
      var width = 1
      while low < stringCount {
        let probe = min(low + width, stringCount) - 1
        let order = Self.compare(stringBytes(probe), target)
        if order == 0 { return probe }
        if order > 0 { return searchStrings(for: target, in: low..<probe) }
        low = probe + 1
        width *= 2
      }
      return nil
    }
  }
}
