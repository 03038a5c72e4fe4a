/// How far a fetch or push has come.
public struct TransferProgress: Sendable {
  /// Which way the data flows.
  public enum Phase: Sendable, Hashable {
    /// Objects are arriving from the remote.
    case fetching
    /// Objects are going to the remote.
    case pushing
  }

  /// Objects received (fetching) or sent (pushing) so far.
  public var receivedObjects: Int
  /// Objects expected in all; 0 until the remote says.
  public var totalObjects: Int
  /// Bytes received (fetching) or sent (pushing) so far.
  public var receivedBytes: Int64
  /// Which way the data flows.
  public var phase: Phase

  /// Creates a progress report.
  public init(receivedObjects: Int, totalObjects: Int, receivedBytes: Int64, phase: Phase) {
    self.receivedObjects = receivedObjects
    self.totalObjects = totalObjects
    self.receivedBytes = receivedBytes
    self.phase = phase
  }
}

/// Where a transfer gets user names and passwords for remotes that ask for them.
public enum CredentialSource: Sendable, Hashable {
  /// Ask git's credential helpers (`git credential fill`), with the remote's protocol, host,
  /// path and user name. A credential that worked is reported back with
  /// `git credential approve`, one the remote refused with `git credential reject`, so
  /// helpers such as `store` or `cache` keep only good credentials.
  case gitCredential
  /// Offer no credentials: a remote that asks for them fails with
  /// ``TransferError/authenticationFailed(url:)``.
  case none
}

/// Settings for one fetch, push or listing of remote references.
public struct TransferOptions: Sendable {
  /// Seconds without any progress (bytes moved, objects indexed, server messages) before the
  /// transfer gives up with ``TransferError/timedOut(url:seconds:)``. Connecting counts too.
  public var timeout: Double
  /// Called on the transferring thread as objects and bytes move.
  public var progress: (@Sendable (TransferProgress) -> Void)?
  /// Where user names and passwords come from.
  public var credentialHelper: CredentialSource
  /// How many times credentials are offered before the transfer fails with
  /// ``TransferError/authenticationFailed(url:)``; libgit2 itself would ask for ever.
  public var maxCredentialAttempts: Int
  /// Whether `git credential fill` may prompt on the terminal (or through `GIT_ASKPASS`)
  /// when no helper knows the credential. Off by default, so scripts and tests never block.
  public var allowsCredentialPrompt: Bool
  /// Polled while the transfer runs (several times a second); returning true stops it with
  /// ``TransferError/cancelled``. Cancelling the surrounding Swift task does the same.
  public var isCancelled: (@Sendable () -> Bool)?

  /// Creates transfer settings; every parameter has a default.
  public init(
    timeout: Double = 60,
    progress: (@Sendable (TransferProgress) -> Void)? = nil,
    credentialHelper: CredentialSource = .gitCredential,
    maxCredentialAttempts: Int = 3,
    allowsCredentialPrompt: Bool = false,
    isCancelled: (@Sendable () -> Bool)? = nil
  ) {
    self.timeout = timeout
    self.progress = progress
    self.credentialHelper = credentialHelper
    self.maxCredentialAttempts = maxCredentialAttempts
    self.allowsCredentialPrompt = allowsCredentialPrompt
    self.isCancelled = isCancelled
  }
}
