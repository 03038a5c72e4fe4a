import Foundation
import Git

extension Store {
  /// Where objects of refused branches are kept out of the object database, for
  /// pushes only (``Repository/purgeUnreachableObjects(quarantine:)``).
  var quarantinePath: String { gitDirectory + "/notes-quarantine" }

  /// Fetches every device branch of `remote`, then vets what arrived
  /// (``vetFetchedReferences(of:before:)``); the branches refused are returned (and
  /// are gone again).
  ///
  /// When the fetch of all branches fails for a reason other than the network (the
  /// remote serves a commit libgit2 cannot parse), each device branch is fetched on
  /// its own, so one unreadable branch cannot keep the others out; the branches that
  /// still fail are returned as refused.
  ///
  /// A journal (`.git/notes-fetch`) records the vetted state before the fetch, so a
  /// process killed between the fetch and the vetting leaves the next writer enough to
  /// finish the job (``finishInterruptedFetch()``).
  func fetchDeviceBranches(from remote: String, transfer: TransferOptions) throws -> [RejectedChange] {
    try finishInterruptedFetch()
    let before = try trackingReferences(of: remote)
    try FetchJournal(path: fetchJournalPath).write(remote: remote, references: before)
    defer { FetchJournal(path: fetchJournalPath).remove() }
    var unreadable: [RejectedChange] = []
    do {
      _ = try repository.fetch(remote: remote, refspecs: [Store.fetchRefspec(remote)], options: transfer)
    } catch let error as GitError {
      let prefix = "refs/heads/devices/"
      let advertised = try repository.listRemoteReferences(remote: remote, matching: prefix, options: transfer)
      for (name, target) in advertised {
        let deviceName = String(name.dropFirst(prefix.count))
        do {
          _ = try repository.fetch(
            remote: remote, refspecs: ["+\(name):refs/remotes/\(remote)/devices/\(deviceName)"], options: transfer)
        } catch let single as GitError {
          let violation = TreeViolation(commit: target.hex, path: "", rule: .badCommit, detail: single.message)
          unreadable.append(
            RejectedChange(
              device: deviceName, remote: remote, commit: target.hex, path: "", rule: TreeRule.badCommit.rawValue,
              reason: NoteStoreError.untrustedTree(device: deviceName, violation: violation).description))
        }
      }
      if unreadable.isEmpty { throw error }
      if let culprits = try unreadableTipsOfLocalRemote(remote, advertised: advertised), !culprits.isEmpty {
        // libgit2's own local transport (used only where git's upload-pack cannot be
        // found) reads every tip of a local remote for any fetch, so one bad tip blocks
        // the others too: name it, and say how to remove it.
        let blocked = NoteStoreError.remoteHoldsUnreadableCommit(remote: remote, branches: culprits, detail: error.message)
        if unreadable.contains(where: { !culprits.contains(prefix + $0.device) }) { throw blocked }
        for index in unreadable.indices { unreadable[index].reason = blocked.description }
      }
    }
    let rejected = unreadable + (try vetFetchedReferences(of: remote, before: before))
    historyDidMove()
    return rejected
  }

  /// Runs `push` able to read the objects of refused branches (the remote advertises
  /// them, and libgit2's push walks from every advertised tip it has), and once more
  /// without them when one of them is a commit libgit2 cannot parse (a malformed
  /// author line): then the push treats that tip as unknown, as for any branch it lacks.
  func pushReadingRefusedObjects(_ push: () throws -> Void) throws {
    try git("reading refused objects") { try repository.useQuarantine(quarantinePath) }
    do {
      try push()
    } catch let error as GitError where error.message.contains("failed to parse") {
      try git("forgetting refused objects") { try repository.dropCachesAndObjectDatabase() }
      try push()
    }
  }

  private var fetchJournalPath: String { gitDirectory + "/notes-fetch" }

  /// Vets what a fetch killed before its vetting brought in, against the state its
  /// journal recorded, and warns about what is refused. Call with the lock held.
  func finishInterruptedFetch() throws {
    let journal = FetchJournal(path: fetchJournalPath)
    guard let (remote, before) = journal.read() else { return }
    for rejected in try vetFetchedReferences(of: remote, before: before) { warn(rejected.reason) }
    journal.remove()
  }

  /// For a remote that is a local path, the branches whose tip commit cannot be read;
  /// nil for other remotes. Only matters under libgit2's local transport: through
  /// git-upload-pack a bad tip arrives and is refused by the vetting instead.
  private func unreadableTipsOfLocalRemote(
    _ remote: String, advertised: [(name: String, target: ObjectID)]
  ) throws -> [String]? {
    guard let url = try repository.remotes().first(where: { $0.name == remote })?.url else { return nil }
    let path = url.hasPrefix("file://") ? String(url.dropFirst("file://".count)) : url
    guard RemoteURL.isLocalPath(path), let other = try? Repository.open(at: path) else { return nil }
    return advertised.filter { (try? other.commit($0.target)) == nil }.map(\.name)
  }

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
    let inspector = TreeInspector(repository: repository, maximumBlobSize: try maximumBlobSize(), trees: rawTrees)
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
