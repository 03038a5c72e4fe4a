import Git

/// What packing did: the counts before and after.
public struct PackReport: Sendable, Hashable {
  /// Loose objects before.
  public var looseObjectsBefore: Int
  /// Bytes of loose objects before.
  public var looseBytesBefore: Int64
  /// Loose objects after (unreachable ones and big blobs stay).
  public var looseObjectsAfter: Int
  /// Number of packs after.
  public var packs: Int
  /// Bytes of packs after.
  public var packBytes: Int64
}

extension Store {
  /// Packs loose objects now (`notes gc`), under the pack lock; the store lock is taken
  /// only to delete what the new packs hold. Copies of discarded edits older than
  /// ``discardedEditsLifetime`` go too.
  public func packObjects() throws -> PackReport {
    // The pack lock first, then (briefly) the store lock, as the automatic pack takes them.
    let lock = try StoreLock(path: packLockPath, storePath: root, timeout: lockTimeout, onWait: { onLockWait?() })
    removeExpiredDiscardedEdits()
    return try withExtendedLifetime(lock) { try packInHalves() }
  }

  /// The automatic pack (`notes gc --auto`): packs if ``autoPackIsDue()``, under the pack
  /// lock, deleting only under the store lock (a writer of another process never sees a
  /// pack vanish under it mid-operation: libgit2 does not retry a pack that was deleted).
  /// Started detached after a command answered, so the user waits for it only when the
  /// next write comes while it still runs.
  ///
  /// - Returns: what packing did; nil when nothing was due or another process is packing.
  public func packIfDue() throws -> PackReport? {
    let lock: StoreLock
    do {
      lock = try StoreLock(path: packLockPath, storePath: root, timeout: 0, onWait: {})
    } catch NoteStoreError.storeLocked {
      return nil  // another packer runs now and packs what is due
    }
    removeExpiredDiscardedEdits()
    return try withExtendedLifetime(lock) { try autoPackIsDue() ? packInHalves() : nil }
  }

  /// Packs holding the pack lock (the caller has it): the new packs are written, and the
  /// loose copies of what they hold deleted, without the store lock, so a write that
  /// comes meanwhile waits for neither; deleting combined packs (which a writer of
  /// another process might be reading) takes the store lock for a few milliseconds.
  private func packInHalves() throws -> PackReport {
    let before = try git("counting loose objects") { try repository.packStatistics() }
    var work = try git("packing objects") { try repository.writePacksOfLooseObjects() }
    FaultPoint.afterPacksWritten.pauseIfRequested()
    try git("packing objects") { try repository.deletePackedLooseObjects(&work) }
    let after = try withWriteLock { try git("packing objects") { try repository.finishPacking(work) } }
    try recordLeftover(after)
    return PackReport(before: before, after: after)
  }

  /// Whether loose objects (big blobs apart, which stay loose) pass `autoPackThreshold`
  /// in number, or in bytes both `autoPackMinimumBytes` and an eighth of the packed
  /// bytes, as `git gc --auto` judges.
  public func autoPackIsDue() throws -> Bool {
    let statistics = try git("counting loose objects") { try repository.packStatistics() }
    let byteLimit = max(autoPackMinimumBytes, statistics.packBytes / 8)
    var looseObjects = statistics.looseObjects - statistics.bigLooseObjects
    var looseBytes = statistics.looseBytes - statistics.bigLooseBytes
    // What the last pack could not take does not count (``PackLeftover``), unless the
    // record names more than there is (plain git pruned it since).
    let leftover = PackLeftover.read(at: PackLeftover.path(gitDirectory: gitDirectory))
    if leftover.objects <= looseObjects && leftover.bytes <= looseBytes {
      looseObjects -= leftover.objects
      looseBytes -= leftover.bytes
    }
    return looseObjects >= autoPackThreshold || looseBytes >= byteLimit
  }

  /// Called after every commit, with the store lock held: when a pack is due, hands it to
  /// `onAutoPackDue` (the command line packs in a detached `notes gc --auto` after
  /// answering), or packs now when that is nil. `due` is what ``autoPackIsDue()``
  /// answered.
  func packIfNeeded(due: Bool) throws {
    guard due else { return }
    if let onAutoPackDue {
      onAutoPackDue()
      return
    }
    // The store lock is held here, and a detached packer takes the pack lock first: do
    // not wait for it (it packs what is due), so the two locks never wait on each other.
    let lock: StoreLock
    do {
      lock = try StoreLock(path: packLockPath, storePath: root, timeout: 0, onWait: {})
    } catch NoteStoreError.storeLocked {
      return
    }
    _ = try withExtendedLifetime(lock) { try packNow() }
  }

  /// The lock that one packer at a time holds (`.git/notes-pack.lock`).
  var packLockPath: String { gitDirectory + "/notes-pack.lock" }

  private func packNow() throws -> PackReport {
    let before = try git("counting loose objects") { try repository.packStatistics() }
    let after = try git("packing objects") { try repository.packLooseObjects() }
    try recordLeftover(after)
    return PackReport(before: before, after: after)
  }

  /// Keeps what a pack left loose out of the next count (``PackLeftover``).
  private func recordLeftover(_ after: PackStatistics) throws {
    try PackLeftover(objects: after.leftLooseObjects, bytes: after.leftLooseBytes)
      .write(to: PackLeftover.path(gitDirectory: gitDirectory))
  }
}

extension PackReport {
  init(before: PackStatistics, after: PackStatistics) {
    self.init(
      looseObjectsBefore: before.looseObjects, looseBytesBefore: before.looseBytes,
      looseObjectsAfter: after.looseObjects, packs: after.packs, packBytes: after.packBytes)
  }
}

extension Store {
  /// Starts `executable gc --auto` on this store as a detached process (see
  /// `DetachedProcess`), for a pack that ``onAutoPackDue`` reported; false when it could
  /// not be started (the next write reports the pack due again).
  @discardableResult
  public static func startDetachedAutoPack(executable: String, storeRoot: String) -> Bool {
    DetachedProcess.start(executable, arguments: ["-C", storeRoot, "--quiet", "gc", "--auto"])
  }
}
