import Foundation
import Git

extension HistoryIndex {
  /// The change that made the content `tree` has at `path` (nil: the package is
  /// absent) as seen from the commits flagged in `reachable`: the newest reachable
  /// change that produced exactly that content. A merge that took one side's version
  /// unchanged is not its maker; the change on that side is.
  func lastChange(path: String, tree: ObjectID?, reachable: [Bool]) -> Int? {
    // One lookup of the path's number (a search of the base's string table).
    guard let key = strings.existingIndex(of: path) else { return nil }
    return lastChange(pathKey: key, tree: tree, reachable: reachable)
  }

  /// `lastChange(path:tree:reachable:)` for each package in turn. Packages sorted by
  /// path (a scan's) are quicker: each path's number is searched for after the last.
  func lastChanges(of packages: [(path: String, tree: ObjectID?)], reachable: [Bool]) -> [Int?] {
    var hint = -1
    return packages.map { package in
      guard let key = strings.existingIndex(of: package.path, after: hint) else { return nil }
      hint = key
      return lastChange(pathKey: key, tree: package.tree, reachable: reachable)
    }
  }

  /// `lastChange(path:tree:reachable:)` for the path whose string number is `key`.
  private func lastChange(pathKey key: Int, tree: ObjectID?, reachable: [Bool]) -> Int? {
    var maker: Int?
    // The index may hold no maker (history made outside its rules): then the newest change.
    var newest: Int?
    // Each is the first found of the newest commit's changes, as `max` would keep.
    forEachChange(touchingKey: key) { index in
      let commit = changes.commit(index)
      guard reachable[commit] else { return }
      if newest.map({ isNewer(commit, than: changes.commit($0)) }) ?? true { newest = index }
      let change = changes[index]
      let producesIt = change.path == key ? change.tree == tree && change.isNewContent : tree == nil
      guard producesIt else { return }
      if maker.map({ isNewer(commit, than: changes.commit($0)) }) ?? true { maker = index }
    }
    return maker ?? newest
  }

  /// The newest change in the history of `change`'s commit (strictly before it) that
  /// made exactly the package tree `tree`, under any path; nil when none did.
  func earlierMaker(of tree: ObjectID, before change: Int) -> Int? {
    let commit = changes[change].commit
    let reachable = reachable(from: commits[commit].parents)
    var best: Int?
    for (index, candidate) in changes.enumerated() where candidate.tree == tree && reachable[candidate.commit] {
      guard candidate.isNewContent, candidate.kind != .restored, candidate.kind != .resolved else { continue }
      if let current = best, !isNewer(candidate.commit, than: changes[current].commit) { continue }
      best = index
    }
    return best
  }

  /// The changes in the history of the note at `path`, newest first, following renames
  /// back through the commits before each rename. Merges appear only when they made
  /// new content (a three-way merge of the text), since the change they brought is
  /// listed where it was made.
  func log(path: String) -> [Int] {
    var result: Set<Int> = []
    var pending: [(path: String, limit: [Bool]?)] = [(path, nil)]
    var followed: Set<Int> = []
    while let (current, limit) = pending.popLast() {
      guard let key = strings.existingIndex(of: current) else { continue }
      for index in changes(touching: current) {
        let change = changes[index]
        guard change.path == key, limit.map({ $0[change.commit] }) ?? true else { continue }
        if change.kind == .merged && !change.isNewContent { continue }
        result.insert(index)
        if change.kind == .renamed, change.from >= 0, !followed.contains(index) {
          followed.insert(index)
          pending.append((strings[change.from], reachable(from: commits[change.commit].parents)))
        }
      }
    }
    return sortedNewestFirst(Array(result))
  }

  /// Every change in the store, newest first, with the same rule for merges as `log(path:)`.
  func allChanges() -> [Int] {
    sortedNewestFirst(changes.indices.filter { changes[$0].kind != .merged || changes[$0].isNewContent })
  }

  /// Change indices sorted newest first (ties: the later change in the commit first… by path).
  func sortedNewestFirst(_ indices: [Int]) -> [Int] {
    // Each record is read once: the comparisons use the keys, not the index.
    let keys = indices.map { index -> (change: Int, commit: Int, date: Int64, generation: Int) in
      let commit = changes.commit(index)
      return (index, commit, commits.date(commit), commits.generation(commit))
    }
    var paths: [Int: String] = [:]
    func path(_ change: Int) -> String {
      if let known = paths[change] { return known }
      let value = strings[changes.path(change)]
      paths[change] = value
      return value
    }
    return keys.sorted { x, y in
      if x.commit != y.commit {
        if x.date != y.date { return x.date > y.date }
        if x.generation != y.generation { return x.generation > y.generation }
        return commits[x.commit].id < commits[y.commit].id
      }
      return path(x.change) < path(y.change)
    }.map(\.change)
  }

  /// A change as the library shows it.
  func noteChange(_ index: Int) -> NoteChange {
    let change = changes[index]
    let commit = commits[change.commit]
    return NoteChange(
      commit: commit.id.hex, date: Date(timeIntervalSince1970: TimeInterval(commit.date)), device: strings[commit.device],
      author: strings[commit.author], message: strings[commit.summary],
      note: NotePath(packagePath: strings[change.path]).name, change: change.kind,
      from: change.from >= 0 ? NotePath(packagePath: strings[change.from]).name : nil,
      resolution: change.kind == .resolved && commit.resolution >= 0 ? strings[commit.resolution] : nil,
      version: change.tree.map { ConflictRecord.versionID(tree: $0) })
  }
}
