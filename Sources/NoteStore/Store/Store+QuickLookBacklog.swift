import Foundation
import Git

extension Store {
  /// Microseconds the backlog renderer leaves the store lock free between batches.
  static let quickLookBacklogPause: UInt32 = 120_000

  /// The part of `packages` a change renders itself: all of them, unless the mode is
  /// `local`, ``onQuickLookBacklog`` is set and there are more than
  /// ``quickLookSynchronousLimit``; then the first that many, the rest going to the
  /// backlog. During a sync's move (``previewsOfIncomingChanges``) none: the notes came
  /// from other devices, so their previews are drawn after the sync has answered, by the
  /// `gc --auto` that ``onAutoPackDue`` starts (quietly, unless the backlog is as big as
  /// a big change's). When the backlog cannot be written, all of them (slow, but complete).
  func deferringQuickLook(of packages: [String], mode: QuickLookMode) -> [String] {
    let limit = previewsOfIncomingChanges ? 0 : max(0, quickLookSynchronousLimit)
    guard mode == .local, let onQuickLookBacklog, packages.count > limit else { return packages }
    let later = Array(packages[limit...])
    do {
      try QuickLookBacklog(gitDirectory: gitDirectory).append(later)
    } catch {
      onWarning?("previews could not be left for later (\(Store.describe(error))); writing them now")
      return packages
    }
    if previewsOfIncomingChanges, later.count <= quickLookSynchronousLimit, let onAutoPackDue {
      onAutoPackDue()
    } else {
      onQuickLookBacklog(later.count)
    }
    return Array(packages[..<limit])
  }

  /// Runs `move` (a sync moving the branch) with the previews of the notes it changes
  /// left to the backlog (see ``deferringQuickLook(of:mode:)``).
  func leavingPreviewsForLater<T>(_ move: () throws -> T) rethrows -> T {
    let outer = previewsOfIncomingChanges
    previewsOfIncomingChanges = true
    defer { previewsOfIncomingChanges = outer }
    return try move()
  }

  /// How many notes wait in the QuickLook backlog for their previews.
  public func quickLookBacklogCount() -> Int {
    QuickLookBacklog(gitDirectory: gitDirectory).pending().count
  }

  /// Renders the previews a big change left for later (see ``onQuickLookBacklog``),
  /// `batchSize` notes per turn of the store lock, so a write that comes meanwhile waits
  /// for one batch at most. Each note is rendered from the device branch as it is now:
  /// a note changed since is rendered as it is, one gone since is skipped.
  ///
  /// - Returns: how many backlog entries were handled.
  /// - Throws: `NoteStoreError.storeLocked` when the lock is not free in time; what is
  ///   left stays in the backlog.
  @discardableResult
  public func renderQuickLookBacklog(batchSize: Int = 16) throws -> Int {
    let backlog = QuickLookBacklog(gitDirectory: gitDirectory)
    var handled = 0
    while true {
      let done = try withWriteLock { () throws -> Int? in
        let pending = backlog.pending()
        guard !pending.isEmpty else { return nil }
        let batch = Array(pending.prefix(max(1, batchSize)))
        let mode = try quickLookMode()
        guard mode != .off, let tree = try headTree() else {
          try backlog.replace(with: [])  // previews are off now, or there is no commit
          return pending.count
        }
        renderQuickLook(packages: batch, in: tree, mode: mode)
        try backlog.replace(with: Array(pending.dropFirst(batch.count)))
        return batch.count
      }
      guard let done else { return handled }
      handled += done
      // A writer waiting for the lock polls it every 50 ms (StoreLock): leave it free
      // longer than that, or the next batch takes it again first.
      usleep(Self.quickLookBacklogPause)
    }
  }
}
