import Git

/// What differs among two or three store trees, found by walking the trees' raw
/// entries side by side in git's order: a 10,000-entry root tree costs one pass over
/// its bytes, and only the entries that differ become paths. Folders whose ids are
/// equal in every tree are skipped whole.
///
/// Agrees with ``PackageScanner`` on packages (folders named `*.note` in any folder
/// except hidden ones, not looked inside) and with ``TreeFiles`` on the files outside
/// packages.
struct PackageDiff {
  let repository: Repository
  /// Trees parsed before, shared with other readers (by default, this diff's own).
  var trees = ParsedTreeCache()
  /// Comparisons made before (nil: compare every time).
  var memo: PackageDiffMemo? = nil

  /// One package path and its tree in each of the trees compared (nil where missing).
  struct PackageDifference {
    var path: String
    var trees: [ObjectID?]
  }

  /// One file outside packages, by path from the root, and its entry in each of the
  /// trees compared (nil where missing; the entry is named by its last component).
  struct FileDifference {
    var path: String
    var entries: [TreeEntry?]
  }

  /// Everything that is not the same in all the trees compared.
  struct Differences {
    var packages: [PackageDifference] = []
    var otherFiles: [FileDifference] = []
  }

  /// Package paths whose tree differs between `old` and `new` (added, removed or
  /// changed); nil when a tree's bytes cannot be read as a tree here (the caller then
  /// asks ``PackageScanner``, which reports libgit2's error).
  func changedPackages(from old: ObjectID?, to new: ObjectID?) throws -> Set<String>? {
    guard let differences = try differences([old, new]) else { return nil }
    return Set(differences.packages.map(\.path))
  }

  /// Every package and every file outside packages that is not the same in all of
  /// `trees` (a missing tree is empty), in git's order; nil when a tree's bytes cannot
  /// be read as a tree here.
  func differences(_ trees: [ObjectID?]) throws -> Differences? {
    if let known = memo?[trees] { return known }
    var found = Differences()
    guard try collect(trees, prefix: "", hidden: false, into: &found) else { return nil }
    memo?.keep(found, for: trees)
    return found
  }

  /// Adds what differs among `trees` (the folder at `prefix` in each) to `found`;
  /// `hidden` when a folder above starts with `.`, where nothing is a package.
  private func collect(_ trees: [ObjectID?], prefix: String, hidden: Bool, into found: inout Differences) throws -> Bool {
    if let first = trees.first, trees.allSatisfy({ $0 == first }) { return true }
    var lists: [ParsedTree] = []
    lists.reserveCapacity(trees.count)
    for tree in trees {
      guard let tree else {
        lists.append(ParsedTree())
        continue
      }
      guard let parsed = try readTree(tree) else { return false }
      lists.append(parsed)
    }
    var whole = true
    // Each entry of the trees, once, in git's order, with each tree's entry of that name and kind.
    _ = try MergeWalk.walk(
      counts: lists.map(\.count),
      compare: { a, b in lists[a.list].order(a.index, lists[b.list], b.index) }
    ) { positions in
      guard let side = positions.firstIndex(where: { $0 != nil }), let index = positions[side],
        !Self.allEqual(positions, in: lists, as: (side, index))
      else { return true }
      let smallest = lists[side]
      let name = smallest.nameText(index)
      if smallest.kind(index).sortsAsFolder {
        let ids = positions.enumerated().map { list, position in position.map { lists[list].id($0) } }
        let isHidden = hidden || name.hasPrefix(".")
        if !name.hasPrefix(".") && name.hasSuffix(NotePath.packageExtension)
          && name.count > NotePath.packageExtension.count
        {
          // A package: inside a hidden folder it is neither listed nor looked into.
          if !hidden { found.packages.append(PackageDifference(path: prefix + name, trees: ids)) }
          return true
        }
        whole = try collect(ids, prefix: prefix + name + "/", hidden: isHidden, into: &found)
        return whole
      }
      var entries: [TreeEntry?] = []
      for (list, position) in positions.enumerated() {
        guard let position else {
          entries.append(nil)
          continue
        }
        guard let mode = Self.fileMode(lists[list].kind(position)) else {
          whole = false
          return false
        }
        entries.append(TreeEntry(name: name, id: lists[list].id(position), mode: mode))
      }
      found.otherFiles.append(FileDifference(path: prefix + name, entries: entries))
      return true
    }
    return whole
  }

  /// A tree read raw (or kept from before); nil when it is not a tree.
  private func readTree(_ id: ObjectID) throws -> ParsedTree? {
    try trees.tree(id, in: repository)
  }

  /// Whether every tree holds the entry, or none does, byte for byte as entry `first`
  /// (`index` of list `list`) is.
  private static func allEqual(_ positions: [Int?], in lists: [ParsedTree], as first: (list: Int, index: Int)) -> Bool {
    positions.enumerated().allSatisfy { list, position in
      guard let position else { return false }
      return lists[list].isSame(position, as: lists[first.list], first.index)
    }
  }

  /// The mode libgit2 reads for a file entry's raw mode; nil for one it would not.
  private static func fileMode(_ kind: RawEntryKind) -> FileMode? {
    switch kind {
    case .file: .blob
    case .executable: .executable
    case .symbolicLink: .link
    case .gitlink: .commit
    case .folder, .zeroPaddedFolder, .unknown: nil
    }
  }
}

/// The ``PackageDiff`` differences already found in this process, by the trees
/// compared (the last few): one sync compares its start tree with the merged tree for
/// the mass-delete guard, the merge commit's message, the report and the checkout.
/// Trees never change under their ids, so a difference found once holds.
typealias PackageDiffMemo = RecentCache<[ObjectID?], PackageDiff.Differences>

extension Store {
  /// A ``PackageDiff`` that shares this store's parsed trees and earlier comparisons.
  var packageDiff: PackageDiff { PackageDiff(repository: repository, trees: rawTrees, memo: packageDiffs) }

  /// Package paths whose tree differs between `old` and `new` (``PackageDiff``, or
  /// ``PackageScanner`` where a tree cannot be read raw), sorted.
  func changedPackages(from old: ObjectID?, to new: ObjectID?) throws -> [String] {
    try git("comparing trees") {
      let found =
        try packageDiff.changedPackages(from: old, to: new)
        ?? PackageScanner(repository: repository).changedPackages(from: old, to: new)
      return found.sorted()
    }
  }
}
