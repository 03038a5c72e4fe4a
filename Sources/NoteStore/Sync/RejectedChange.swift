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

  /// The `rule` of changes refused because they would delete most notes.
  public static let massDeleteRule = "massDelete"
}
