import Foundation
import Git

/// A filter for `Store.log`.
public struct LogFilter: Sendable, Hashable {
  /// Only changes made by this device.
  public var device: String?
  /// Only changes made at or after this moment.
  public var since: Date?
  /// Only changes made at or before this moment.
  public var until: Date?
  /// At most this many changes (the newest).
  public var limit: Int?

  /// Creates a filter; nil fields do not filter.
  public init(device: String? = nil, since: Date? = nil, until: Date? = nil, limit: Int? = nil) {
    self.device = device
    self.since = since
    self.until = until
    self.limit = limit
  }
}

extension Store {
  /// Brings the history index up to date after this device's branch moved or a fetch
  /// brought other devices' branches. The branch writer calls it after every move.
  ///
  /// The index is derived data: when it cannot be written now (a full disk), the
  /// commit stands and the next read catches up.
  func historyDidMove() {
    // For Benchmarks/scripts/log.sh only: it times one-note writes with and without
    // this update, to measure what the update adds. Nothing else sets it; a store
    // written with it set catches up on the next read.
    if ProcessInfo.processInfo.environment["NOTES_BENCH_SKIP_HISTORY_UPDATE"] == "1" { return }
    do {
      try noteHistory.branchesDidMove()
    } catch {
      // Derived data only: the next read of the history catches up or rebuilds.
    }
  }

  /// Throws the history index away and builds it again from git (what a corrupt or
  /// missing index gets automatically).
  public func rebuildHistoryIndex() throws {
    try git("rebuilding the history index") { _ = try noteHistory.rebuild() }
  }

  /// The history of a note, newest first, following renames: every change that
  /// created, edited, renamed, attached to, detached from, deleted, merged, resolved
  /// or restored it. A note given by a name that is not in the store now (a deleted
  /// note) is looked up by that name in the history.
  public func log(of note: NotePath?, filter: LogFilter = LogFilter()) throws -> [NoteChange] {
    try withVerifiedIndex { index in
      let selected = note.map { index.log(path: $0.path) } ?? index.allChanges()
      var result: [Int] = []
      for change in selected {
        let commit = index.commits[index.changes[change].commit]
        let date = Date(timeIntervalSince1970: TimeInterval(commit.date))
        if let device = filter.device, index.strings[commit.device] != device { continue }
        if let since = filter.since, date < since { continue }
        if let until = filter.until, date > until { continue }
        result.append(change)
        if let limit = filter.limit, result.count >= limit { break }
      }
      return result
    }.map { $0.index.noteChange($0.change) }
  }

  /// Notes that were deleted and are not in the store now, most recent deletion first,
  /// with the version each had just before.
  public func deletedNotes() throws -> [DeletedNote] {
    guard let head = try headCommit(), let tree = try headTree() else { return [] }
    let present = Set(try git("listing notes") { try PackageScanner(repository: repository).packages(in: tree) }.map(\.path.path))
    return try withVerifiedIndex { index in
      guard let position = index.position(of: head) else { return [] }
      let reachable = index.reachable(from: [position])
      var newest: [Int: Int] = [:]
      for (offset, change) in index.changes.enumerated() where reachable[change.commit] && change.kind == .deleted {
        guard !present.contains(index.strings[change.path]), change.previous != nil else { continue }
        if let known = newest[change.path], !index.isNewer(change.commit, than: index.changes[known].commit) { continue }
        newest[change.path] = offset
      }
      return index.sortedNewestFirst(Array(newest.values))
    }.map { index, offset in
      let change = index.changes[offset]
      let commit = index.commits[change.commit]
      return DeletedNote(
        note: NotePath(packagePath: index.strings[change.path]).name,
        date: Date(timeIntervalSince1970: TimeInterval(commit.date)), device: index.strings[commit.device],
        commit: commit.id.hex, version: change.previous.map { ConflictRecord.versionID(tree: $0) } ?? "")
    }
  }

  /// Runs a query over the index; when a commit it answers with is gone, rebuilds the
  /// index once and asks again.
  func withVerifiedIndex(_ query: (HistoryIndex) throws -> [Int]) throws -> [(index: HistoryIndex, change: Int)] {
    for _ in 0..<2 {
      let index = try git("reading the history index") { try noteHistory.index() }
      let answer = try query(index)
      let commits = answer.map { index.commits[index.changes[$0].commit].id }
      if try git("checking the history index", { try noteHistory.verify(commits) }) {
        return answer.map { (index, $0) }
      }
    }
    throw NoteStoreError.repository(
      operation: "reading the history index",
      underlying: HistoryIndexFileError.corrupt("it names commits that do not exist even after a rebuild"))
  }

  /// For each package path, the date, device and commit of the change that made its
  /// content as seen from `commit`, read from the history index. `commit` may be a
  /// commit the index does not hold yet (a merge being made): the commits between it
  /// and the index are diffed on the spot.
  func indexedLastChanges(of paths: Set<String>, from commit: ObjectID) throws
    -> [String: (date: Date, device: String, commit: ObjectID)]
  {
    let index = try git("reading the history index") { try noteHistory.index() }
    var pending = paths
    var result: [String: (date: Date, device: String, commit: ObjectID)] = [:]
    var frontier: [Int] = []
    var unindexed: [Commit] = []
    var queue = [commit]
    var seen: Set<ObjectID> = []
    try git("reading history") {
      while let id = queue.popLast() {
        guard seen.insert(id).inserted else { continue }
        if let position = index.position(of: id) {
          frontier.append(position)
          continue
        }
        let found = try repository.commit(id)
        unindexed.append(found)
        queue += found.parents
      }
      let diff = try PackageTreeDiff(repository: repository)
      for found in Self.newestFirst(unindexed) where !pending.isEmpty {
        var changed = pending
        if found.parents.isEmpty {
          changed.formIntersection(try diff.changes(from: nil, to: found.tree).map(\.path))
        }
        for parent in found.parents where !changed.isEmpty {
          changed.formIntersection(try diff.changes(from: try repository.commit(parent).tree, to: found.tree).map(\.path))
        }
        for path in changed {
          result[path] = (found.author.date, found.deviceName, found.id)
          pending.remove(path)
        }
      }
    }
    guard !pending.isEmpty else { return result }
    let reachable = index.reachable(from: frontier)
    let tree = try commitTree(commit)
    for path in pending {
      let current = try git("reading \(path)") { try repository.treeEntry(atPath: path, inTree: tree) }
      guard let change = index.lastChange(path: path, tree: current?.mode == .tree ? current?.id : nil, reachable: reachable)
      else { continue }
      let record = index.commits[index.changes[change].commit]
      result[path] = (Date(timeIntervalSince1970: TimeInterval(record.date)), index.strings[record.device], record.id)
    }
    return result
  }

  /// Commits ordered so that each comes before its parents.
  private static func newestFirst(_ commits: [Commit]) -> [Commit] {
    let byID = Dictionary(commits.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    var visited: Set<ObjectID> = []
    var order: [Commit] = []
    func visit(_ commit: Commit) {
      guard visited.insert(commit.id).inserted else { return }
      for parent in commit.parents { if let known = byID[parent] { visit(known) } }
      order.append(commit)
    }
    for commit in commits { visit(commit) }
    return order.reversed()
  }
}
