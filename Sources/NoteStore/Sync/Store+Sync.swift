import Foundation
import Git

extension Store {
  /// Syncs with the remotes (DESIGN §3): commits unsaved changes, fetches every
  /// device branch, merges the other devices in name order, checks out, and pushes
  /// this device's branch (never forced). A remote that fails is reported and the
  /// others still sync.
  ///
  /// - Throws: only when the local part fails (merge, lock); remote failures are in
  ///   the report.
  public func sync(_ options: SyncOptions = SyncOptions()) throws -> SyncReport {
    let report = try withWriteLock {
      if !options.dryRun { try saveUnlocked(message: nil) }
      var report = SyncReport()
      let remotes = try selectedRemotes(options.remote)
      for remote in remotes {
        var entry = SyncReport.RemoteReport(name: remote.name, fetched: false, pushed: false, error: nil)
        do {
          report.rejected += try fetchDevices(from: remote.name, options: options)
          entry.fetched = true
          try checkOwnBranch(on: remote.name)
        } catch {
          entry.error = Store.describe(error)
        }
        report.remotes.append(entry)
      }
      try mergeFetchedDevices(options, into: &report)
      if !options.dryRun {
        recordRefusals(
          report.rejected, fetched: Set(report.remotes.filter(\.fetched).map(\.name)),
          merged: Set(remotes.map(\.name)))
      }
      guard !options.dryRun && !options.noPush else { return report }
      for index in report.remotes.indices where report.remotes[index].error == nil {
        do {
          try pushOwnBranch(to: report.remotes[index].name, options: options)
          report.remotes[index].pushed = true
        } catch {
          report.remotes[index].error = Store.describe(error)
        }
      }
      return report
    }
    if !options.dryRun { runPostSyncHook(report) }  // after the lock is released
    return report
  }

  /// Fetches every device branch from the remotes (`notes fetch`): the state
  /// "downloaded, not yet current". Changes nothing but remote-tracking branches.
  public func fetch(
    remote: String? = nil, timeout: Double = 60, progress: (@Sendable (WorkProgress) -> Void)? = nil
  ) throws -> SyncReport {
    try withWriteLock {
      var report = SyncReport()
      var options = SyncOptions()
      options.timeout = timeout
      options.onProgress = progress
      for remote in try selectedRemotes(remote) {
        var entry = SyncReport.RemoteReport(name: remote.name, fetched: false, pushed: false, error: nil)
        do {
          report.rejected += try fetchDevices(from: remote.name, options: options)
          entry.fetched = true
        } catch {
          entry.error = Store.describe(error)
        }
        report.remotes.append(entry)
      }
      // A fetch checks trees, not mass deletes: those stay as the last sync found them.
      recordRefusals(report.rejected, fetched: Set(report.remotes.filter(\.fetched).map(\.name)), merged: [])
      return report
    }
  }

  private func selectedRemotes(_ name: String?) throws -> [RemoteInfo] {
    let all = try git("reading remotes") { try repository.remotes() }
    guard let name else {
      if all.isEmpty { throw NoteStoreError.noRemotes }
      return all
    }
    guard let remote = all.first(where: { $0.name == name }) else {
      throw NoteStoreError.noSuchRemote(name, available: all.map(\.name))
    }
    return [remote]
  }

  func transferOptions(_ options: SyncOptions) -> TransferOptions {
    var transfer = TransferOptions(timeout: options.timeout)
    if let report = options.progress {
      transfer.progress = { @Sendable (step: TransferProgress) in
        let verb = step.phase == .pushing ? "Pushing" : "Receiving"
        report("\(verb) objects: \(step.receivedObjects)/\(step.totalObjects), \(step.receivedBytes / 1024) KiB")
      }
    }
    if let observe = options.onProgress {
      transfer.progress = { @Sendable (step: TransferProgress) in observe(WorkProgress(step)) }
    }
    return transfer
  }

  private func fetchDevices(from remote: String, options: SyncOptions) throws -> [RejectedChange] {
    try fetchDeviceBranches(from: remote, transfer: transferOptions(options))
  }

  /// A remote's copy of this device's branch must be an ancestor of it: otherwise
  /// another machine writes under the same device name (or this one lost commits),
  /// and pushing would be refused anyway.
  private func checkOwnBranch(on remote: String) throws {
    let tracking = "refs/remotes/\(remote)/devices/\(device.rawValue)"
    guard let theirs = try repository.referenceTarget(tracking), let mine = try headCommit(), theirs != mine else { return }
    if try !repository.isDescendant(mine, of: theirs) {
      throw NoteStoreError.deviceNameInUse(device: device.rawValue, remote: remote)
    }
  }

  private func pushOwnBranch(to remote: String, options: SyncOptions) throws {
    let branch = device.branch
    try runPrePushHook(remote: remote)
    do {
      // The remote advertises refused branches too; libgit2's push must find them.
      try pushReadingRefusedObjects {
        try repository.push(remote: remote, refspecs: ["\(branch):\(branch)"], options: transferOptions(options))
      }
    } catch let error as TransferError {
      switch error {
      case .rejected(_, let reason, _) where reason.contains(".lock") || reason.lowercased().contains("lock"):
        throw NoteStoreError.staleRemoteLock(remote: remote, lockPath: staleLockPath(remote: remote, reason: reason))
      case .nonFastForward:
        // A .rejected push (a server hook's refusal) keeps the server's reason.
        throw NoteStoreError.deviceNameInUse(device: device.rawValue, remote: remote)
      default:
        throw error
      }
    }
    // Record what the remote now has, as git does after a push.
    if let head = try headCommit() {
      let tracking = "refs/remotes/\(remote)/devices/\(device.rawValue)"
      let old = try repository.referenceTarget(tracking)
      try repository.updateReference(tracking, to: head, expecting: old, logMessage: "notes: push")
    }
  }

  /// Where the stale lock of this device's branch is on `remote`: the path in the
  /// server's message when it names one, else the lock's path in a local remote, else
  /// its path inside the remote repository.
  private func staleLockPath(remote: String, reason: String) -> String {
    let words = reason.split(whereSeparator: { $0 == " " || $0 == "'" || $0 == "\"" })
    if let named = words.first(where: { $0.hasSuffix(".lock") }) {
      // git's receive-pack names it as `<repo>/./refs/...`: drop the `.` components.
      return named.split(separator: "/", omittingEmptySubsequences: false).filter { $0 != "." }.joined(separator: "/")
    }
    let relative = "refs/heads/devices/\(device.rawValue).lock"
    if let url = try? repository.remotes().first(where: { $0.name == remote })?.url, RemoteURL.isLocalPath(url) {
      return url + "/" + relative
    }
    return relative
  }

  static func describe(_ error: any Error) -> String {
    if let error = error as? NoteStoreError { return error.description }
    return String(describing: error)
  }

  /// Merges the device tips already fetched (the local part of sync): commits
  /// unsaved changes, merges every other device in name order and checks out.
  public func mergeFetched(_ options: SyncOptions = SyncOptions()) throws -> SyncReport {
    try withWriteLock {
      if !options.dryRun { try saveUnlocked(message: nil) }
      var report = SyncReport()
      try mergeFetchedDevices(options, into: &report)
      return report
    }
  }
}
