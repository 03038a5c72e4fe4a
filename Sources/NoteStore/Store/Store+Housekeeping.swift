import Git

/// What packing did: the counts before and after.
public struct PackReport: Sendable, Hashable {
  /// Loose objects before.
  public var looseObjectsBefore: Int
  /// Bytes of loose objects before.
  public var looseBytesBefore: Int64
  /// Loose objects after (unreachable ones stay).
  public var looseObjectsAfter: Int
  /// Number of packs after.
  public var packs: Int
  /// Bytes of packs after.
  public var packBytes: Int64
}

extension Store {
  /// Packs loose objects now (`notes gc`), under the store lock.
  public func packObjects() throws -> PackReport {
    try withWriteLock { try packNow() }
  }

  /// Packs when loose objects pass `autoPackThreshold` in number, or in bytes both
  /// `autoPackMinimumBytes` and an eighth of the packed bytes, as `git gc --auto` does.
  /// Called after every commit, with the lock held.
  func packIfNeeded() throws {
    let statistics = try git("counting loose objects") { try repository.packStatistics() }
    let byteLimit = max(autoPackMinimumBytes, statistics.packBytes / 8)
    if statistics.looseObjects >= autoPackThreshold || statistics.looseBytes >= byteLimit {
      _ = try packNow()
    }
  }

  private func packNow() throws -> PackReport {
    let before = try git("counting loose objects") { try repository.packStatistics() }
    let after = try git("packing objects") { try repository.packLooseObjects() }
    return PackReport(
      looseObjectsBefore: before.looseObjects, looseBytesBefore: before.looseBytes,
      looseObjectsAfter: after.looseObjects, packs: after.packs, packBytes: after.packBytes)
  }
}
