import CLibGit2
import Foundation

extension Repository {
  /// When there are more packs than this after packing, they are consolidated into one.
  public static let maximumPackCount = 20

  /// How many loose objects and packs the repository has, and their sizes.
  public func packStatistics() throws -> PackStatistics {
    let loose = looseObjects()
    let packs = packFiles()
    return PackStatistics(
      looseObjects: loose.count, looseBytes: loose.reduce(0) { $0 + $1.size },
      packs: packs.count, packBytes: packs.reduce(0) { $0 + $1.size })
  }

  /// Moves the loose objects reachable from references and `HEAD` into a new pack (with
  /// deltas), then deletes every loose object that a pack now provably holds. Unreachable
  /// loose objects stay. Small packs are then rolled up geometrically, as `git repack
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
    let loose = looseObjects()
    if !loose.isEmpty {
      let looseIDs = Set(loose.map(\.id))
      let builder = try makePackBuilder()
      var inserter = LooseInserter(repository: self, builder: builder.pointer, loose: looseIDs)
      for tip in try packTips() { try inserter.insert(tip: tip) }
      if git_packbuilder_object_count(builder.pointer) > 0 {
        try writePack(builder)
      }
      try pruneLoose(loose)
    }
    if packFiles().count > Self.maximumPackCount {
      try consolidatePacks()
    } else {
      try combineSmallPacks()
    }
    try reopenObjectDatabase()
    return try packStatistics()
  }

  /// Commits (or other objects) that references and `HEAD` point to.
  private func packTips() throws -> [ObjectID] {
    var tips = Set(try references(matching: "refs/*").map(\.target))
    if let head = try referenceTarget("HEAD") { tips.insert(head) }
    return tips.sorted()
  }

  private func makePackBuilder() throws(GitError) -> OwnedHandle {
    try OwnedHandle.make(
      "git_packbuilder_new", keepAlive: self, release: { git_packbuilder_free($0) }
    ) { git_packbuilder_new(&$0, pointer) }
  }

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

  /// Deletes each loose object that some pack holds, checked against the pack indexes
  /// themselves rather than trusting what was inserted.
  private func pruneLoose(_ loose: [LooseObject]) throws(GitError) {
    let packs = try PackSet(indexPaths: packFiles().map(\.indexPath))
    try prune(loose, in: packs)
  }

  private func prune(_ loose: [LooseObject], in packs: consuming PackSet) throws(GitError) {
    for object in loose where packs.contains(object.id) {
      unlink(object.path)
    }
    for directory in Set(loose.map { URL(fileURLWithPath: $0.path).deletingLastPathComponent().path }) {
      rmdir(directory)  // only succeeds when empty, as `git prune-packed` does
    }
  }

  /// Combines the smallest packs into one (a geometric progression with factor 2, the
  /// largest pack excepted) and deletes them once the new pack provably holds all their
  /// objects.
  private func combineSmallPacks() throws {
    let packs = packFiles().filter { !$0.isKept }.sorted { ($0.size, $0.stem) < ($1.size, $1.stem) }
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
    guard rollUp >= 2 else { return }
    let small = Array(packs.prefix(rollUp))
    let builder = try makePackBuilder()
    let objects = try PackSet(indexPaths: small.map(\.indexPath)).allObjects()
    for id in objects {
      var oid = id.raw
      try check(git_packbuilder_insert(builder.pointer, &oid, nil), "git_packbuilder_insert")
    }
    let newIndex = try writePack(builder)
    let combined = try PackSet(indexPaths: [newIndex])
    guard objects.allSatisfy({ combined.contains($0) }) else { return }
    for pack in small where pack.indexPath != newIndex { removePack(pack) }
  }

  /// Repacks everything reachable into one pack; deletes old packs it fully covers.
  private func consolidatePacks() throws {
    let oldPacks = packFiles()
    let builder = try makePackBuilder()
    let walk = try OwnedHandle.make(
      "git_revwalk_new", keepAlive: self, release: { git_revwalk_free($0) }
    ) { git_revwalk_new(&$0, pointer) }
    try check(git_revwalk_push_glob(walk.pointer, "refs/*"), "git_revwalk_push_glob")
    if try referenceTarget("HEAD") != nil {
      try check(git_revwalk_push_head(walk.pointer), "git_revwalk_push_head")
    }
    try check(git_packbuilder_insert_walk(builder.pointer, walk.pointer), "git_packbuilder_insert_walk")
    let newIndex = try writePack(builder)
    let consolidated = try PackSet(indexPaths: [newIndex])
    for pack in oldPacks where pack.indexPath != newIndex && !pack.isKept {
      let old = try PackSet(indexPaths: [pack.indexPath])
      if try old.allObjects().allSatisfy({ consolidated.contains($0) }) {
        removePack(pack)
      }
    }
  }

  /// Gives the repository a fresh object database, so it forgets deleted packs and sees new ones.
  ///
  /// The corresponding libgit2 function is `git_repository_set_odb`.
  func reopenObjectDatabase() throws(GitError) {
    let database = try OwnedHandle.make("git_odb_open", keepAlive: nil, release: { git_odb_free($0) }) {
      git_odb_open(&$0, objectsDirectory)
    }
    // The repository takes its own reference; ours is released when `database` ends.
    try check(git_repository_set_odb(pointer, database.pointer), "git_repository_set_odb")
  }
}
