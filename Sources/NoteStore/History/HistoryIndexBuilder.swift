import Foundation
import Git

/// Adds to a history index the commits reachable from new tips, walking only commits
/// it does not hold yet, and records what each did to each note package.
struct HistoryIndexBuilder {
  /// A branch tip and the device whose branch it is.
  struct BranchTip: Hashable {
    var reference: String
    var commit: ObjectID
    var device: String
  }

  let repository: Repository
  /// Told how far a walk of many commits has come (``reportsFrom`` or more).
  var progress: (@Sendable (WorkProgress) -> Void)? = nil
  /// Walks shorter than this report nothing: an update after a write is not a rebuild.
  static let reportsFrom = 500

  /// Extends `index` to cover `tips` (this device's first, then the fetched ones in
  /// name order). Every commit `index` holds must be reachable from `tips`.
  func extend(_ index: inout HistoryIndex, to tips: [BranchTip]) throws {
    let wanted = tips.map { HistoryIndex.Tip(reference: $0.reference, commit: $0.commit) }
    // Nothing moved: no walk at all (a revwalk that hides what it pushes still prepares).
    if wanted == index.tips { return }
    let loaded: [Commit]
    if index.commits.isEmpty {
      loaded = try repository.commitsOldestFirst(from: tips.map(\.commit), hiding: []).map { try repository.commit($0) }
    } else {
      loaded = try commits(outside: index, from: tips.map(\.commit))
    }
    index.tips = wanted
    guard !loaded.isEmpty else { return }
    var commits: [ObjectID: Commit] = Dictionary(minimumCapacity: loaded.count)
    for commit in loaded { commits[commit.id] = commit }
    let labels = branchLabels(newestFirst: loaded.reversed(), tips: tips, commits: commits)
    let diff = try PackageTreeDiff(repository: repository)
    let summaries = PackageSummaries(repository: repository)
    let renames = RenameDetector(repository: repository, summaries: summaries)
    var trees: [ObjectID: ObjectID] = [:]
    let report = loaded.count >= Self.reportsFrom ? progress : nil
    report?(WorkProgress(phase: .indexingHistory, done: 0, total: loaded.count, bytes: 0))
    for (done, commit) in loaded.enumerated() {
      if done % 256 == 0 && done > 0 {
        report?(WorkProgress(phase: .indexingHistory, done: done, total: loaded.count, bytes: 0))
      }
      let parents = try commit.parents.map { parent -> Int in
        guard let position = index.position(of: parent) else {
          throw HistoryIndexFileError.corrupt("commit \(commit.id.hex) has a parent outside the index")
        }
        return position
      }
      let device = commit.trailers.last { $0.key == "Device" }?.value ?? labels[commit.id] ?? ""
      let resolution = commit.trailers.last { $0.key == "Resolution" }?.value
      let record = HistoryIndex.CommitRecord(
        id: commit.id, parents: parents,
        generation: 1 + (parents.map { index.commits[$0].generation }.max() ?? 0),
        date: Int64(commit.author.date.timeIntervalSince1970.rounded(.down)),
        author: index.strings.index(of: commit.author.name), device: index.strings.index(of: device),
        summary: index.strings.index(of: commit.summary),
        resolution: resolution.map { index.strings.index(of: $0) } ?? -1)
      index.append(record)
      trees[commit.id] = commit.tree
      let position = index.commits.count - 1
      try recordChanges(
        of: commit, at: position, parentTrees: try commit.parents.map { try parentTree($0, trees: &trees) },
        into: &index, diff: diff, summaries: summaries, renames: renames)
    }
    report?(WorkProgress(phase: .indexingHistory, done: loaded.count, total: loaded.count, bytes: 0))
  }

  /// The commits reachable from `tips` that `index` does not hold, oldest first (each
  /// after its parents), walking back from the tips only until the index holds the
  /// commit. libgit2's walk that hides the known tips took milliseconds per update
  /// that grew with the history; this one reads only the new commits.
  private func commits(outside index: HistoryIndex, from tips: [ObjectID]) throws -> [Commit] {
    var order: [Commit] = []
    var visited: Set<ObjectID> = []
    var stack: [(commit: Commit, parent: Int)] = []
    for tip in tips where index.position(of: tip) == nil && visited.insert(tip).inserted {
      stack.append((try repository.commit(tip), 0))
      while let top = stack.last {
        guard top.parent < top.commit.parents.count else {
          order.append(top.commit)
          stack.removeLast()
          continue
        }
        stack[stack.count - 1].parent += 1
        let parent = top.commit.parents[top.parent]
        if index.position(of: parent) == nil && visited.insert(parent).inserted {
          stack.append((try repository.commit(parent), 0))
        }
      }
    }
    return order
  }

  private func parentTree(_ parent: ObjectID, trees: inout [ObjectID: ObjectID]) throws -> ObjectID {
    if let known = trees[parent] { return known }
    let tree = try repository.commit(parent).tree
    trees[parent] = tree
    return tree
  }

  private func recordChanges(
    of commit: Commit, at position: Int, parentTrees: [ObjectID], into index: inout HistoryIndex,
    diff: PackageTreeDiff, summaries: PackageSummaries, renames: RenameDetector
  ) throws {
    let changes = try diff.changes(from: parentTrees.first, to: commit.tree)
    if parentTrees.count <= 1 && commit.trailers.contains(where: { $0.key == "Resolution" }) {
      // A resolution that kept the version already in the tree changes only the
      // conflict record; it still belongs in the note's history.
      let changed = Set(changes.map(\.path))
      for trailer in commit.trailers where trailer.key == "Note" && !changed.contains(trailer.value) {
        let entry = try repository.treeEntry(atPath: trailer.value, inTree: commit.tree)
        let tree = entry?.mode == .tree ? entry?.id : nil
        try append(
          PackageTreeDiff.Change(path: trailer.value, old: tree, new: tree), kind: .resolved, from: nil, at: position,
          isNewContent: false, to: &index, summaries)
      }
    }
    guard !changes.isEmpty else { return }
    if parentTrees.count > 1 {
      // A change is new content unless another parent holds the merged package as it
      // is, that is unless the merge does not differ from that parent at its path. The
      // diffs compare the root trees already parsed, where a lookup per change read and
      // hashed a 10,000-entry root tree again (a 100-note merge: 100 times).
      var differing: [Set<String>] = []
      for other in parentTrees.dropFirst() {
        differing.append(Set(try diff.changes(from: other, to: commit.tree).map(\.path)))
      }
      for change in changes {
        let isNewContent = differing.allSatisfy { $0.contains(change.path) }
        try append(change, kind: .merged, from: nil, at: position, isNewContent: isNewContent, to: &index, summaries)
      }
      return
    }
    let trailerKeys = Set(commit.trailers.map(\.key))
    let removed = changes.filter { $0.new == nil }.compactMap { c in c.old.map { (path: c.path, tree: $0) } }
    let added = changes.filter { $0.old == nil }.compactMap { c in c.new.map { (path: c.path, tree: $0) } }
    var renamedFrom: [String: String] = [:]
    var renamedAway: Set<String> = []
    if !removed.isEmpty && !added.isEmpty {
      for pair in try renames.renames(removed: removed, added: added) {
        renamedFrom[pair.to] = pair.from
        renamedAway.insert(pair.from)
      }
    }
    for change in changes where !renamedAway.contains(change.path) {
      var kind: NoteChangeKind
      var from: String?
      var previous = change.old
      if let source = renamedFrom[change.path] {
        kind = .renamed
        from = source
        previous = removed.first { $0.path == source }?.tree
      } else if change.old == nil {
        kind = .created
      } else if change.new == nil {
        kind = .deleted
      } else {
        kind = try editKind(from: change.old, to: change.new, summaries: summaries)
      }
      if trailerKeys.contains("Resolution") {
        kind = .resolved
      } else if trailerKeys.contains("Restored-Version") && kind != .renamed {
        kind = .restored
      }
      var recorded = change
      recorded.old = previous
      try append(recorded, kind: kind, from: from, at: position, isNewContent: true, to: &index, summaries)
    }
  }

  private func editKind(from old: ObjectID?, to new: ObjectID?, summaries: PackageSummaries) throws -> NoteChangeKind {
    guard let old, let new else { return .edited }
    let before = try summaries.summary(of: old)
    let after = try summaries.summary(of: new)
    if before.text != after.text { return .edited }
    let added = Set(after.attachments.keys).subtracting(before.attachments.keys)
    let removed = Set(before.attachments.keys).subtracting(after.attachments.keys)
    if !added.isEmpty && removed.isEmpty { return .attached }
    if !removed.isEmpty && added.isEmpty { return .detached }
    return .edited
  }

  private func append(
    _ change: PackageTreeDiff.Change, kind: NoteChangeKind, from: String?, at position: Int, isNewContent: Bool,
    to index: inout HistoryIndex, _ summaries: PackageSummaries
  ) throws {
    let attachments = try change.new.map { try summaries.summary(of: $0).attachments.count } ?? 0
    index.append(
      HistoryIndex.ChangeRecord(
        commit: position, kind: kind, path: index.strings.index(of: change.path),
        from: from.map { index.strings.index(of: $0) } ?? -1, tree: change.new, previous: change.old,
        attachments: attachments, isNewContent: isNewContent))
  }

  /// The device each new commit belongs to when it has no `Device:` trailer: the
  /// device of the branch it was made on. A branch's tip belongs to its device; a
  /// commit's first parent belongs to the commit's device; the other parents of a
  /// merge to the `Merged-Device:` it names, else the same device.
  private func branchLabels(
    newestFirst: ReversedCollection<[Commit]>, tips: [BranchTip], commits: [ObjectID: Commit]
  ) -> [ObjectID: String] {
    var labels: [ObjectID: String] = [:]
    for tip in tips where labels[tip.commit] == nil && commits[tip.commit] != nil { labels[tip.commit] = tip.device }
    for commit in newestFirst {
      let own = commit.trailers.last { $0.key == "Device" }?.value ?? labels[commit.id] ?? ""
      let merged = commit.trailers.last { $0.key == "Merged-Device" }?.value
      for (offset, parent) in commit.parents.enumerated() where commits[parent] != nil && labels[parent] == nil {
        labels[parent] = offset == 0 ? own : merged ?? own
      }
    }
    return labels
  }
}
