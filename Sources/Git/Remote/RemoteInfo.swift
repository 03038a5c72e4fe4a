/// A configured remote: its name and fetch URL.
public struct RemoteInfo: Hashable, Sendable {
  /// The remote's name, such as `origin`.
  public var name: String
  /// The URL fetches and pushes go to (`remote.<name>.url`).
  public var url: String

  /// Creates a remote description.
  public init(name: String, url: String) {
    self.name = name
    self.url = url
  }
}

/// One reference a fetch changed.
public struct ReferenceUpdate: Hashable, Sendable {
  /// The full name of the local reference, such as `refs/remotes/origin/devices/laptop`.
  public var name: String
  /// What it pointed at before; nil when the fetch created it.
  public var old: ObjectID?
  /// What it points at now; nil when the fetch pruned it.
  public var new: ObjectID?

  /// Creates an update record.
  public init(name: String, old: ObjectID?, new: ObjectID?) {
    self.name = name
    self.old = old
    self.new = new
  }
}

/// What a fetch did.
public struct FetchResult: Sendable {
  /// The references the fetch created, moved or pruned, sorted by name.
  public var updated: [ReferenceUpdate]
  /// How many objects arrived from the remote.
  public var receivedObjects: Int
  /// How many bytes of pack data arrived from the remote.
  public var receivedBytes: Int64

  /// Creates a fetch result.
  public init(updated: [ReferenceUpdate], receivedObjects: Int, receivedBytes: Int64) {
    self.updated = updated
    self.receivedObjects = receivedObjects
    self.receivedBytes = receivedBytes
  }
}
