import Foundation
import Git

/// The notes one side of a merge renamed since the base, followed commit by commit as
/// the history index follows them: a rename is a package removed and one added in the
/// same commit with the same content, or (a rename made with an edit) with at least
/// half of its body in common (``RenameDetector``). A rename followed by edits, or
/// renamed again later, is still the same note.
///
/// Only the first parent of a merge commit is compared, as `git log --first-parent`
/// reads a branch: a rename a merge brought in from a third device shows there as the
/// package moving.
struct SideRenames {
  let repository: Repository

  /// For each path in `removed` (packages of the base the side no longer has) that
  /// the side's commits since `base` renamed to a path in `added` (packages only the
  /// side has): that path. `tips` are the side's real commits (a virtual side's parts).
  func renames(since base: ObjectID, tips: [ObjectID], removed: Set<String>, added: Set<String>) throws -> [String: String] {
    guard !removed.isEmpty, !added.isEmpty else { return [:] }
    let commits = try repository.commitsOldestFirst(from: tips, hiding: base == .zero ? [] : [base])
    let diff = try PackageTreeDiff(repository: repository)
    let detector = RenameDetector(repository: repository, summaries: PackageSummaries(repository: repository))
    // Where each followed note is now, and the base path it started at.
    var origin: [String: String] = Dictionary(uniqueKeysWithValues: removed.map { ($0, $0) })
    // Each commit's tree, as the walk reads it: in the usual line of commits a commit's
    // parent is the one read just before, not read again.
    var trees: [ObjectID: ObjectID] = [:]
    for id in commits {
      let commit = try repository.commit(id)
      trees[id] = commit.tree
      guard let parent = commit.parents.first else { continue }
      let parentTree = try trees[parent] ?? repository.commit(parent).tree
      let changes = try diff.changes(from: parentTree, to: commit.tree)
      let removedHere = changes.compactMap { change in
        change.new == nil && origin[change.path] != nil ? change.old.map { (path: change.path, tree: $0) } : nil
      }
      guard !removedHere.isEmpty else { continue }
      let addedHere = changes.compactMap { change in change.old == nil ? change.new.map { (path: change.path, tree: $0) } : nil }
      // Every removed note is taken out first: one commit may rename B to C and A to B.
      // A followed note deleted without a rename has ended; a later package of its
      // name is another note.
      let pairs = addedHere.isEmpty ? [] : try detector.renames(removed: removedHere, added: addedHere)
      let starts = removedHere.map { ($0.path, origin.removeValue(forKey: $0.path)) }
      let startOf = Dictionary(starts, uniquingKeysWith: { first, _ in first })
      for pair in pairs {
        if let start = startOf[pair.from] ?? nil { origin[pair.to] = start }
      }
    }
    var result: [String: String] = [:]
    for (now, start) in origin where now != start && added.contains(now) { result[start] = now }
    return result
  }
}
