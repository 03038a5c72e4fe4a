/// Why a fetch, push or listing of remote references failed, in terms a user can act on.
///
/// Messages name the remote URL (with any password removed) and never include secrets.
/// Failures that fit none of these cases are thrown as ``GitError``.
public enum TransferError: Error, Sendable, Hashable, CustomStringConvertible {
  /// Nothing moved for `seconds` (no bytes, objects or server messages).
  case timedOut(url: String, seconds: Double)
  /// The remote refused every credential offered, or none was available.
  case authenticationFailed(url: String)
  /// The server's TLS certificate is not trusted; `detail` is the verifier's reason.
  case certificateUntrusted(url: String, detail: String)
  /// The server refused to update `reference` (a hook, a protection rule, a lock), giving
  /// `reason`.
  case rejected(reference: String, reason: String, url: String)
  /// The remote's `reference` has commits this repository does not contain: fetch and merge
  /// first, then push again.
  case nonFastForward(reference: String, url: String)
  /// The remote could not be reached at all (refused connection, unknown host).
  case unreachable(url: String, detail: String)
  /// ``TransferOptions/isCancelled`` returned true, or the surrounding task was cancelled.
  case cancelled

  /// A message for the user, saying what happened and what to do.
  public var description: String {
    switch self {
    case let .timedOut(url, seconds):
      return "\(url): no progress for \(Self.format(seconds)) seconds; the transfer was stopped. "
        + "Check the network and try again."
    case let .authenticationFailed(url):
      return "\(url): authentication failed. Check the user name and password (or token) "
        + "your git credential helper supplies; git credential reject removed the refused one."
    case let .certificateUntrusted(url, detail):
      return "\(url): the server's TLS certificate is not trusted (\(detail)). If you trust it, "
        + "point git at its CA certificate: git config http.sslCAInfo /path/ca.pem"
    case let .rejected(reference, reason, url):
      return "\(url): the server rejected \(reference): \(reason)"
    case let .nonFastForward(reference, url):
      return "\(url): \(reference) has changes this repository does not have yet; "
        + "fetch and merge them, then push again."
    case let .unreachable(url, detail):
      return "\(url): cannot reach the remote (\(detail))."
    case .cancelled:
      return "the transfer was cancelled"
    }
  }

  private static func format(_ seconds: Double) -> String {
    seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
  }
}
