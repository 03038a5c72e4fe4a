import Foundation
import Git

extension Store {
  /// Runs `body` holding the store lock. On taking the lock, finishes a checkout
  /// that a killed writer left half done and clears its stale lock files.
  public func withWriteLock<T>(_ body: () throws -> T) throws -> T {
    let lock = try StoreLock(
      path: lockPath, storePath: root, timeout: lockTimeout, onWait: { onLockWait?() })
    StoreLock.clearStaleGitLocks(in: gitDirectory)
    try finishInterruptedCheckout()
    let result = try withExtendedLifetime(lock) { try body() }
    return result
  }

  /// Commits `updates` on top of the device branch as one commit, moves the branch
  /// by compare-and-swap and brings `checkoutPaths` of the working tree up to date.
  ///
  /// Order matters for crash safety: objects are written first, then a journal names
  /// the paths to check out, then the branch moves, then the working tree, then the
  /// journal goes. A process killed at any point leaves either the old or the new
  /// commit on the branch; the next writer finishes the checkout from the journal.
  ///
  /// - Returns: the new commit, or nil when the updates change nothing.
  @discardableResult
  func commitChange(
    _ updates: [TreeUpdate], message: CommitMessage, checkoutPaths: [String],
    copies: [FileCopy] = [], extraParents: [ObjectID] = []
  ) throws -> ObjectID? {
    let parent = try headCommit()
    let baseTree = try headTree()
    let tree = try git("building the new tree") { try repository.updatedTree(baseTree, applying: updates) }
    if tree == baseTree && extraParents.isEmpty { return nil }
    let signature = try authorSignature()
    let commit = try git("writing the commit") {
      try repository.createCommit(
        tree: tree, parents: (parent.map { [$0] } ?? []) + extraParents, message: message.text,
        author: signature, committer: signature)
    }
    let staged = try stageCopies(copies)
    defer { for file in staged { try? FileManager.default.removeItem(atPath: file.staged) } }
    try writeCheckoutJournal(checkoutPaths + copies.map(\.path))
    try git("moving \(device.branch)") {
      try repository.updateReference(
        device.branch, to: commit, expecting: parent, logMessage: "notes: " + message.summary)
    }
    if !checkoutPaths.isEmpty {
      try git("updating the working tree") {
        try repository.checkout(tree: tree, paths: checkoutPaths, force: true)
      }
    }
    try placeStagedCopies(staged)
    removeCheckoutJournal()
    historyDidMove()  // History index (wip-history): the integrator moves this into the BranchWriter.
    try packIfNeeded()
    return commit
  }

  /// Copies files next to the working tree (in `.git/notes-staging/`) before the
  /// branch moves, so a full disk fails the write while nothing has changed yet. A
  /// copy streams; a checkout would inflate each blob in memory.
  private func stageCopies(_ copies: [FileCopy]) throws -> [(copy: FileCopy, staged: String)] {
    guard !copies.isEmpty else { return [] }
    let fileManager = FileManager.default
    let folder = gitDirectory + "/notes-staging"
    try? fileManager.removeItem(atPath: folder)  // what a killed writer left
    var staged: [(copy: FileCopy, staged: String)] = []
    do {
      try fileManager.createDirectory(atPath: folder, withIntermediateDirectories: true)
      for (index, copy) in copies.enumerated() {
        let path = folder + "/\(index)"
        try fileManager.copyItem(atPath: copy.source, toPath: path)
        staged.append((copy, path))
      }
    } catch {
      for file in staged { try? fileManager.removeItem(atPath: file.staged) }
      throw NoteStoreError.cannotWriteFile(path: folder, underlying: error)
    }
    return staged
  }

  /// Moves staged copies into the working tree (a rename: no space needed) and
  /// records them in the index as their blobs.
  private func placeStagedCopies(_ staged: [(copy: FileCopy, staged: String)]) throws {
    guard !staged.isEmpty else { return }
    let fileManager = FileManager.default
    for (copy, path) in staged {
      let destination = root + "/" + copy.path
      do {
        try fileManager.createDirectory(
          atPath: (destination as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        if fileManager.fileExists(atPath: destination) { try fileManager.removeItem(atPath: destination) }
        try fileManager.moveItem(atPath: path, toPath: destination)
      } catch {
        throw NoteStoreError.cannotWriteFile(path: destination, underlying: error)
      }
    }
    try git("recording copied files in the index") {
      try repository.recordInIndex(staged.map { (path: $0.copy.path, id: $0.copy.blob, mode: FileMode.blob) })
    }
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

  private var journalPath: String { gitDirectory + "/" + StoreLayout.checkoutJournal }

  func writeCheckoutJournal(_ paths: [String]) throws {
    let content = paths.joined(separator: "\0")
    do {
      try Data(content.utf8).write(to: URL(fileURLWithPath: journalPath), options: .atomic)
    } catch {
      throw NoteStoreError.cannotWriteFile(path: journalPath, underlying: error)
    }
  }

  func removeCheckoutJournal() {
    try? FileManager.default.removeItem(atPath: journalPath)
  }

  /// Checks out the paths a killed writer had not checked out yet.
  func finishInterruptedCheckout() throws {
    guard let data = FileManager.default.contents(atPath: journalPath) else { return }
    let paths = String(decoding: data, as: UTF8.self).split(separator: "\0").map(String.init)
    if let tree = try headTree(), !paths.isEmpty {
      try git("finishing an interrupted checkout") {
        try repository.checkout(tree: tree, paths: paths, force: true)
      }
    }
    removeCheckoutJournal()
  }
}

/// A file that goes into the working tree by a streamed copy instead of a checkout.
struct FileCopy {
  /// The path in the store.
  var path: String
  /// The file to copy (the user's original).
  var source: String
  /// The blob made from it.
  var blob: ObjectID
}
