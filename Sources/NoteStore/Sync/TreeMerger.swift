import Foundation
import Git
import RichText

/// One side of a merge: a commit and its tree.
struct MergeSide {
  var commit: ObjectID
  var tree: ObjectID
  /// For a step of a many-device merge: the real commits folded into `commit`, a
  /// virtual commit that no branch names (empty for a real commit). Versions and
  /// dates are looked up in these, so a conflict record names only real commits.
  var parts: [ObjectID] = []
  /// For a package the merge holds under another name than this side (a rename the
  /// other side made): the path this side holds it at, by the merged path. Its history
  /// on this side is looked up there.
  var renamedFrom: [String: String] = [:]

  /// Where this side holds the package the merge calls `path`.
  func path(of path: String) -> String { renamedFrom[path] ?? path }
}

/// What merging two trees gave.
struct TreeMergeResult {
  /// The merged tree.
  var tree: ObjectID
  /// Package paths that are in conflict after the merge, sorted.
  var conflicts: [String]
  /// Package paths whose content differs from mine, sorted.
  var changedPackages: [String]
  /// Package paths mine had and the result lacks.
  var deletedPackages: [String]
}

/// Merges two store trees against a base, note package by note package (DESIGN §4).
///
/// The result depends only on the three trees, the history behind them and the
/// policy — never on which side is "mine" — so two devices that merge the same two
/// tips produce the same tree, and their merge commits later merge cleanly:
/// - a package changed on one side only takes that side;
/// - a note renamed on one side follows the rename, an edit on the other side included,
///   also when the renaming side edited it too (renames are followed commit by commit,
///   as `notes log` follows them: ``SideRenames``); renamed to different names on both
///   sides, it stays one note, under the name given on the side that changed it last
///   (ties by device name), its edits merged as any others, the other name in history;
/// - changed on both: files changed on one side merge; a body changed on both sides
///   is merged three-way under the `merge` policy (clean when the edits do not
///   overlap); an attachment added under one name on both sides is kept twice, the
///   second under the next free number (``AttachmentsAddedOnBothSides``), unless the
///   policy is `ask`; any other file changed differently on both sides is a clash
///   (`QuickLook/` files never clash: derived data);
/// - a clash, or a deletion against an edit, is a conflict: the current version — the
///   newest non-deleted one by modification date, ties by device name — stays in the
///   tree and `.notes/conflicts/<id>.json` records every version. Under the `latest`
///   policy a clash takes the newest version's file instead, without a record; a
///   deletion still never wins silently over an edit.
struct TreeMerger {
  let repository: Repository
  let policy: ConflictPolicy
  /// How the three trees are compared (sharing the trees a sync read before).
  let packageDiff: PackageDiff
  /// Finds when and by whom a package was last changed on a side.
  let history: (_ package: String, _ commit: ObjectID) throws -> VersionOrigin

  /// Where a version of a package came from.
  struct VersionOrigin {
    var commit: ObjectID
    var date: Date
    var device: String
  }

  func merge(base: ObjectID?, baseCommit: ObjectID, mine: MergeSide, theirs: MergeSide) throws -> TreeMergeResult {
    // Only the packages that are not the same in all three trees: the others merge to
    // themselves, and none of them takes part in a rename.
    let differences = try packageDiff.differences([base, mine.tree, theirs.tree])
    let (knownBase, actualMine, knownTheirs) = try differingPackages(differences, base: base, mine: mine.tree, theirs: theirs.tree)
    var basePackages = knownBase
    var minePackages = actualMine
    var theirPackages = knownTheirs
    // A note renamed on one side and changed or renamed on the other: one note, so the
    // other side's change lands under the new name.
    let mineRenames = try renames(on: mine, other: theirPackages, base: basePackages, side: minePackages, since: baseCommit)
    let theirRenames = try renames(on: theirs, other: minePackages, base: basePackages, side: theirPackages, since: baseCommit)
    var mineSide = mine
    var theirSide = theirs
    // (Never onto a package the other side made under the new name itself.)
    for (from, to) in mineRenames.sorted(by: { $0.key < $1.key }) where theirPackages[from] != nil && theirPackages[to] == nil {
      Self.move(from, to, in: &basePackages, &theirPackages)
      theirSide.renamedFrom[to] = from
    }
    for (from, to) in theirRenames.sorted(by: { $0.key < $1.key }) where minePackages[from] != nil && minePackages[to] == nil {
      Self.move(from, to, in: &basePackages, &minePackages)
      mineSide.renamedFrom[to] = from
    }
    // Renamed on both sides: under the name given on the side that changed it last (ties
    // by device name); the other name stays in history. Renamed to the same name, the
    // base's version is its base.
    for (from, onMine) in mineRenames.sorted(by: { $0.key < $1.key }) {
      guard let onTheirs = theirRenames[from],
        onMine == onTheirs || (theirPackages[onMine] == nil && minePackages[onTheirs] == nil)
      else { continue }
      var kept = onMine
      if onMine != onTheirs, try newestSide(mine: (onMine, mine), theirs: (onTheirs, theirs)) == .theirs { kept = onTheirs }
      basePackages[kept] = basePackages.removeValue(forKey: from)
      if onMine != kept {
        minePackages[kept] = minePackages.removeValue(forKey: onMine)
        mineSide.renamedFrom[kept] = onMine
      }
      if onTheirs != kept {
        theirPackages[kept] = theirPackages.removeValue(forKey: onTheirs)
        theirSide.renamedFrom[kept] = onTheirs
      }
    }
    var result = minePackages
    var conflicts: [String] = []
    var recordUpdates: [String: [UInt8]] = [:]

    for path in Set(minePackages.keys).union(theirPackages.keys).union(basePackages.keys).sorted() {
      let b = basePackages[path]
      let m = minePackages[path]
      let t = theirPackages[path]
      if m == t || b == t { continue }
      if b == m {
        result[path] = t
        continue
      }
      switch try mergePackage(path, base: b, mine: m, theirs: t, mineSide: mineSide, theirSide: theirSide) {
      case .clean(let tree):
        result[path] = tree
      case .conflict(let current, let record):
        result[path] = current
        conflicts.append(path)
        recordUpdates[try ConflictRecord.path(for: path)] = try record(baseCommit, mine, theirs).encoded()
      }
    }
    var updates: [TreeUpdate] = []
    for path in Set(actualMine.keys).union(result.keys).sorted() where actualMine[path] != result[path] {
      updates.append(result[path].map { .upsert(path: path, id: $0, mode: .tree) } ?? .remove(path: path))
    }

    updates += try mergeOtherFiles(
      try otherFiles(differences, base: base, mine: mine.tree, theirs: theirs.tree), records: recordUpdates)
    let tree = try repository.updatedTree(mine.tree, applying: updates)
    let resultPackages = result
    let changed = Set(actualMine.keys).union(resultPackages.keys).filter { actualMine[$0] != resultPackages[$0] }
    return TreeMergeResult(
      tree: tree, conflicts: conflicts.sorted(), changedPackages: changed.sorted(),
      deletedPackages: actualMine.keys.filter { resultPackages[$0] == nil }.sorted())
  }

  /// The notes `sideInfo` renamed since the base: base path to the side's path. Exact
  /// renames over the whole range first (``exactRenames(base:side:)``); a
  /// package removed on the side that the other side also changed or removed, when
  /// the side has packages of its own to pair it with, is followed through the side's
  /// commits (``SideRenames``), so a rename with an edit is found too.
  private func renames(
    on sideInfo: MergeSide, other: [String: ObjectID], base: [String: ObjectID], side: [String: ObjectID],
    since baseCommit: ObjectID
  ) throws -> [String: String] {
    var found = Self.exactRenames(base: base, side: side)
    let targets = Set(found.values)
    let removed = Set(base.keys.filter { side[$0] == nil && found[$0] == nil && other[$0] != base[$0] })
    let added = Set(side.keys.filter { base[$0] == nil && !targets.contains($0) })
    guard !removed.isEmpty, !added.isEmpty else { return found }
    let tips = sideInfo.parts.isEmpty ? [sideInfo.commit] : sideInfo.parts
    for (from, to) in try SideRenames(repository: repository).renames(since: baseCommit, tips: tips, removed: removed, added: added) {
      found[from] = to
    }
    return found
  }

  /// Exact renames on `side`: a package of the base gone from `side` whose unchanged
  /// content appears there under one new name the base lacks. (The other side may
  /// hold that name too: the caller moves nothing onto it unless both renamed there.)
  static func exactRenames(base: [String: ObjectID], side: [String: ObjectID]) -> [String: String] {
    var added: [ObjectID: [String]] = [:]
    for (path, tree) in side where base[path] == nil { added[tree, default: []].append(path) }
    var pairs: [String: String] = [:]
    for (path, tree) in base.sorted(by: { $0.key < $1.key }) where side[path] == nil {
      guard let candidates = added[tree], candidates.count == 1, let target = candidates.first else { continue }
      pairs[path] = target
      added[tree] = nil
    }
    return pairs
  }

  /// Moves `from` to `to` in the base and in the other side.
  static func move(_ from: String, _ to: String, in base: inout [String: ObjectID], _ other: inout [String: ObjectID]) {
    base[to] = base.removeValue(forKey: from)
    other[to] = other.removeValue(forKey: from)
  }

  /// The packages of the three trees, by path, less those whose tree is the same in
  /// all three.
  private func differingPackages(
    _ differences: PackageDiff.Differences?, base: ObjectID?, mine: ObjectID, theirs: ObjectID
  ) throws -> (base: [String: ObjectID], mine: [String: ObjectID], theirs: [String: ObjectID]) {
    if let differences {
      var maps: [[String: ObjectID]] = [[:], [:], [:]]
      for difference in differences.packages {
        for side in 0..<3 { maps[side][difference.path] = difference.trees[side] }
      }
      return (maps[0], maps[1], maps[2])
    }
    let scanner = PackageScanner(repository: repository)
    func packages(_ tree: ObjectID?) throws -> [String: ObjectID] {
      guard let tree else { return [:] }
      let found = try scanner.packages(in: tree).map { ($0.path.path, $0.tree) }
      return Dictionary(found, uniquingKeysWith: { first, _ in first })
    }
    return (try packages(base), try packages(mine), try packages(theirs))
  }

  // MARK: - One package

  private enum PackageOutcome {
    case clean(ObjectID)
    /// The tree to keep, and how to make the record once the base commit is known.
    case conflict(ObjectID, (ObjectID, MergeSide, MergeSide) throws -> ConflictRecord)
  }

  private func mergePackage(
    _ path: String, base: ObjectID?, mine: ObjectID?, theirs: ObjectID?, mineSide: MergeSide, theirSide: MergeSide
  ) throws -> PackageOutcome {
    if let mine, let theirs {
      let files = TreeFiles(repository: repository)
      let baseFiles = try files.files(in: base)
      let mineFiles = try files.files(in: mine)
      let theirFiles = try files.files(in: theirs)
      var updates: [TreeUpdate] = []
      var clashes: [String] = []
      var bothAdded = AttachmentsAddedOnBothSides()
      for file in Set(mineFiles.keys).union(theirFiles.keys).sorted() {
        let b = baseFiles[file]
        let m = mineFiles[file]
        let t = theirFiles[file]
        if m == t || b == t { continue }
        if b == m {
          updates.append(t.map { .upsert(path: file, id: $0.id, mode: $0.mode) } ?? .remove(path: file))
          continue
        }
        if policy != .ask, bothAdded.take(file, base: b, mine: m, theirs: t, mineFiles: mineFiles, theirFiles: theirFiles) {
          continue
        }
        if file.hasPrefix(NotePackage.quickLookFolderName + "/") {
          // Derived data: any deterministic choice will do; it is regenerated.
          let pick = [m, t].compactMap { $0 }.max { $0.id < $1.id }
          if let pick, pick != m { updates.append(.upsert(path: file, id: pick.id, mode: pick.mode)) }
          continue
        }
        if file == NotePackage.textFileName, policy == .merge, let m, let t,
          let merged = try mergeBodies(path, base: b?.id, mine: m.id, theirs: t.id, mineSide: mineSide, theirSide: theirSide)
        {
          updates.append(.upsert(path: file, id: merged, mode: m.mode))
          continue
        }
        clashes.append(file)
      }
      updates += bothAdded.updates(allPaths: Set(baseFiles.keys).union(mineFiles.keys).union(theirFiles.keys))
      if clashes.isEmpty {
        return .clean(try repository.updatedTree(mine, applying: updates))
      }
      if policy == .latest {
        let newest = try newestSide(path, mineSide: mineSide, theirSide: theirSide)
        for file in clashes {
          let pick = newest == .mine ? mineFiles[file] : theirFiles[file]
          if newest == .theirs {
            updates.append(pick.map { .upsert(path: file, id: $0.id, mode: $0.mode) } ?? .remove(path: file))
          }
        }
        return .clean(try repository.updatedTree(mine, applying: updates))
      }
    }
    return try conflict(path, base: base, mine: mine, theirs: theirs, mineSide: mineSide, theirSide: theirSide)
  }

  private enum Side { case mine, theirs }

  /// The three-way merge of a body changed on both sides: the merged body's blob when
  /// the merge is clean, nil when it has overlapping edits (or a body is unreadable),
  /// which makes the note a conflict. Formatting clashes go to the newer side, ties by
  /// device name, so both devices write the same bytes.
  private func mergeBodies(
    _ path: String, base: ObjectID?, mine: ObjectID, theirs: ObjectID, mineSide: MergeSide, theirSide: MergeSide
  ) throws -> ObjectID? {
    let reader = RTFReader()
    func body(_ id: ObjectID?) throws -> AttributedText? {
      guard let id else { return AttributedText() }
      return try? reader.read(try repository.blobData(id)).text
    }
    guard let baseText = try body(base), let mineText = try body(mine), let theirText = try body(theirs) else {
      return nil
    }
    let mineOrigin = try origin(path, mineSide)
    let theirOrigin = try origin(path, theirSide)
    let merge = ThreeWayMerge(
      base: baseText, mine: mineText, theirs: theirText,
      mineInfo: MergeSideInfo(label: mineOrigin.device, date: mineOrigin.date),
      theirInfo: MergeSideInfo(label: theirOrigin.device, date: theirOrigin.date))
    guard case .clean(let merged) = merge.merge() else { return nil }
    return try repository.createBlob(RTFWriter().write(merged))
  }

  private func newestSide(_ path: String, mineSide: MergeSide, theirSide: MergeSide) throws -> Side {
    try newestSide(mine: (path, mineSide), theirs: (path, theirSide))
  }

  /// The side whose version of its path was made last, ties by device name.
  private func newestSide(mine: (path: String, side: MergeSide), theirs: (path: String, side: MergeSide)) throws -> Side {
    let mineOrigin = try origin(mine.path, mine.side)
    let theirOrigin = try origin(theirs.path, theirs.side)
    if mineOrigin.date != theirOrigin.date { return mineOrigin.date > theirOrigin.date ? .mine : .theirs }
    return mineOrigin.device <= theirOrigin.device ? .mine : .theirs
  }

  // MARK: - Conflicts

  private func conflict(
    _ path: String, base: ObjectID?, mine: ObjectID?, theirs: ObjectID?, mineSide: MergeSide, theirSide: MergeSide
  ) throws -> PackageOutcome {
    var versions: [String: ConflictRecord.RecordedVersion] = [:]
    for side in [mineSide, theirSide] {
      for existing in try existingVersions(side.path(of: path), in: side.tree) { versions[existing.id] = existing }
    }
    let sides =
      try realVersions(path, tree: mine, of: mineSide, base: base).map { ($0.tree, $0.commit, mineSide.path(of: path)) }
      + realVersions(path, tree: theirs, of: theirSide, base: base).map { ($0.tree, $0.commit, theirSide.path(of: path)) }
    for (tree, commit, sidePath) in sides {
      let origin = try history(sidePath, commit)
      let id = tree.map(ConflictRecord.versionID) ?? ConflictRecord.deletionID(commit: origin.commit)
      versions[id] = ConflictRecord.RecordedVersion(
        commit: origin.commit.hex, device: origin.device, id: id, modified: ConflictRecord.timestamp(origin.date),
        tree: tree?.hex)
    }
    guard
      let current = ConflictRecord.current(among: Array(versions.values)),
      let currentTree = current.tree.flatMap(ObjectID.init(hex:))
    else {
      throw NoteStoreError.malformedPackage(note: NotePath(packagePath: path).name, reason: "no version of it has content")
    }
    let sorted = versions.values.sorted { $0.id < $1.id }
    return .conflict(currentTree) { baseCommit, _, _ in
      ConflictRecord(base: baseCommit.hex, current: current.id, note: path, versions: sorted)
    }
  }

  /// The real commits behind a side, each with its version of `path`: the side's own
  /// commit for a real side; for a virtual one (a step of a many-device merge), the
  /// first folded commit that holds `tree`, or, when `tree` was merged in memory and
  /// no commit holds it, every folded commit whose version differs from the base's,
  /// so each device's version is recorded and reachable.
  private func realVersions(
    _ path: String, tree: ObjectID?, of side: MergeSide, base: ObjectID?
  ) throws -> [(tree: ObjectID?, commit: ObjectID)] {
    guard !side.parts.isEmpty else { return [(tree, side.commit)] }
    var held: [(tree: ObjectID?, commit: ObjectID)] = []
    for part in side.parts {
      let partTree = try repository.treeEntry(atPath: side.path(of: path), inTree: try repository.commit(part).tree)?.id
      if partTree == tree { return [(tree, part)] }
      if partTree != base && !held.contains(where: { $0.tree == partTree }) { held.append((partTree, part)) }
    }
    return held
  }

  /// When and by whom a side's version of `path` was made: for a virtual side, the
  /// newest of the folded commits' versions (ties by device name), so every device
  /// that folds the same commits finds the same origin.
  private func origin(_ path: String, _ side: MergeSide) throws -> VersionOrigin {
    let own = side.path(of: path)
    guard !side.parts.isEmpty else { return try history(own, side.commit) }
    let tree = try repository.treeEntry(atPath: own, inTree: side.tree)?.id
    var newest: VersionOrigin?
    for (_, commit) in try realVersions(path, tree: tree, of: side, base: nil) {
      let found = try history(own, commit)
      if let current = newest, (current.date, current.device) >= (found.date, found.device) { continue }
      newest = found
    }
    return try newest ?? history(own, side.parts[0])
  }

  /// Versions already recorded for `path` in `tree`.
  private func existingVersions(_ path: String, in tree: ObjectID) throws -> [ConflictRecord.RecordedVersion] {
    let recordPath = try ConflictRecord.path(for: path)
    guard let entry = try repository.treeEntry(atPath: recordPath, inTree: tree), entry.mode != .tree else { return [] }
    return try ConflictBook(repository: repository).read(entry.id, at: recordPath).versions
  }

  // MARK: - Files outside packages

  private typealias OtherFiles = (base: [String: TreeEntry], mine: [String: TreeEntry], theirs: [String: TreeEntry])

  /// The files outside packages of the three trees, by path, less those that are the
  /// same in all three (they merge to themselves).
  private func otherFiles(
    _ differences: PackageDiff.Differences?, base: ObjectID?, mine: ObjectID, theirs: ObjectID
  ) throws -> OtherFiles {
    if let differences {
      var maps: [[String: TreeEntry]] = [[:], [:], [:]]
      for difference in differences.otherFiles {
        for side in 0..<3 { maps[side][difference.path] = difference.entries[side] }
      }
      return (maps[0], maps[1], maps[2])
    }
    let files = TreeFiles(repository: repository)
    return (
      try files.filesOutsidePackages(in: base), try files.filesOutsidePackages(in: mine),
      try files.filesOutsidePackages(in: theirs)
    )
  }

  /// Three-way merge of `.gitattributes`, `.notes/…` and other files outside
  /// packages. Two records of the same note combine their versions; any other file
  /// changed differently on both sides takes the larger blob id (a symmetric choice).
  private func mergeOtherFiles(_ files: OtherFiles, records: [String: [UInt8]]) throws -> [TreeUpdate] {
    let (baseFiles, mineFiles, theirFiles) = files
    var updates: [TreeUpdate] = []
    for path in Set(mineFiles.keys).union(theirFiles.keys).subtracting(records.keys).sorted() {
      let b = baseFiles[path]
      let m = mineFiles[path]
      let t = theirFiles[path]
      if m == t || b == t { continue }
      if b == m {
        updates.append(t.map { .upsert(path: path, id: $0.id, mode: $0.mode) } ?? .remove(path: path))
        continue
      }
      guard let m, let t else {
        // Deleted on one side (a resolved conflict), changed on the other: keep the
        // changed file, so nothing recorded is lost.
        if let kept = m ?? t, kept != m { updates.append(.upsert(path: path, id: kept.id, mode: kept.mode)) }
        continue
      }
      if path.hasPrefix(ConflictRecord.folder + "/") {
        let combined = try ConflictBook(repository: repository).combined(m.id, t.id, at: path)
        updates.append(.upsert(path: path, id: try repository.createBlob(try combined.encoded()), mode: .blob))
      } else if t.id > m.id {
        updates.append(.upsert(path: path, id: t.id, mode: t.mode))
      }
    }
    for (path, bytes) in records.sorted(by: { $0.key < $1.key }) {
      updates.append(.upsert(path: path, id: try repository.createBlob(bytes), mode: .blob))
    }
    return updates
  }
}
