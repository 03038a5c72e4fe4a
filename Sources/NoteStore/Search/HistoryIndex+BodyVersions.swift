import Foundation
import Git

extension HistoryIndex {
  /// One stored version of a note package, as `search --all-versions` reads it.
  struct PackageVersion {
    /// The change that made this version.
    var change: Int
    /// The package tree of this version.
    var tree: ObjectID
    /// The package path the version had.
    var path: String
    /// The package path the note has now (or had when it was deleted), renames followed.
    var currentPath: String
  }

  /// Every distinct package version reachable from `heads` (this device's tip and the
  /// fetched device branches' tips), newest first: the versions of every path (deleted
  /// notes included), each package tree once, each named by the path its note got
  /// through later renames.
  func packageVersions(reachableFrom heads: [Int]) -> [PackageVersion] {
    let reachable = reachable(from: heads)
    // Renames by their source path, oldest first (commit positions are in topological order).
    var renames: [Int: [(commit: Int, to: Int)]] = [:]
    for change in changes where change.kind == .renamed && change.from >= 0 && reachable[change.commit] {
      renames[change.from, default: []].append((change.commit, change.path))
    }
    func currentPath(of path: Int, after commit: Int) -> Int {
      var path = path
      var commit = commit
      var hops = 0
      while hops < 1_000, let next = renames[path]?.first(where: { $0.commit > commit }) {
        path = next.to
        commit = next.commit
        hops += 1
      }
      return path
    }
    var seen: Set<VersionKey> = []
    var versions: [PackageVersion] = []
    let candidates = changes.indices.filter { index in
      let change = changes[index]
      return change.tree != nil && reachable[change.commit] && (change.kind != .merged || change.isNewContent)
    }
    for index in sortedNewestFirst(candidates) {
      let change = changes[index]
      guard let tree = change.tree else { continue }
      let current = currentPath(of: change.path, after: change.commit)
      // The same tree again in the same note (a rename without edits, a restore) is the
      // same version; the newest change that made it names it.
      guard seen.insert(VersionKey(tree: tree, note: current)).inserted else { continue }
      versions.append(
        PackageVersion(change: index, tree: tree, path: strings[change.path], currentPath: strings[current]))
    }
    return versions
  }

  private struct VersionKey: Hashable {
    var tree: ObjectID
    var note: Int
  }
}
