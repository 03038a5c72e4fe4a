/// A remote a store syncs with.
public struct RemoteSummary: Sendable, Hashable, Codable {
  /// Its name, such as `origin`.
  public var name: String
  /// Its URL, with any password hidden.
  public var url: String
}
