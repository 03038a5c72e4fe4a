import Foundation
import Git

extension Store {
  /// Where objects of refused branches are kept out of the object database, for
  /// pushes only (``Repository/purgeUnreachableObjects(quarantine:)``).
  var quarantinePath: String { gitDirectory + "/notes-quarantine" }

  /// The remote-tracking device branches of `remote`, by reference name.
  func trackingReferences(of remote: String) throws -> [String: ObjectID] {
    let references = try git("listing fetched devices") {
      try repository.references(matching: "refs/remotes/\(remote)/devices/*")
    }
    return Dictionary(references.map { ($0.name, $0.target) }, uniquingKeysWith: { first, _ in first })
  }

  /// Checks what a fetch from `remote` brought (``TreeInspector``): every commit that
  /// a moved remote-tracking branch reaches and that neither this device's branch nor
  /// the branch's previous value reached. A branch that fails is deleted again and its
  /// objects are purged from the store, so nothing of it is merged, listed, pushed or
  /// seen by `git fsck`; it comes back as a ``RejectedChange``.
  ///
  /// Call with the store lock held, right after the fetch.
  func vetFetchedReferences(of remote: String, before: [String: ObjectID]) throws -> [RejectedChange] {
    let after = try trackingReferences(of: remote)
    let inspector = TreeInspector(repository: repository, maximumBlobSize: try maximumBlobSize())
    let head = try headCommit()
    var rejected: [RejectedChange] = []
    for (name, tip) in after.sorted(by: { $0.key < $1.key }) where before[name] != tip {
      let trusted = [head, before[name]].compactMap { $0 }
      guard let violation = try inspector.firstViolation(inHistoryOf: tip, trusted: trusted) else {
        vettedTips.insert(tip)
        continue
      }
      let deviceName = String(name.dropFirst("refs/remotes/\(remote)/devices/".count))
      try git("dropping the refused branch \(name)") { try repository.deleteReference(name, expecting: tip) }
      rejected.append(
        RejectedChange(
          device: deviceName, remote: remote, commit: violation.commit, path: violation.path,
          rule: violation.rule.rawValue,
          reason: NoteStoreError.untrustedTree(device: deviceName, violation: violation).description))
    }
    if !rejected.isEmpty {
      try git("removing the refused objects") { try repository.purgeUnreachableObjects(quarantine: quarantinePath) }
    }
    return rejected
  }
}
