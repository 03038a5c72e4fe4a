import Foundation
import Git

/// What merging every incoming device tip into this device's branch in one step gave.
struct OctopusStep {
  /// What happened to the branch.
  enum Outcome: Equatable {
    /// Every tip was already contained.
    case upToDate
    /// One tip contained mine and every other tip: the branch points at it.
    case fastForwarded
    /// One merge commit joins mine (unless a tip contains it) and every tip that no
    /// other contains.
    case merged
  }

  /// The new head.
  var head: ObjectID
  var outcome: Outcome
  /// Package paths found in conflict while merging, sorted.
  var conflicts: [String]
}

/// The commits a sync joins and the tree they merge to, before anything is written.
struct OctopusPlan {
  /// This device's tip the plan starts from.
  var head: ObjectID
  /// The commits to join: `head` and the tips, less those another one contains.
  var joined: [ObjectID]
  /// The tree the branch would have.
  var tree: ObjectID
  /// Package paths found in conflict while merging, sorted.
  var conflicts: [String]
}

extension Store {
  /// Integrates every tip into `head` with at most one new commit (DESIGN §3, step 3):
  /// nothing when all are contained; a fast-forward when one of them contains the
  /// others and `head`; else one merge commit — an octopus when several tips diverged
  /// — whose parents are `head` (or the tip that contains it) and every tip no other
  /// tip contains, in the order given.
  ///
  /// The merged tree depends only on the set of commits joined, never on which device
  /// merges (``plan(tips:into:policy:)``), so two devices that bring in the same tips
  /// write the same tree, and their merge commits later merge cleanly. No reference
  /// moves.
  ///
  /// - Parameter devices: the devices whose tips these are, for the commit message.
  func integrate(
    tips: [ObjectID], devices: [String], into head: ObjectID, policy: ConflictPolicy, runsHooks: Bool = false
  ) throws -> OctopusStep {
    try commit(try plan(tips: tips, into: head, policy: policy), devices: devices, runsHooks: runsHooks)
  }

  /// What integrating `tips` into `head` would give, before any commit is written: the
  /// commits to join and their merged tree.
  func plan(tips: [ObjectID], into head: ObjectID, policy: ConflictPolicy) throws -> OctopusPlan {
    let joined = try independentCommits([head] + tips)
    if joined.count == 1 {
      return OctopusPlan(head: head, joined: joined, tree: try commitTree(joined[0]), conflicts: [])
    }
    let merged = try octopusTree(of: joined, policy: policy)
    return OctopusPlan(head: head, joined: joined, tree: merged.tree, conflicts: merged.conflicts)
  }

  /// Carries out a plan: the merge commit it needs, if any.
  func commit(_ plan: OctopusPlan, devices: [String], runsHooks: Bool) throws -> OctopusStep {
    let head = plan.head
    if plan.joined == [head] { return OctopusStep(head: head, outcome: .upToDate, conflicts: []) }
    if plan.joined.count == 1 { return OctopusStep(head: plan.joined[0], outcome: .fastForwarded, conflicts: []) }
    let headTree = try commitTree(head)
    let changed = try changedPackages(from: headTree, to: plan.tree)
    var parents = plan.joined
    if parents.first != head, let line = try parents.firstIndex(where: { try isAncestor(head, of: $0) }) {
      // Mine is inside a tip: that tip continues this device's line, as first parent.
      parents.insert(parents.remove(at: line), at: 0)
    }
    let commit = try writeMergeCommit(
      tree: plan.tree, parents: parents, devices: devices, changedPackages: changed, conflicts: plan.conflicts,
      runsHooks: runsHooks)
    return OctopusStep(head: commit, outcome: .merged, conflicts: plan.conflicts)
  }

  /// The commits among `commits` that no other one of them contains, without
  /// repeats, in the order given (what git calls reducing the heads).
  func independentCommits(_ commits: [ObjectID]) throws -> [ObjectID] {
    var unique: [ObjectID] = []
    for commit in commits where !unique.contains(commit) { unique.append(commit) }
    var kept: [ObjectID] = []
    for (index, commit) in unique.enumerated() {
      var contained = false
      for (otherIndex, other) in unique.enumerated() where otherIndex != index {
        // A commit already dropped is inside one that is kept, which then contains
        // this one too, if at all: no need to ask twice.
        if otherIndex < index && !kept.contains(other) { continue }
        if try isAncestor(commit, of: other) {
          contained = true
          break
        }
      }
      if !contained { kept.append(commit) }
    }
    return kept
  }

  /// The tree of merging `commits` (none containing another), and the packages found
  /// in conflict on the way. The commits are sorted by id and folded two by two: each
  /// next commit merges (``TreeMerger``, against their merge base) into the result so
  /// far, which is held in a virtual commit with a fixed signature so the next merge
  /// base is found as for a real merge. The virtual commits are the same objects on
  /// every device and no branch names them; conflict records name only the real
  /// commits behind them.
  func octopusTree(of commits: [ObjectID], policy: ConflictPolicy) throws -> (tree: ObjectID, conflicts: [String]) {
    let ordered = commits.sorted()
    guard let first = ordered.first else { preconditionFailure("octopusTree(of:) needs commits to merge") }
    let merger = makeMerger(policy: policy)
    var folded = MergeSide(commit: first, tree: try commitTree(first))
    var conflicts: Set<String> = []
    for next in ordered.dropFirst() {
      let (baseTree, baseCommit) = try mergeBase(folded.commit, next, depth: 0)
      let theirs = MergeSide(commit: next, tree: try commitTree(next))
      let result = try git("merging commit \(next.hex.prefix(8))") {
        try merger.merge(base: baseTree, baseCommit: baseCommit, mine: folded, theirs: theirs)
      }
      conflicts.formUnion(result.conflicts)
      let parts = (folded.parts.isEmpty ? [folded.commit] : folded.parts) + [next]
      if next == ordered.last { return (result.tree, conflicts.sorted()) }
      let virtual = try git("writing a merge step") {
        try repository.createCommit(
          tree: result.tree, parents: [folded.commit, next], message: "virtual octopus step\n",
          author: Store.virtualSignature, committer: Store.virtualSignature)
      }
      folded = MergeSide(commit: virtual, tree: result.tree, parts: parts)
    }
    return (folded.tree, [])
  }

  /// Whether `commit` is `other` or in its history.
  func isAncestor(_ commit: ObjectID, of other: ObjectID) throws -> Bool {
    if commit == other { return true }
    return try git("comparing histories") { try repository.isDescendant(other, of: commit) }
  }

  /// The signature of commits NoteStore makes only to compute merges (virtual bases
  /// and steps): fixed, so every device makes the same objects.
  static let virtualSignature = Signature(
    name: "notes", email: "notes@localhost", date: Date(timeIntervalSince1970: 0), timeZoneOffsetMinutes: 0)
}
