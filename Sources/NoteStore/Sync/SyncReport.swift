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
  /// Changes from other devices that were not taken: commits that break a rule on
  /// trees (DESIGN §9), or that would delete most notes.
  public var rejected: [RejectedChange] = []
  /// Notes that changed in this sync and whose body no reader can parse.
  public var unreadable: [String] = []

  /// Whether any remote failed.
  public var hasRemoteErrors: Bool { remotes.contains { $0.error != nil } }

  /// Whether the sync did only part of its job: a remote failed or a device's
  /// changes were refused (exit code 3).
  public var isPartial: Bool { hasRemoteErrors || !rejected.isEmpty }

  public init() {}
}

/// A device's changes that a sync did not take, and why.
public struct RejectedChange: Sendable, Hashable, Codable {
  /// The device whose branch brought them.
  public var device: String
  /// The remote it was fetched from.
  public var remote: String
  /// The commit that breaks the rule (or the refused tip).
  public var commit: String
  /// The path in that commit's tree, "" for the commit itself.
  public var path: String
  /// The rule: a ``TreeRule`` name, or `massDelete`.
  public var rule: String
  /// The whole message.
  public var reason: String
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

  public init() {}
}
