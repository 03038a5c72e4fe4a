import Foundation
import Git

#if canImport(Glibc)
  import Glibc
#endif

/// The only code that moves `refs/heads/devices/<me>` (DESIGN §5). Every command that
/// changes the store — a write, a sync's merge or fast-forward, a resolution, a
/// clone — ends here, so a rule that must hold for every change is written once:
///
/// 1. the store is in a state NoteStore may write (no plain `git merge`, rebase or
///    cherry-pick under way, HEAD on the device branch);
/// 2. the tree about to be adopted passes ``TreeInspector`` where it differs from the
///    current one;
/// 3. a move from outside passes the ``MassDeleteGuard`` unless allowed;
/// 4. the crash-safe order: objects (already written) → staged copies → checkout
///    journal → compare-and-swap of the branch → checkout → placed copies → journal
///    removed;
/// 5. then what follows a move and never undoes it (packing): a failure there is a
///    warning, because the change is already committed.
///
/// A process killed at any point leaves the old or the new commit on the branch; the
/// next writer finishes the checkout from the journal (``finishInterruptedCheckout()``).
struct BranchWriter {
  unowned let store: Store

  private var repository: Repository { store.repository }
  private var journalPath: String { store.gitDirectory + "/" + StoreLayout.checkoutJournal }

  /// Moves the branch as `move` says, or changes nothing and throws.
  ///
  /// - Throws: `NoteStoreError.gitOperationInProgress`, `.headNotOnDeviceBranch`,
  ///   `.untrustedTree`, `.massDelete` before anything moves; `.repository` or
  ///   `.cannotWriteFile` when a step fails (the branch has then not moved, or the
  ///   journal finishes the checkout next time).
  func move(_ move: BranchMove, allowMassDelete: Bool = true) throws {
    try refuseForeignOperation(creating: move.expected == nil)
    if move.origin != .local {
      let inspector = TreeInspector(repository: repository, maximumBlobSize: try store.maximumBlobSize(), trees: store.rawTrees)
      if let violation = try inspector.firstViolation(in: move.newTree, commit: move.commit, comparedWith: move.oldTree) {
        throw NoteStoreError.untrustedTree(device: nil, violation: violation)
      }
      if !allowMassDelete, let tripped = try MassDeleteGuard(repository: repository, packageDiff: store.packageDiff).tripped(from: move.oldTree, to: move.newTree) {
        throw NoteStoreError.massDelete(device: nil, deleting: tripped.deleting, of: tripped.of)
      }
    }
    let staged = try stageCopies(move.copies)
    defer { for file in staged { try? FileManager.default.removeItem(atPath: file.staged) } }
    if !move.copies.isEmpty { try refuseWithoutRoomToPack() }
    let checkoutPaths: [String]?
    switch move.checkout {
    case .paths(let paths): checkoutPaths = paths + move.copies.map(\.path)
    case .whole: checkoutPaths = nil
    }
    try writeCheckoutJournal(checkoutPaths)
    try store.git("moving \(store.device.branch)") {
      try repository.updateReference(
        store.device.branch, to: move.commit, expecting: move.expected, logMessage: "notes: " + move.summary)
    }
    FaultPoint.afterReferenceUpdate.pauseIfRequested()
    // The copies are in the journal (a killed writer checks them out) but not in this
    // checkout: placeStagedCopies moves them in, and a checkout would inflate each blob
    // whole in memory (a 300 MB attachment: 300 MB more) only to be replaced (wip-bench).
    let copied = Set(move.copies.map(\.path))
    let livePaths = checkoutPaths.map { $0.filter { !copied.contains($0) } }
    if livePaths.map({ !$0.isEmpty }) ?? true {
      try store.git("updating the working tree") {
        try repository.checkout(tree: move.newTree, paths: livePaths, force: true)
      }
    }
    try placeStagedCopies(staged)
    removeCheckoutJournal()
    afterMove(move)
  }

  /// What follows a move and never undoes it: the history index, the QuickLook previews of the notes it
  /// changed, the post- hooks (post-commit for this device's own commits, post-merge
  /// for a sync's merge or fast-forward), then housekeeping. A failure here is a
  /// warning.
  private func afterMove(_ move: BranchMove) {
    store.historyDidMove()
    // Whether a pack is due is counted while the previews draw on their own threads.
    let packDue = Result { try store.autoPackIsDue() }
    refreshQuickLook(move)
    switch move.origin {
    case .local: store.runPostCommitHook()
    case .sync: store.runPostMergeHook()
    case .clone: break
    }
    do {
      try store.packIfNeeded(due: try packDue.get())
    } catch {
      store.warn("the change is saved, but packing objects failed: \(Store.describe(error)); run `notes gc` when there is room")
    }
  }

  /// Refuses, before the branch moves, a change after which the automatic pack would
  /// not fit on the disk: better to say "No space left on device" and change nothing
  /// than to commit and then fail half-way through housekeeping.
  private func refuseWithoutRoomToPack() throws {
    guard try store.autoPackIsDue() else { return }
    let statistics = try store.git("counting loose objects") { try repository.packStatistics() }
    var info = statvfs()
    guard statvfs(store.gitDirectory, &info) == 0 else { return }
    let free = Int64(info.f_bavail) * Int64(info.f_frsize)
    // A pack of loose objects takes at most about their size, plus its index; big
    // blobs stay loose and are not packed.
    let packable = statistics.looseBytes - statistics.bigLooseBytes
    let needed = packable + packable / 8 + 64 << 10
    if free < needed {
      throw NoteStoreError.cannotWriteFile(
        path: store.gitDirectory + "/objects/pack", underlying: POSIXErrorDescription(code: ENOSPC))
    }
  }

  /// Writes the QuickLook files of every package the move changed (of every package,
  /// for a clone) into the working tree.
  private func refreshQuickLook(_ move: BranchMove) {
    guard move.origin != .clone else {
      store.refreshQuickLook(everyPackageIn: move.newTree)
      return
    }
    do {
      // A one-note write must not diff two 10,000-entry root trees: use what the
      // caller knows.
      let changed = try move.changedPackages.map(Set.init)
        ?? PackageScanner(repository: repository).changedPackages(from: move.oldTree, to: move.newTree)
      for package in changed where try repository.treeEntry(atPath: package, inTree: move.newTree) == nil {
        removeDerivedFiles(of: NotePath(packagePath: package))
      }
      store.refreshQuickLook(packages: changed.sorted(), in: move.newTree)
    } catch {
      store.warn("QuickLook previews were not updated: \(Store.describe(error))")
    }
  }

  /// A package gone from the tree (deleted, renamed, moved) leaves its ignored
  /// QuickLook files behind in the working tree; they go too, and so do the package's
  /// folder and the note folders above it once they are empty.
  private func removeDerivedFiles(of note: NotePath) {
    let package = store.root + "/" + note.path
    try? FileManager.default.removeItem(atPath: package + "/" + NotePackage.quickLookFolderName)
    guard rmdir(package) == 0 || !FileManager.default.fileExists(atPath: package) else { return }
    store.removeEmptyFolders(above: note)
  }

  // MARK: - The store's state

  /// Refuses to move the branch while git itself is in the middle of an operation in
  /// this repository, or while HEAD is on another branch: NoteStore would commit and
  /// check out over the user's half-done work.
  private func refuseForeignOperation(creating: Bool) throws {
    let gitDirectory = store.gitDirectory
    let fileManager = FileManager.default
    let markers: [(String, String)] = [
      ("MERGE_HEAD", "a merge"), ("CHERRY_PICK_HEAD", "a cherry-pick"), ("REVERT_HEAD", "a revert"),
      ("rebase-merge", "a rebase"), ("rebase-apply", "a rebase or `git am`"), ("BISECT_LOG", "a bisect"),
    ]
    for (marker, operation) in markers where fileManager.fileExists(atPath: gitDirectory + "/" + marker) {
      throw NoteStoreError.gitOperationInProgress(operation: operation, path: gitDirectory + "/" + marker)
    }
    guard !creating else { return }
    let head = try store.git("reading HEAD") { try repository.headReferenceName() }
    if let head, head != store.device.branch {
      throw NoteStoreError.headNotOnDeviceBranch(head: head, branch: store.device.branch)
    }
  }

  // MARK: - Streamed copies

  /// Copies files next to the working tree (in `.git/notes-staging/`) before the
  /// branch moves, so a full disk fails the write while nothing has changed yet. A
  /// copy streams; a checkout would inflate each blob in memory.
  private func stageCopies(_ copies: [FileCopy]) throws -> [(copy: FileCopy, staged: String)] {
    guard !copies.isEmpty else { return [] }
    let fileManager = FileManager.default
    let folder = store.gitDirectory + "/notes-staging"
    try? fileManager.removeItem(atPath: folder)  // what a killed writer left: copies of the user's files
    var staged: [(copy: FileCopy, staged: String)] = []
    do {
      try fileManager.createDirectory(atPath: folder, withIntermediateDirectories: true)
      for (index, copy) in copies.enumerated() {
        let path = folder + "/\(index)"
        // wip-bench: copied in the kernel in big steps (copyItem makes 4 KiB sendfile calls).
        try FileCopying.copy(from: copy.source, to: path)
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
      let destination = store.root + "/" + copy.path
      do {
        try fileManager.createDirectory(
          atPath: (destination as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        if fileManager.fileExists(atPath: destination) { try fileManager.removeItem(atPath: destination) }
        try fileManager.moveItem(atPath: path, toPath: destination)
      } catch {
        throw NoteStoreError.cannotWriteFile(path: destination, underlying: error)
      }
    }
    try store.git("recording copied files in the index") {
      try repository.recordInIndex(staged.map { (path: $0.copy.path, id: $0.copy.blob, mode: FileMode.blob) })
    }
  }

  // MARK: - The checkout journal

  /// What the journal holds for "the whole tree": a path no tree can have.
  private static let wholeTree = "/"

  /// Names the paths a move will check out; nil for the whole tree.
  private func writeCheckoutJournal(_ paths: [String]?) throws {
    let content = paths?.joined(separator: "\0") ?? Self.wholeTree
    do {
      try Data(content.utf8).write(to: URL(fileURLWithPath: journalPath), options: .atomic)
    } catch {
      throw NoteStoreError.cannotWriteFile(path: journalPath, underlying: error)
    }
  }

  private func removeCheckoutJournal() {
    try? FileManager.default.removeItem(atPath: journalPath)
  }

  /// Checks out the paths a killed writer had not checked out yet (the whole tree
  /// for a clone).
  func finishInterruptedCheckout() throws {
    guard let data = FileManager.default.contents(atPath: journalPath) else { return }
    let content = String(decoding: data, as: UTF8.self)
    let paths: [String]? = content == Self.wholeTree ? nil : content.split(separator: "\0").map(String.init)
    if let tree = try store.headTree(), paths.map({ !$0.isEmpty }) ?? true {
      try store.git("finishing an interrupted checkout") {
        try repository.checkout(tree: tree, paths: paths, force: true)
      }
    }
    removeCheckoutJournal()
  }
}
