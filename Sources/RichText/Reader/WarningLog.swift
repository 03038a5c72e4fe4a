/// Collects warnings in input order, keeping at most ``RTFReader/maxWarnings``.
struct WarningLog {
  private(set) var entries: [RTFWarning] = []
  /// How many warnings were found but not kept.
  private(set) var dropped = 0

  mutating func add(_ kind: RTFWarning.Kind, at offset: Int) {
    if entries.count < RTFReader.maxWarnings {
      entries.append(RTFWarning(offset: offset, kind: kind))
    } else {
      dropped += 1
    }
  }

  /// Merges two logs by offset (stable: `self` first on ties) and caps the result,
  /// ending it with a `.tooManyWarnings` entry when anything was left out.
  func merged(with other: WarningLog) -> [RTFWarning] {
    var all = entries + other.entries
    let order = all.indices.sorted { (all[$0].offset, $0) < (all[$1].offset, $1) }
    all = order.map { all[$0] }
    let total = all.count + dropped + other.dropped
    guard total > RTFReader.maxWarnings else { return all }
    let kept = Array(all.prefix(RTFReader.maxWarnings - 1))
    let offset = all.count >= RTFReader.maxWarnings ? all[RTFReader.maxWarnings - 1].offset : (all.last?.offset ?? 0)
    return kept + [RTFWarning(offset: offset, kind: .tooManyWarnings)]
  }
}
