import Foundation
import Git
import QuickLook

/// A notes store: a git repository of note packages, checked out on this device's
/// branch `refs/heads/devices/<device>`.
///
/// Every change is one commit on the device branch, made under the store lock:
/// objects first, then the branch moves by compare-and-swap, then the working tree
/// is updated. Readers read committed trees and never wait for the lock.
///
/// `Store` is not thread-safe: use it from one thread at a time.
public final class Store {
  /// The store format this version writes and reads.
  public static let formatVersion = 1

  /// The working tree's root directory.
  public let root: String
  /// This device.
  public let device: DeviceName
  /// How long a writing call waits for another writer, in seconds.
  public var lockTimeout: Double = 10
  /// Called once when a writing call has waited a moment (a tenth of a second) for the lock.
  public var onLockWait: (() -> Void)?
  /// QuickLook files rendered during this store's life, so a save renders each once.
  let quickLookCache = QuickLookCache()
  /// How many loose objects trigger an automatic pack after a write.
  public var autoPackThreshold = 2_000
  /// The least bytes of loose objects that trigger an automatic pack after a write;
  /// above it, loose objects are packed once they reach an eighth of the size of the
  /// packs.
  /// Every edit rewrites the folder trees above the note, so in a big flat store the
  /// bytes pile up long before the count does; tying the trigger to the packed size
  /// keeps the store within about twice what `git gc` would make of it.
  public var autoPackMinimumBytes: Int64 = 512 << 10
  /// How hooks run: `--no-verify`, where their output goes (DESIGN §8).
  public var hooks = HookSettings()

  /// Called with a warning: something went wrong that does not fail the command
  /// (a note whose body no reader can parse arrived by sync; a QuickLook preview that
  /// could not be rendered; packing failed after a saved change). Without a handler,
  /// warnings are dropped.
  public var onWarning: ((String) -> Void)?

  /// When set, a write whose automatic pack is due calls this instead of packing, so the
  /// pack happens where the user does not wait (the command line starts a detached
  /// `notes gc --auto` once it has answered). Nil packs inside the write. A sync that
  /// left a few previews in the backlog calls it too: the same `gc --auto` draws them.
  public var onAutoPackDue: (() -> Void)?

  /// When set, a change in `local` QuickLook mode that touches more than
  /// ``quickLookSynchronousLimit`` notes renders only that many previews and leaves the
  /// rest in a backlog (`.git/notes-quicklook/pending`), calling this with how many
  /// wait; ``renderQuickLookBacklog(batchSize:)`` renders them (the command line starts a
  /// detached `notes gc --auto` once it has answered). Nil renders every preview inside
  /// the change.
  public var onQuickLookBacklog: ((Int) -> Void)?
  /// How many previews a change renders itself before the rest go to the backlog (see
  /// ``onQuickLookBacklog``).
  public var quickLookSynchronousLimit = 32
  /// A thread already loading the drawing libraries, on which the first thumbnail of a
  /// change is drawn (see ``startDrawingAhead()``); nil draws each on a new thread.
  public internal(set) var drawingThread: DrawingThread?
  /// Set while a sync moves the branch: then every preview of the notes it brought in
  /// goes to the backlog (when ``onQuickLookBacklog`` is set), none is drawn in the
  /// user's wait (Store+QuickLookBacklog.swift).
  var previewsOfIncomingChanges = false

  let repository: Repository
  /// The per-note history index (History/NoteHistory.swift).
  lazy var noteHistory = NoteHistory(repository: repository, device: device, progress: onHistoryProgress)
  /// Called while the history index is built from many commits (a first build or a
  /// rebuild): commits done of the total, the last call with done == total. Set it
  /// before the first command that reads history.
  public var onHistoryProgress: (@Sendable (WorkProgress) -> Void)?

  /// Fetched tips that passed the ``TreeInspector`` in this process, so a sync does
  /// not check the same history twice (objects never change under an id).
  var vettedTips: Set<ObjectID> = []
  /// Large trees already parsed in this process (a sync reads its root trees often).
  let rawTrees = ParsedTreeCache()
  /// Tree comparisons already made in this process (``PackageDiff``).
  let packageDiffs = PackageDiffMemo(capacity: 8)

  /// The only mover of this device's branch.
  var branchWriter: BranchWriter { BranchWriter(store: self) }

  init(repository: Repository, root: String, device: DeviceName) {
    self.repository = repository
    self.root = root
    self.device = device
  }

  /// The git directory (`.git`).
  public var gitDirectory: String { repository.gitDirectory }

  /// The path of the store lock file.
  var lockPath: String { gitDirectory + "/notes.lock" }

  /// The device branch's current commit, or nil before the first commit.
  func headCommit() throws -> ObjectID? {
    try git("reading the device branch") { try repository.referenceTarget(device.branch) }
  }

  /// The tree of the device branch's current commit, or nil before the first commit.
  func headTree() throws -> ObjectID? {
    guard let head = try headCommit() else { return nil }
    return try git("reading the current commit") { try repository.commit(head).tree }
  }

  /// Runs a repository operation, wrapping its error with what was being done.
  func git<T>(_ operation: String, _ body: () throws -> T) throws -> T {
    do {
      return try body()
    } catch let error as NoteStoreError {
      throw error
    } catch {
      throw NoteStoreError.repository(operation: operation, underlying: error)
    }
  }
}
