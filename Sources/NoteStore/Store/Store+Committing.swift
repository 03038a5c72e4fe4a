import Foundation
import Git

extension Store {
  /// Runs `body` holding the store lock. On taking the lock, clears the lock files a
  /// killed writer left (``StoreLock``) and finishes a checkout it left half done.
  public func withWriteLock<T>(_ body: () throws -> T) throws -> T {
    let lock = try StoreLock(
      path: lockPath, storePath: root, timeout: lockTimeout, gitDirectory: gitDirectory, onWait: { onLockWait?() })
    try branchWriter.finishInterruptedCheckout()
    try finishInterruptedFetch()
    let result = try withExtendedLifetime(lock) { try body() }
    return result
  }

  /// Commits `updates` on top of the device branch as one commit and moves the
  /// branch there through the ``BranchWriter``, bringing `checkoutPaths` of the
  /// working tree up to date.
  ///
  /// - Returns: the new commit, or nil when the updates change nothing.
  @discardableResult
  func commitChange(
    _ updates: [TreeUpdate], message: CommitMessage, checkoutPaths: [String],
    copies: [FileCopy] = [], extraParents: [ObjectID] = []
  ) throws -> ObjectID? {
    let parent = try headCommit()
    let baseTree = try headTree()
    // The thumbnails of a few notes draw on other threads while the commit is made and
    // checked out; the refresh after the move (or the committed QuickLook files) waits.
    let rendersStarted = startQuickLookRenders(applying: updates, to: baseTree)
    var tree = try git("building the new tree") { try repository.updatedTree(baseTree, applying: updates) }
    if tree == baseTree && extraParents.isEmpty { return nil }
    if !rendersStarted {
      startQuickLookRenders(packages: packages(touchedBy: updates, from: baseTree, to: tree), in: tree)
    }
    // QuickLook: with `notes.quicklook = commit` the derived files are committed too.
    tree = try withCommittedQuickLook(tree, touching: updates, from: baseTree)
    // pre-commit, prepare-commit-msg and commit-msg: before any object is referenced.
    let text = try runCommitHooks(tree: tree, message: message)
    let signature = try authorSignature()
    let commit = try git("writing the commit") {
      try repository.createCommit(
        tree: tree, parents: (parent.map { [$0] } ?? []) + extraParents, message: text,
        author: signature, committer: signature)
    }
    try branchWriter.move(
      BranchMove(
        expected: parent, commit: commit, oldTree: baseTree, newTree: tree, checkout: .paths(checkoutPaths),
        copies: copies, origin: .local, summary: message.summary,
        changedPackages: packages(touchedBy: updates, from: baseTree, to: tree)))
    return commit
  }

  /// The author and committer of new commits: `user.name`/`user.email` from git's
  /// configuration, else the login name at this device.
  func authorSignature() throws -> Signature {
    let now = Date()
    if let configured = try? repository.defaultSignature(at: now) { return configured }
    let environment = ProcessInfo.processInfo.environment
    let user = environment["USER"] ?? environment["LOGNAME"] ?? "notes"
    return Signature(
      name: user, email: "\(user)@\(device.rawValue)", date: now,
      timeZoneOffsetMinutes: TimeZone.current.secondsFromGMT(for: now) / 60)
  }

  /// The largest file a tree from outside may hold: `notes.maxBlobSize`, 100 MiB by
  /// default.
  func maximumBlobSize() throws -> Int64 {
    let configured = try git("reading \(TreeLimits.maximumBlobSizeKey)") {
      try repository.configInt(TreeLimits.maximumBlobSizeKey)
    }
    return configured.map(Int64.init) ?? TreeLimits.defaultMaximumBlobSize
  }

  /// Reports something that went wrong without failing the command.
  func warn(_ message: String) {
    onWarning?(message)
  }
}
