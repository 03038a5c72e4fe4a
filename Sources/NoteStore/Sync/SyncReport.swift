/// What a sync (or its merge step) did, for `notes sync --json`.
public struct SyncReport: Sendable, Hashable, Codable {
  /// One remote's part.
  public struct RemoteReport: Sendable, Hashable, Codable {
    /// The remote's name.
    public var name: String
    /// Whether fetching from it worked.
    public var fetched: Bool
    /// Whether pushing to it worked (false when not tried).
    public var pushed: Bool
    /// What went wrong, if anything.
    public var error: String?

    /// Encodes every key, `error` as null when nothing went wrong, so scripts see
    /// the same keys every time.
    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(name, forKey: .name)
      try container.encode(fetched, forKey: .fetched)
      try container.encode(pushed, forKey: .pushed)
      try container.encode(error, forKey: .error)
    }
  }

  /// Each remote.
  public var remotes: [RemoteReport] = []
  /// Devices merged with a merge commit, in order.
  public var merged: [String] = []
  /// Devices fast-forwarded to, in order.
  public var fastForwarded: [String] = []
  /// Notes in conflict after the sync.
  public var conflicts: [String] = []
  /// Notes whose content changed on this device.
  public var changed: [String] = []

  /// Whether any remote failed.
  public var hasRemoteErrors: Bool { remotes.contains { $0.error != nil } }

  public init() {}
}

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
