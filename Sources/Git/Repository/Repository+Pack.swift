import CLibGit2
import Foundation

extension Repository {
  /// When there are more packs than this after packing, they are consolidated into one.
  public static let maximumPackCount = 20

  /// How many loose objects and packs the repository has, and their sizes.
  public func packStatistics() throws -> PackStatistics {
    let loose = looseObjects()
    let packs = packFiles()
    let big = try bigObjects(loose)
    let bigLoose = loose.filter { big.contains($0.id) }
    return PackStatistics(
      looseObjects: loose.count, looseBytes: loose.reduce(0) { $0 + $1.size },
      packs: packs.count, packBytes: packs.reduce(0) { $0 + $1.size },
      bigLooseObjects: bigLoose.count, bigLooseBytes: bigLoose.reduce(0) { $0 + $1.size })
  }

  /// The loose objects that are big blobs (``bigFileLimit()`` bytes or more). Only files
  /// of a mebibyte (or a sixteenth of the limit) or more on disk are looked at (compression never makes a big blob
  /// smaller than that in practice), by their header.
  private func bigObjects(_ loose: [LooseObject]) throws(GitError) -> Set<ObjectID> {
    var big: Set<ObjectID> = []
    let limit = try bigFileLimit()
    for object in loose where object.size >= min(1 << 20, limit / 16) {
      if try isBigBlob(object.id, limit: limit) { big.insert(object.id) }
    }
    return big
  }

  /// Whether `id` is a blob of `limit` bytes or more, from its header.
  func isBigBlob(_ id: ObjectID, limit: Int64) throws(GitError) -> Bool {
    let database = try objectDatabase()
    var oid = id.raw
    var size = 0
    var type = GIT_OBJECT_INVALID
    try check(git_odb_read_header(&size, &type, database.pointer, &oid), "git_odb_read_header")
    return type == GIT_OBJECT_BLOB && Int64(size) >= limit
  }

  /// Moves the loose objects reachable from references, `HEAD` and their reflogs into a
  /// new pack (with deltas), then deletes every loose object that a pack now provably
  /// holds. Unreachable loose objects stay (counted in
  /// ``PackStatistics/leftLooseObjects``), and so do big blobs (``bigFileThreshold``): packing them would
  /// load each one whole. Small packs are then rolled up geometrically, as `git repack
  /// --geometric=2` does: the smallest packs are combined until each remaining pack is at
  /// least twice the size of all smaller ones together, so there are few packs and each
  /// object is repacked only a logarithmic number of times. When more than
  /// ``maximumPackCount`` packs remain anyway, everything reachable is repacked into one
  /// pack, and each old pack whose objects are all in it is deleted.
  ///
  /// Run it while no other process writes to the repository (hold the app's lock).
  ///
  /// - Returns: The statistics afterwards.
  ///
  /// The corresponding libgit2 functions are `git_packbuilder_insert` and `git_packbuilder_write`.
  public func packLooseObjects() throws -> PackStatistics {
    try finishPacking(try writePacksOfLooseObjects())
  }

  /// What ``writePacksOfLooseObjects()`` packed: the loose objects it looked at and the old
  /// packs its new pack combined, which ``finishPacking(_:)`` deletes once proven covered.
  public struct PackingWork {
    fileprivate var loose: [LooseObject] = []
    fileprivate var combinedPacks: [PackFile] = []
    fileprivate var combinedInto: String?
    /// Whether ``Repository/deletePackedLooseObjects(_:)`` has deleted the loose copies.
    fileprivate var looseDeleted = false
  }

  /// The first half of ``packLooseObjects()``, which only adds files: the loose objects
  /// reachable from references and reflogs go into a new pack, and small packs are combined into
  /// another. Readers and writers of the repository may go on meanwhile (a new pack never
  /// disturbs them; objects written meanwhile stay loose for the next time), so it needs
  /// no lock but one that keeps a second packer out.
  public func writePacksOfLooseObjects() throws -> PackingWork {
    var work = PackingWork()
    let big = try bigObjects(looseObjects())
    work.loose = looseObjects().filter { !big.contains($0.id) }  // big blobs stay loose
    if !work.loose.isEmpty {
      let looseIDs = Set(work.loose.map(\.id))
      let builder = try makePackBuilder()
      var inserter = LooseInserter(repository: self, builder: builder.pointer, loose: looseIDs)
      for tip in try packTips() { try inserter.insert(tip: tip) }
      if git_packbuilder_object_count(builder.pointer) > 0 {
        try writePack(builder)
      }
    }
    if packFiles().count > Self.maximumPackCount {
      (work.combinedPacks, work.combinedInto) = try consolidatePacks()
    } else {
      (work.combinedPacks, work.combinedInto) = try combineSmallPacks()
    }
    return work
  }

  /// Between the halves, with no lock: deletes the loose copies of the objects that a pack
  /// provably holds (checked against the pack indexes themselves, not trusting what was
  /// inserted), as `git prune-packed` does while others read and write. A reader
  /// that misses a deleted copy finds the object in the pack, and a writer that writes the
  /// same object again writes a loose copy that the next pack takes. The folders left
  /// empty stay until ``finishPacking(_:)``: a writer may be about to put an object there.
  public func deletePackedLooseObjects(_ work: inout PackingWork) throws {
    guard !work.loose.isEmpty, !work.looseDeleted else { return }
    // Not the pack that combined others: ``finishPacking(_:)`` deletes it again when
    // packs went meanwhile (a purge of refused fetched objects), and a copy only it held
    // would be lost with it.
    let packs = try PackSet(indexPaths: packFiles().map(\.indexPath).filter { $0 != work.combinedInto })
    for object in work.loose where packs.contains(object.id) {
      unlink(object.path)
    }
    work.looseDeleted = true
  }

  /// The second half of ``packLooseObjects()``, which deletes: each loose object (unless
  /// ``deletePackedLooseObjects(_:)`` did) and each combined pack whose objects a pack now
  /// provably holds, and the object folders left empty. Run it while no other process
  /// writes to the repository (hold the app's lock); it takes milliseconds.
  ///
  /// - Returns: The statistics afterwards.
  public func finishPacking(_ work: PackingWork) throws -> PackStatistics {
    var statistics = try finishPackingFiles(work)
    // What packing looked at and left loose: no reference or reflog reaches it.
    for object in work.loose {
      var info = stat()
      if stat(object.path, &info) == 0 {
        statistics.leftLooseObjects += 1
        statistics.leftLooseBytes += Int64(info.st_size)
      }
    }
    return statistics
  }

  private func finishPackingFiles(_ work: PackingWork) throws -> PackStatistics {
    var work = work
    try deletePackedLooseObjects(&work)
    for directory in Set(work.loose.map { URL(fileURLWithPath: $0.path).deletingLastPathComponent().path }) {
      rmdir(directory)  // only succeeds when empty, as `git prune-packed` does
    }
    if let combinedInto = work.combinedInto {
      let present = Set(packFiles().map(\.indexPath))
      if work.combinedPacks.contains(where: { !present.contains($0.indexPath) }) {
        // Someone removed packs meanwhile (a purge of refused fetched objects keeps what is
        // reachable elsewhere): the combined copy may hold what it purged, so it goes, and
        // the packs that are left keep their objects.
        if let new = packFiles().first(where: { $0.indexPath == combinedInto }) { removePack(new) }
        try reopenObjectDatabase()
        return try packStatistics()
      }
      let combined = try PackSet(indexPaths: [combinedInto])
      for pack in work.combinedPacks where pack.indexPath != combinedInto && !pack.isKept {
        let old = try PackSet(indexPaths: [pack.indexPath])
        if try old.allObjects().allSatisfy({ combined.contains($0) }) { removePack(pack) }
      }
    }
    try reopenObjectDatabase()
    return try packStatistics()
  }

  /// Commits (or other objects) that references, `HEAD` and their reflogs point to.
  private func packTips() throws -> [ObjectID] {
    var tips = Set(try references(matching: "refs/*").map(\.target))
    if let head = try referenceTarget("HEAD") { tips.insert(head) }
    // A walk stops at packed objects: a loose commit that only a fetched (packed) commit
    // reaches is found from the reflogs instead (``reflogObjectIDs()``).
    tips.formUnion(reflogObjectIDs())
    return tips.sorted()
  }

  private func makePackBuilder() throws(GitError) -> OwnedHandle {
    let builder = try OwnedHandle.make(
      "git_packbuilder_new", keepAlive: self, release: { git_packbuilder_free($0) }
    ) { git_packbuilder_new(&$0, pointer) }
    // 0: one delta-search thread per core.
    _ = git_packbuilder_set_threads(builder.pointer, Self.packThreads)
    return builder
  }

  /// Delta-search threads of a pack builder (0: as many as cores).
  static let packThreads: UInt32 = 0

  /// Writes the pack, makes it durable and returns its index path.
  ///
  /// libgit2 1.5 fsyncs a written pack only with `core.fsyncObjectFiles`, a setting
  /// git 2.39 warns about on every command, so the pack, its index and the pack
  /// directory are synced here instead, before any loose object is deleted.
  @discardableResult
  private func writePack(_ builder: borrowing OwnedHandle) throws(GitError) -> String {
    try check(
      git_packbuilder_write(builder.pointer, packDirectory, 0, nil, nil), "git_packbuilder_write")
    guard let name = decodeCString(git_packbuilder_name(builder.pointer)) else {
      throw .synthesized(.generic, .odb, "the new pack has no name", "git_packbuilder_name")
    }
    let base = packDirectory + "/pack-" + name
    for path in [base + ".pack", base + ".idx", packDirectory] {
      let file = try FileDescriptor(path: path, flags: O_RDONLY, function: "open")
      try file.sync(path: path)
    }
    return base + ".idx"
  }

  /// Whether a pack holds a blob of ``bigFileLimit()`` bytes or more (one that came in
  /// by a fetch or a clone), which repacking would load whole. Only packs of a mebibyte
  /// (or a sixteenth of the limit) or more are looked at.
  private func holdsBigBlob(_ pack: PackFile) throws(GitError) -> Bool {
    let limit = try bigFileLimit()
    guard pack.size >= min(1 << 20, limit / 16) else { return false }
    for id in try PackSet(indexPaths: [pack.indexPath]).allObjects() where try isBigBlob(id, limit: limit) {
      return true
    }
    return false
  }

  /// Combines the smallest packs into one (a geometric progression with factor 2, the
  /// largest pack excepted); returns them and the new pack's index, for
  /// ``finishPacking(_:)`` to delete them once the new pack provably holds all their objects.
  private func combineSmallPacks() throws -> ([PackFile], String?) {
    let packs = try packFiles().filter { !$0.isKept }.sorted { ($0.size, $0.stem) < ($1.size, $1.stem) }
      .filter { pack in try !holdsBigBlob(pack) }
    // Roll up from the smallest while the next pack is less than twice what is rolled up.
    // The largest pack (the bulk of the history) is left alone: rewriting it on every
    // roll-up would make some writes slow; ``maximumPackCount`` bounds the rest.
    var rollUp = 0
    var total: Int64 = 0
    for pack in packs.dropLast() {
      if rollUp > 0 && pack.size >= 2 * total { break }
      total += pack.size
      rollUp += 1
    }
    guard rollUp >= 2 else { return ([], nil) }
    let small = Array(packs.prefix(rollUp))
    let builder = try makePackBuilder()
    let objects = try PackSet(indexPaths: small.map(\.indexPath)).allObjects()
    for id in objects {
      var oid = id.raw
      try check(git_packbuilder_insert(builder.pointer, &oid, nil), "git_packbuilder_insert")
    }
    return (small, try writePack(builder))
  }

  /// Repacks the objects of every pack into one pack (the loose reachable ones were packed
  /// just before); returns the old packs and the new index (``finishPacking(_:)`` deletes
  /// the old packs it fully covers). Packs that hold a big blob are left alone, so no blob
  /// is ever loaded whole.
  private func consolidatePacks() throws -> ([PackFile], String?) {
    let oldPacks = try packFiles().filter { pack in try !pack.isKept && !holdsBigBlob(pack) }
    guard oldPacks.count >= 2 else { return ([], nil) }
    let builder = try makePackBuilder()
    for id in try PackSet(indexPaths: oldPacks.map(\.indexPath)).allObjects() {
      var oid = id.raw
      try check(git_packbuilder_insert(builder.pointer, &oid, nil), "git_packbuilder_insert")
    }
    return (oldPacks, try writePack(builder))
  }
}
