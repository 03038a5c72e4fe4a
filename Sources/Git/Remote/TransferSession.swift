import CLibGit2
import Foundation

/// The state of one fetch, push or listing while libgit2 runs it: the callbacks' box.
///
/// Not Sendable: libgit2 calls the callbacks synchronously on the thread that started the
/// transfer, and the session lives only for that call. Errors raised inside callbacks are
/// kept here and win over the error libgit2 reports afterwards, which is often misleading
/// once a callback stopped the transfer.
final class TransferSession {
  /// The remote URL with any password removed, for messages.
  let url: String
  /// The remote URL as configured, to choose the transport.
  let rawURL: String
  let options: TransferOptions
  let clock: TransferClock
  let credentialHelper: GitCredentialHelper?

  /// A Swift error raised inside a callback; rethrown in preference to libgit2's error.
  var storedError: (any Error)?
  var credentialAttempts = 0
  var authenticationFailed = false
  /// The credential last offered, not yet known to be good or bad.
  var pendingCredential: (credential: Credential, request: CredentialRequest)?
  /// Why the server's certificate was refused, when it was.
  var untrustedCertificate: String?
  /// The references a fetch changed (`update_tips`).
  var updates: [ReferenceUpdate] = []
  /// References the server refused to update, with its reason (`push_update_reference`).
  var rejections: [(reference: String, reason: String)] = []
  /// What a push meant to do (`push_negotiation`): remote reference, local and remote ids.
  var plannedPushes: [(reference: String, local: ObjectID, remote: ObjectID)] = []
  /// Which CA certificates to trust: `.some(nil)` for the system bundle, nil when the
  /// transfer does not use TLS.
  var certificateAuthority: Optional<String?> = nil
  /// What the server said on the side band ("remote: …" lines), kept for rejection reasons.
  var serverMessages = ""
  /// The last fetch counters seen, to tell progress from repeated reports.
  var lastCounters: [UInt64] = []

  init(url: String, options: TransferOptions, repository: Repository) {
    self.url = redactedURL(url)
    rawURL = url
    self.options = options
    clock = TransferClock(timeout: options.timeout, isCancelled: options.isCancelled)
    switch options.credentialHelper {
    case .gitCredential:
      credentialHelper = GitCredentialHelper(
        directory: repository.workingDirectory ?? repository.gitDirectory,
        allowsPrompt: options.allowsCredentialPrompt, timeout: max(options.timeout, 5))
    case .none:
      credentialHelper = nil
    }
  }

  /// Runs `call` with callbacks bound to this session and this session's clock in force
  /// for every socket libgit2 opens, then turns a failure into the most useful error.
  ///
  /// - Throws: ``TransferError`` when the failure is one a user can act on, else
  ///   ``GitError``.
  func perform(
    _ function: StaticString, _ call: (UnsafePointer<git_remote_callbacks>) -> Int32
  ) throws {
    try DeadlineStream.register()
    var callbacks = git_remote_callbacks()
    try check(
      git_remote_init_callbacks(&callbacks, UInt32(GIT_REMOTE_CALLBACKS_VERSION)),
      "git_remote_init_callbacks")
    installCallbacks(&callbacks)
    // Absolute paths never reach a registered transport (libgit2 matches `scheme://`).
    callbacks.transport = LocalTransport.transport(for: rawURL)
    var failure: GitError?
    func run() {
      withExtendedLifetime(self) {
        callbacks.payload = Unmanaged.passUnretained(self).toOpaque()
        // The OpenSSH and local transports keep their own clocks; give them this transfer's timeout.
        TransferClock.$current.withValue(self.clock) {
          let result = SSHTransport.withTimeout(options.timeout) {
            LocalTransport.withTimeout(options.timeout) { call(&callbacks) }
          }
          // Read libgit2's thread-local error at once, before anything else can replace it.
          if result < 0 { failure = GitError.last(result, function) }
        }
      }
    }
    if case .some(let file) = certificateAuthority {
      try CertificateAuthority.whileTrusting(file, run)
    } else {
      run()
    }
    if let failure {
      let error = classify(failure)
      if case TransferError.authenticationFailed = error, let pending = pendingCredential {
        credentialHelper?.reject(pending.credential, for: pending.request)
      }
      throw error
    }
    if let storedError { throw storedError }
    if let pending = pendingCredential {
      credentialHelper?.approve(pending.credential, for: pending.request)
    }
  }

  /// A server's status for a refused reference (such as "pre-receive hook declined"),
  /// followed by what its hooks printed, which usually says why.
  func explained(_ status: String) -> String {
    let lines = serverMessages.split(whereSeparator: { $0 == "\n" || $0 == "\r" })
      .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    return lines.isEmpty ? status : status + ": " + lines.joined(separator: " ")
  }

  /// The error to report for a libgit2 failure, judged first by what this session saw.
  private func classify(_ error: GitError) -> any Error {
    if let storedError { return storedError }
    switch clock.stop {
    case .cancelled: return TransferError.cancelled
    case .timedOut: return TransferError.timedOut(url: url, seconds: options.timeout)
    case nil: break
    }
    if let untrustedCertificate {
      return TransferError.certificateUntrusted(url: url, detail: untrustedCertificate)
    }
    // SSH failures carry OpenSSH's (or libssh2's) own words and a hint of how to fix
    // them (known_hosts, ssh-add); the https wording about CA files and credential
    // helpers would mislead.
    if error.category == .ssh { return error }
    if authenticationFailed || error.code == .authentication {
      return TransferError.authenticationFailed(url: url)
    }
    if error.code == .certificate {
      return TransferError.certificateUntrusted(url: url, detail: error.message)
    }
    if let unreachable = clock.unreachable {
      return TransferError.unreachable(url: url, detail: unreachable)
    }
    return error
  }
}

/// `url` with the password of any `user:password@` part replaced by `***`.
func redactedURL(_ url: String) -> String {
  guard let scheme = url.range(of: "://") else { return url }
  let rest = url[scheme.upperBound...]
  let authority = rest.prefix { $0 != "/" }
  guard let at = authority.lastIndex(of: "@"),
    let colon = authority[..<at].firstIndex(of: ":")
  else { return url }
  return String(url[..<colon]) + ":***" + String(url[at...])
}
