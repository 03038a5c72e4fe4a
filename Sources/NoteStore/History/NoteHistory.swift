import Foundation
import Git

/// The per-note history index (DESIGN §7): the one owner of `.git/notes-history.*`.
///
/// It covers every commit reachable from this device's branch and from the fetched
/// device branches (`refs/remotes/*/devices/*`). Every read first catches up: when the
/// tips moved it walks only the new commits; when the files are missing or corrupt,
/// or a tip it recorded is no longer in the history (a fetched branch was rewritten),
/// it rebuilds from scratch. It is never trusted over git: every entry names its
/// commit, and an entry whose commit is gone means a rebuild.
final class NoteHistory {
  private let repository: Repository
  private let device: DeviceName
  private let location: HistoryIndexFile.Location
  /// The index as last loaded or built, with the base it extends on disk.
  private var loaded: HistoryIndex?
  /// How many commits, or how many note changes, a delta file may hold before the next
  /// update rewrites the base. Both count: an import is one commit of thousands of
  /// changes, and every later read would decode them all from the delta again.
  static let defaultDeltaLimit = 2_000
  private let deltaLimit: Int

  /// Where a long build reports how far it has come.
  private let progress: (@Sendable (WorkProgress) -> Void)?

  init(
    repository: Repository, device: DeviceName, deltaLimit: Int = NoteHistory.defaultDeltaLimit,
    progress: (@Sendable (WorkProgress) -> Void)? = nil
  ) {
    self.repository = repository
    self.device = device
    self.deltaLimit = deltaLimit
    self.progress = progress
    location = HistoryIndexFile.Location(gitDirectory: repository.gitDirectory)
  }

  /// The branch tips the index must cover now: this device's branch first, then the
  /// fetched device branches by reference name.
  func currentTips() throws -> [HistoryIndexBuilder.BranchTip] {
    var tips: [HistoryIndexBuilder.BranchTip] = []
    if let head = try repository.referenceTarget(device.branch) {
      tips.append(.init(reference: device.branch, commit: head, device: device.rawValue))
    }
    for (name, target) in try repository.references(matching: "refs/remotes/*").sorted(by: { $0.name < $1.name }) {
      let parts = name.split(separator: "/", omittingEmptySubsequences: false)
      guard parts.count == 5, parts[3] == "devices" else { continue }
      tips.append(.init(reference: name, commit: target, device: String(parts[4])))
    }
    return tips
  }

  /// The index, brought up to date with the branches.
  func index() throws -> HistoryIndex {
    let tips = try currentTips()
    if let loaded, loaded.tips == tips.map({ HistoryIndex.Tip(reference: $0.reference, commit: $0.commit) }) {
      return loaded
    }
    return try catchUp(to: tips)
  }

  /// Called after every move of this device's branch and after every fetch: brings
  /// the index on disk up to date, so the next read finds it current.
  func branchesDidMove() throws {
    _ = try index()
  }

  /// Throws away the index (in memory and on disk) and builds it again from git.
  @discardableResult
  func rebuild() throws -> HistoryIndex {
    loaded = nil
    try? FileManager.default.removeItem(atPath: location.delta)
    try? FileManager.default.removeItem(atPath: location.base)
    try? FileManager.default.removeItem(atPath: location.stamp)
    return try build(from: nil, to: try currentTips())
  }

  /// Checks that the commits named by a query's answer still exist; when one does
  /// not, the index is stale beyond repair and is rebuilt.
  ///
  /// - Returns: false when a rebuild happened (ask again).
  func verify(_ commits: [ObjectID]) throws -> Bool {
    guard commits.allSatisfy({ repository.objectExists($0) }) else {
      try rebuild()
      return false
    }
    return true
  }

  private func catchUp(to tips: [HistoryIndexBuilder.BranchTip]) throws -> HistoryIndex {
    var start = loaded
    if start == nil {
      do {
        start = try HistoryIndexFile.read(location)
      } catch is HistoryIndexFileError {
        start = nil
      }
    }
    guard let start, holdsItsCommits(start) else {
      return try build(from: nil, to: tips)
    }
    // Extend first, then ask the extended index whether every tip it recorded is still
    // in the history of a current one: the new commits' parent links answer that in
    // a few steps, where libgit2's merge-base walk (no commit-graph in 1.5) took
    // milliseconds that grew with the history.
    var index = start
    do {
      try extend(&index, to: tips)
    } catch is HistoryIndexFileError {
      return try build(from: nil, to: tips)
    }
    guard index.stillContains(start.tips, from: tips) else {
      return try build(from: nil, to: tips)
    }
    return try keep(index, after: start)
  }

  /// Whether the newest commit and every recorded tip of `index` still exist in git
  /// and the tips are in the index.
  private func holdsItsCommits(_ index: HistoryIndex) -> Bool {
    if let last = index.commits.last, !repository.objectExists(last.id) { return false }
    return index.tips.allSatisfy { repository.objectExists($0.commit) && index.position(of: $0.commit) != nil }
  }

  private func build(from start: HistoryIndex?, to tips: [HistoryIndexBuilder.BranchTip]) throws -> HistoryIndex {
    var index = start ?? HistoryIndex()
    try extend(&index, to: tips)
    return try keep(index, after: start)
  }

  private func extend(_ index: inout HistoryIndex, to tips: [HistoryIndexBuilder.BranchTip]) throws {
    // Derived data read in bulk: root trees are read through `BulkTreeReader`, not hashed
    // again (as git reads them), and other big trees, each read once, are not kept in
    // libgit2's cache.
    try GitLibrary.withoutBigTreeCache {
      try HistoryIndexBuilder(repository: repository, progress: progress).extend(&index, to: tips)
    }
  }

  /// Saves `index` when it differs from `start` (always when built from nothing) and
  /// makes it the loaded one.
  private func keep(_ built: HistoryIndex, after start: HistoryIndex?) throws -> HistoryIndex {
    var index = built
    if start == nil || start?.tips != index.tips || start?.commits.count != index.commits.count {
      index = try save(index)
    }
    loaded = index
    return index
  }

  /// Writes the index: a delta after its base while that stays small, else a new base
  /// (then read back in place).
  private func save(_ index: HistoryIndex) throws -> HistoryIndex {
    if index.base != nil, index.commits.tail.count <= deltaLimit, index.changes.tail.count <= deltaLimit {
      try HistoryIndexFile.write(HistoryIndexFile.encodeDelta(index), to: location.delta)
      return index
    }
    let bytes = HistoryIndexFile.encodeBase(index)
    try? FileManager.default.removeItem(atPath: location.delta)
    try HistoryIndexFile.write(bytes, to: location.base)
    do {
      guard let base = try HistoryIndexBase.open(path: location.base) else { return index }
      return HistoryIndex(base: base)
    } catch is HistoryIndexFileError {
      // Changed under us (another process rebuilt it): what we built is still right.
      return index
    }
  }
}
