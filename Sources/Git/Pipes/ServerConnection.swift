import CLibGit2

/// One conversation in git's protocol with a server program over pipes: what a
/// ``PipeSubtransport`` stream reads from and writes to.
protocol ServerConnection: AnyObject {
  /// Reads what the server sent into `buffer`; 0 at a clean end.
  func read(into buffer: UnsafeMutableRawBufferPointer) throws(GitError) -> Int
  /// Sends all of `buffer` to the server.
  func write(_ buffer: UnsafeRawBufferPointer) throws(GitError)
}

/// Starts the server program for one service at one URL: what differs between transports
/// that speak over a child's pipes (OpenSSH, git's local `git-upload-pack`).
protocol ServerConnector: AnyObject {
  /// The category of this transport's own errors (such as "the refs must be listed first").
  var category: GitError.Category { get }
  /// Starts `service` (`git-upload-pack` or `git-receive-pack`) for `url`.
  func connect(url: String, service: String) throws(GitError) -> any ServerConnection
}
