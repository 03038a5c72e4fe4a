import Foundation
import Git

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
  /// order, as sync step 3; moves the branch once (compare-and-swap) and checks out
  /// the result last. With `dryRun`, computes the same report and moves nothing.
  ///
  /// Call with the store lock held.
  func mergeFetchedDevices(_ options: SyncOptions, into report: inout SyncReport) throws {
    guard let start = try headCommit() else { return }
    let policy = try options.policy ?? conflictPolicy()
    var head = start
    var changed: Set<String> = []
    var conflicts: Set<String> = []
    for (device, _, tip) in try fetchedDeviceTips(remote: options.remote) {
      let step = try integrate(
        tip: tip, device: device, into: head, policy: policy, allowMassDelete: options.allowMassDelete)
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
    let scanner = PackageScanner(repository: repository)
    let before = try commitTree(start)
    let after = try commitTree(head)
    changed = try git("comparing trees") { try scanner.changedPackages(from: before, to: after) }
    report.changed = changed.sorted().map { NotePath(packagePath: $0).name }
    if options.dryRun {
      report.conflicts = conflicts.sorted().map { NotePath(packagePath: $0).name }
      return
    }
    try moveBranch(from: start, to: head, changedPackages: changed.sorted(), oldTree: before, newTree: after)
    report.conflicts = try self.conflicts().map(\.note)
  }

  /// Moves the device branch by compare-and-swap and checks out what changed,
  /// under the checkout journal.
  func moveBranch(from old: ObjectID, to new: ObjectID, changedPackages: [String], oldTree: ObjectID, newTree: ObjectID) throws {
    let files = TreeFiles(repository: repository)
    let oldOther = try files.filesOutsidePackages(in: oldTree)
    let newOther = try files.filesOutsidePackages(in: newTree)
    let otherChanged = Set(oldOther.keys).union(newOther.keys).filter { oldOther[$0] != newOther[$0] }
    let paths = changedPackages + otherChanged.sorted()
    try writeCheckoutJournal(paths)
    try git("moving \(device.branch)") {
      try repository.updateReference(device.branch, to: new, expecting: old, logMessage: "notes: sync")
    }
    if !paths.isEmpty {
      try git("updating the working tree") { try repository.checkout(tree: newTree, paths: paths, force: true) }
    }
    removeCheckoutJournal()
    historyDidMove()  // History index (wip-history): the integrator moves this into the BranchWriter.
    try packIfNeeded()
  }
}
