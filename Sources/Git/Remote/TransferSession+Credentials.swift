import CLibGit2
import Foundation

extension TransferSession {
  /// Answers libgit2's request for credentials. libgit2 asks again after every refusal, for
  /// ever; each new request means the previous credential was refused, so it is rejected
  /// with the helper, and after ``TransferOptions/maxCredentialAttempts`` the transfer fails.
  func acquireCredential(
    _ out: UnsafeMutablePointer<UnsafeMutablePointer<git_credential>?>, url: String,
    username: String?, allowed: UInt32
  ) -> Int32 {
    credentialAttempts += 1
    if let pending = pendingCredential {
      credentialHelper?.reject(pending.credential, for: pending.request)
      pendingCredential = nil
    }
    guard credentialAttempts <= options.maxCredentialAttempts else {
      return refuse("authentication failed after \(options.maxCredentialAttempts) attempts")
    }
    if allowed & GIT_CREDENTIAL_USERPASS_PLAINTEXT.rawValue != 0 {
      guard let helper = credentialHelper else {
        return refuse("the remote asks for credentials and none are configured")
      }
      guard let request = CredentialRequest(url: url, username: username),
        let credential = helper.fill(request)
      else { return refuse("no credentials for \(redactedURL(url))") }
      // Waiting for a helper or a person is not a stalled network.
      clock.noteProgress()
      pendingCredential = (credential, request)
      return git_credential_userpass_plaintext_new(out, credential.username, credential.password)
    }
    if allowed & GIT_CREDENTIAL_USERNAME.rawValue != 0 {
      return git_credential_username_new(out, username ?? "git")
    }
    if allowed & GIT_CREDENTIAL_SSH_KEY.rawValue != 0,
      ProcessInfo.processInfo.environment["SSH_AUTH_SOCK"] != nil
    {
      return git_credential_ssh_key_from_agent(out, username ?? "git")
    }
    return GIT_PASSTHROUGH.rawValue
  }

  private func refuse(_ message: String) -> Int32 {
    authenticationFailed = true
    _ = git_error_set_str(Int32(GIT_ERROR_NET.rawValue), message)
    return GIT_EAUTH.rawValue
  }
}
