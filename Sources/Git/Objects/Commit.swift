/// A commit, copied out of libgit2 while its handle was alive.
public struct Commit: Hashable, Sendable {
  /// The commit's own id.
  public var id: ObjectID
  /// The root tree.
  public var tree: ObjectID
  /// Parent commits, first parent first.
  public var parents: [ObjectID]
  /// Who wrote the change.
  public var author: Signature
  /// Who recorded the commit.
  public var committer: Signature
  /// The full message, as stored.
  public var message: String
  /// The first paragraph of the message, joined into one line.
  public var summary: String
  /// The `Key: value` trailers at the end of the message, in order.
  public var trailers: [Trailer]

  /// Creates a commit value.
  public init(
    id: ObjectID, tree: ObjectID, parents: [ObjectID], author: Signature, committer: Signature,
    message: String, summary: String, trailers: [Trailer]
  ) {
    self.id = id
    self.tree = tree
    self.parents = parents
    self.author = author
    self.committer = committer
    self.message = message
    self.summary = summary
    self.trailers = trailers
  }
}

/// One `Key: value` line of a commit message's trailer block.
public struct Trailer: Hashable, Sendable {
  /// The key, such as `Note-Id`.
  public var key: String
  /// The value after the colon.
  public var value: String

  /// Creates a trailer.
  public init(key: String, value: String) {
    self.key = key
    self.value = value
  }
}
