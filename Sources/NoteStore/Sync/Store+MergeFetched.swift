import Foundation
import Git
import RichText

extension Store {
  /// The fetched tips of other devices: `refs/remotes/<remote>/devices/<device>`,
  /// sorted by device, then remote.
  func fetchedDeviceTips(remote: String? = nil) throws -> [(device: String, remote: String, tip: ObjectID)] {
    let references = try git("listing fetched devices") { try repository.references(matching: "refs/remotes/*") }
    var tips: [(device: String, remote: String, tip: ObjectID)] = []
    for (name, target) in references {
      let parts = name.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
      // refs / remotes / <remote> / devices / <device>
      guard parts.count == 5, parts[3] == "devices", parts[4] != device.rawValue else { continue }
      if let remote, parts[2] != remote { continue }
      tips.append((parts[4], parts[2], target))
    }
    return tips.sorted { ($0.device, $0.remote) < ($1.device, $1.remote) }
  }

  /// Merges every fetched device tip into this device's branch, in device name
  /// order, as sync step 3, and moves the branch once through the ``BranchWriter``.
  /// Before a tip is integrated, every commit it brings is checked
  /// (``TreeInspector``) and the change it makes is held against the mass-delete
  /// guard; a tip that fails is left out and reported in `report.rejected`, and the
  /// other devices still merge. With `dryRun`, computes the same report and moves
  /// nothing.
  ///
  /// Call with the store lock held.
  func mergeFetchedDevices(_ options: SyncOptions, into report: inout SyncReport) throws {
    guard let start = try headCommit() else { return }
    let policy = try options.policy ?? conflictPolicy()
    let inspector = TreeInspector(repository: repository, maximumBlobSize: try maximumBlobSize())
    let massDeleteGuard = MassDeleteGuard(repository: repository)
    var head = start
    var conflicts: Set<String> = []
    for (device, remote, tip) in try fetchedDeviceTips(remote: options.remote) {
      if try isContained(tip, in: head) { continue }
      if !vettedTips.contains(tip), let violation = try inspector.firstViolation(inHistoryOf: tip, trusted: [head]) {
        report.rejected.append(
          RejectedChange(
            device: device, remote: remote, commit: violation.commit, path: violation.path, rule: violation.rule.rawValue,
            reason: NoteStoreError.untrustedTree(device: device, violation: violation).description))
        continue
      }
      let step = try integrate(tip: tip, device: device, into: head, policy: policy, runsHooks: !options.dryRun)
      if !options.allowMassDelete,
        let tripped = try massDeleteGuard.tripped(from: try commitTree(head), to: try commitTree(step.head))
      {
        report.rejected.append(
          RejectedChange(
            device: device, remote: remote, commit: tip.hex, path: "", rule: "massDelete",
            reason: NoteStoreError.massDelete(device: device, deleting: tripped.deleting, of: tripped.of).description))
        continue
      }
      switch step.outcome {
      case .upToDate:
        continue
      case .fastForwarded:
        if !report.fastForwarded.contains(device) { report.fastForwarded.append(device) }
      case .merged(let found):
        if !report.merged.contains(device) { report.merged.append(device) }
        conflicts.formUnion(found)
      }
      head = step.head
    }
    guard head != start else {
      report.conflicts = try self.conflicts().map(\.note)
      return
    }
    let before = try commitTree(start)
    let after = try commitTree(head)
    let changed = try git("comparing trees") {
      try PackageScanner(repository: repository).changedPackages(from: before, to: after)
    }.sorted()
    report.changed = changed.map { NotePath(packagePath: $0).name }
    if options.dryRun {
      report.conflicts = conflicts.sorted().map { NotePath(packagePath: $0).name }
      return
    }
    let paths = try changed + filesOutsidePackagesChanged(from: before, to: after)
    try runAdoptionHook(tree: after)
    try branchWriter.move(
      BranchMove(
        expected: start, commit: head, oldTree: before, newTree: after, checkout: .paths(paths), origin: .sync,
        summary: "sync", changedPackages: changed),
      allowMassDelete: options.allowMassDelete)
    report.conflicts = try self.conflicts().map(\.note)
    report.unreadable = try unreadableBodies(among: changed, in: after)
    for name in report.unreadable {
      warn(
        "the body of note \"\(TerminalText.escaped(name))\" that arrived by sync is not readable RTF; "
          + "`notes show` prints what can be recovered, `notes versions` lists earlier versions")
    }
  }

  /// Whether `tip` is `head` or in its history.
  private func isContained(_ tip: ObjectID, in head: ObjectID) throws -> Bool {
    if tip == head { return true }
    return try git("comparing histories") { try repository.isDescendant(head, of: tip) }
  }

  /// Files outside packages (such as conflict records) that differ between two trees.
  private func filesOutsidePackagesChanged(from old: ObjectID, to new: ObjectID) throws -> [String] {
    let files = TreeFiles(repository: repository)
    let oldOther = try files.filesOutsidePackages(in: old)
    let newOther = try files.filesOutsidePackages(in: new)
    return Set(oldOther.keys).union(newOther.keys).filter { oldOther[$0] != newOther[$0] }.sorted()
  }

  /// The notes among `packages` whose body in `tree` no reader can parse.
  private func unreadableBodies(among packages: [String], in tree: ObjectID) throws -> [String] {
    var names: [String] = []
    for package in packages {
      let note = NotePath(packagePath: package)
      guard let entry = try git("reading \(note.name)", { try repository.treeEntry(atPath: note.textPath, inTree: tree) })
      else { continue }
      let bytes = try git("reading the body of \(note.name)") { try repository.blobData(entry.id) }
      do {
        _ = try RTFReader().read(bytes)
      } catch {
        names.append(note.name)
      }
    }
    return names
  }
}
