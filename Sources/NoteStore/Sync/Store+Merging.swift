import Foundation
import Git

extension Store {
  /// The conflict policy from `notes.conflictPolicy`, `merge` when unset.
  public func conflictPolicy() throws -> ConflictPolicy {
    let value = try git("reading the conflict policy") { try repository.configString(ConflictPolicy.configKey) }
    return value.flatMap(ConflictPolicy.init(rawValue:)) ?? .merge
  }

  /// Writes the merge commit of a sync: the summary names the device (or devices)
  /// merged, the trailers name each device and each changed note, the body lists the
  /// notes left in conflict. With `runsHooks`, git's merge hooks run first and may
  /// change the message.
  func writeMergeCommit(
    tree: ObjectID, parents: [ObjectID], devices: [String], changedPackages: [String], conflicts: [String],
    runsHooks: Bool
  ) throws -> ObjectID {
    var body = ""
    if !conflicts.isEmpty {
      body = "Conflicts:\n" + conflicts.map { "  " + NotePath(packagePath: $0).name }.joined(separator: "\n")
    }
    let from = Self.deviceList(devices)
    let summary =
      changedPackages.count == 1
      ? "Merge changes to \(NotePath(packagePath: changedPackages[0]).name) from \(from)"
      : "Merge changes from \(from)"
    let message = CommitMessage(
      summary: summary, body: body, device: self.device,
      notes: changedPackages, extraTrailers: devices.map { (key: "Merged-Device", value: $0) })
    let text = runsHooks ? try runMergeCommitHooks(tree: tree, message: message) : message.text
    let signature = try authorSignature()
    return try git("writing the merge commit") {
      try repository.createCommit(tree: tree, parents: parents, message: text, author: signature, committer: signature)
    }
  }

  /// "phone", "phone and tablet", "laptop, phone and tablet", "laptop, phone and 18 other devices".
  static func deviceList(_ devices: [String]) -> String {
    switch devices.count {
    case 0: return "no device"
    case 1: return devices[0]
    case 2, 3: return devices.dropLast().joined(separator: ", ") + " and " + devices[devices.count - 1]
    default: return devices.prefix(2).joined(separator: ", ") + " and \(devices.count - 2) other devices"
    }
  }

  /// The base to merge two commits against: their merge base, or for a criss-cross
  /// history a virtual base made by merging the bases (as git's recursive merge
  /// does), with a fixed signature so every device makes the same one. Unrelated
  /// histories have the empty base: no tree, and the zero commit in records.
  func mergeBase(_ a: ObjectID, _ b: ObjectID, depth: Int) throws -> (tree: ObjectID?, commit: ObjectID) {
    let bases = try git("finding the merge base") { try repository.mergeBases(a, b) }
    guard var virtual = bases.first else { return (nil, .zero) }
    if bases.count == 1 || depth > 8 { return (try commitTree(virtual), virtual) }
    for next in bases.dropFirst() {
      let inner = try mergeBase(virtual, next, depth: depth + 1)
      let merged = try makeMerger(policy: .merge).merge(
        base: inner.tree, baseCommit: inner.commit,
        mine: MergeSide(commit: virtual, tree: try commitTree(virtual)),
        theirs: MergeSide(commit: next, tree: try commitTree(next)))
      let signature = Signature(name: "notes", email: "notes@localhost", date: Date(timeIntervalSince1970: 0), timeZoneOffsetMinutes: 0)
      virtual = try repository.createCommit(
        tree: merged.tree, parents: [virtual, next], message: "virtual merge base\n", author: signature,
        committer: signature)
    }
    return (try commitTree(virtual), virtual)
  }

  func makeMerger(policy: ConflictPolicy) -> TreeMerger {
    TreeMerger(repository: repository, policy: policy, packageDiff: packageDiff) { [self] package, commit in
      guard let change = try lastChanges(of: [package], from: commit)[package] else {
        return .init(commit: commit, date: Date(timeIntervalSince1970: 0), device: "")
      }
      return .init(commit: change.commit, date: change.date, device: change.device)
    }
  }

  func commitTree(_ commit: ObjectID) throws -> ObjectID {
    try git("reading commit \(commit.hex.prefix(8))") { try repository.commit(commit).tree }
  }
}
