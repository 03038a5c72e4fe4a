/// How a sync runs.
public struct SyncOptions: Sendable {
  /// Sync with this remote only; nil for all.
  public var remote: String?
  /// How to treat notes changed on both sides; nil for the store's setting.
  public var policy: ConflictPolicy?
  /// Fetch and report, but change nothing else.
  public var dryRun = false
  /// Stop before pushing.
  public var noPush = false
  /// Allow a merge that deletes more than 20 notes and more than half of them.
  public var allowMassDelete = false
  /// Seconds without progress before a remote is abandoned.
  public var timeout: Double = 60
  /// Progress of transfers, for a terminal.
  public var progress: (@Sendable (String) -> Void)?
  /// Progress of transfers as numbers (objects, bytes), for a progress display.
  public var onProgress: (@Sendable (WorkProgress) -> Void)?

  public init() {}
}
