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
