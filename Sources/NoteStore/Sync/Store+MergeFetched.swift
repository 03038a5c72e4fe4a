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

  /// Merges every fetched device tip into this device's branch as sync step 3, with
  /// at most one new commit however many devices diverged (``integrate(tips:devices:into:policy:runsHooks:)``),
  /// and moves the branch once through the ``BranchWriter``. Before a tip is taken,
  /// every commit it brings is checked (``TreeInspector``) and the change it alone
  /// would make is held against the mass-delete guard; a tip that fails is left out
  /// and reported in `report.rejected`, and the other devices still merge. With
  /// `dryRun`, computes the same report and moves nothing.
  ///
  /// Call with the store lock held.
  func mergeFetchedDevices(_ options: SyncOptions, into report: inout SyncReport) throws {
    guard let start = try headCommit() else { return }
    let policy = try options.policy ?? conflictPolicy()
    let inspector = TreeInspector(repository: repository, maximumBlobSize: try maximumBlobSize(), trees: rawTrees)
    var incoming: [(device: String, remote: String, tip: ObjectID)] = []
    for (device, remote, tip) in try fetchedDeviceTips(remote: options.remote) {
      if try isAncestor(tip, of: start) { continue }
      if !vettedTips.contains(tip), let violation = try inspector.firstViolation(inHistoryOf: tip, trusted: [start]) {
        report.rejected.append(
          RejectedChange(
            device: device, remote: remote, commit: violation.commit, path: violation.path, rule: violation.rule.rawValue,
            reason: NoteStoreError.untrustedTree(device: device, violation: violation).description))
        continue
      }
      incoming.append((device, remote, tip))
    }
    var plan = try plan(tips: incoming.map(\.tip), into: start, policy: policy)
    if !options.allowMassDelete {
      let kept = try withoutMassDeletes(incoming, plan: plan, policy: policy, report: &report)
      if kept.count < incoming.count {
        incoming = kept
        plan = try self.plan(tips: incoming.map(\.tip), into: start, policy: policy)
      }
    }
    var devices: [String] = []
    for entry in incoming where !devices.contains(entry.device) { devices.append(entry.device) }
    let step = try commit(plan, devices: devices, runsHooks: !options.dryRun)
    let head = step.head
    let conflicts = Set(step.conflicts)
    // The devices whose tips the branch now joins; a tip inside another one came in
    // through that one.
    for entry in incoming where plan.joined.contains(entry.tip) && entry.tip != start {
      switch step.outcome {
      case .upToDate: break
      case .fastForwarded:
        if !report.fastForwarded.contains(entry.device) { report.fastForwarded.append(entry.device) }
      case .merged:
        if !report.merged.contains(entry.device) { report.merged.append(entry.device) }
      }
    }
    guard head != start else {
      report.conflicts = try self.conflicts().map(\.note)
      return
    }
    let before = try commitTree(start)
    let after = try commitTree(head)
    let changed = try changedPackages(from: before, to: after)
    report.changed = changed.map { NotePath(packagePath: $0).name }
    if options.dryRun {
      report.conflicts = conflicts.sorted().map { NotePath(packagePath: $0).name }
      return
    }
    let paths = try changed + filesOutsidePackagesChanged(from: before, to: after)
    try runAdoptionHook(tree: after)
    // The notes came from other devices: their previews are drawn after the sync answered.
    try leavingPreviewsForLater {
      try branchWriter.move(
        BranchMove(
          expected: start, commit: head, oldTree: before, newTree: after, checkout: .paths(paths), origin: .sync,
          summary: "sync", changedPackages: changed),
        allowMassDelete: options.allowMassDelete)
    }
    report.conflicts = try self.conflicts().map(\.note)
    report.unreadable = try unreadableBodies(among: changed, in: after)
    for name in report.unreadable {
      warn(
        "the body of note \"\(TerminalText.escaped(name))\" that arrived by sync is not readable RTF; "
          + "`notes show` prints what can be recovered, `notes versions` lists earlier versions")
    }
  }

  /// The tips whose changes, each merged alone into `start`, would not delete most
  /// notes (``MassDeleteGuard``); the others are reported in `report.rejected`. Each
  /// device is judged by what it alone would do, as when devices merged one by one.
  /// Costs nothing more in the common case: only when the plan for all tips trips
  /// the guard is each tip tried alone.
  private func withoutMassDeletes(
    _ incoming: [(device: String, remote: String, tip: ObjectID)], plan: OctopusPlan, policy: ConflictPolicy,
    report: inout SyncReport
  ) throws -> [(device: String, remote: String, tip: ObjectID)] {
    let massDeleteGuard = MassDeleteGuard(repository: repository, packageDiff: packageDiff)
    let startTree = try commitTree(plan.head)
    guard try massDeleteGuard.tripped(from: startTree, to: plan.tree) != nil else { return incoming }
    var kept: [(device: String, remote: String, tip: ObjectID)] = []
    for entry in incoming {
      let alone = try self.plan(tips: [entry.tip], into: plan.head, policy: policy)
      if let tripped = try massDeleteGuard.tripped(from: startTree, to: alone.tree) {
        report.rejected.append(
          RejectedChange(
            device: entry.device, remote: entry.remote, commit: entry.tip.hex, path: "",
            rule: RejectedChange.massDeleteRule,
            reason: NoteStoreError.massDelete(device: entry.device, deleting: tripped.deleting, of: tripped.of).description))
      } else {
        kept.append(entry)
      }
    }
    return kept
  }

  /// Files outside packages (such as conflict records) that differ between two trees.
  private func filesOutsidePackagesChanged(from old: ObjectID, to new: ObjectID) throws -> [String] {
    if let differences = try git("comparing trees", { try packageDiff.differences([old, new]) }) {
      return differences.otherFiles.map(\.path).sorted()
    }
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
