import CLibGit2

// The smallest fetch and push that reach a transport, for the SSH integration tests until the
// remote layer's `fetch(url:refspecs:options:)` and `push(remote:refspecs:options:)` are in
// place. Not API: no progress, no credentials callback, no options.
extension Repository {
  /// Fetches `refspecs` from `url` through an anonymous remote (nothing written to config).
  ///
  /// The corresponding libgit2 function is `git_remote_fetch`.
  @_spi(Testing) public func fetchForTesting(url: String, refspecs: [String]) throws {
    let remote = try anonymousRemote(url)
    var options = git_fetch_options()
    try check(git_fetch_options_init(&options, UInt32(GIT_FETCH_OPTIONS_VERSION)), "git_fetch_options_init")
    options.download_tags = GIT_REMOTE_DOWNLOAD_TAGS_NONE
    _ = try withStrArray(refspecs) { (array) throws(GitError) in
      try check(git_remote_fetch(remote.pointer, array, &options, nil), "git_remote_fetch")
    }
  }

  /// Pushes `refspecs` to `url`; a reference the server refused is an error.
  ///
  /// The corresponding libgit2 function is `git_remote_push`.
  @_spi(Testing) public func pushForTesting(url: String, refspecs: [String]) throws {
    final class Refusals { var messages: [String] = [] }
    let remote = try anonymousRemote(url)
    let refusals = Refusals()
    var options = git_push_options()
    try check(git_push_options_init(&options, UInt32(GIT_PUSH_OPTIONS_VERSION)), "git_push_options_init")
    options.callbacks.payload = Unmanaged.passUnretained(refusals).toOpaque()
    options.callbacks.push_update_reference = { reference, status, payload in
      guard let status, let payload else { return 0 }
      let refusals = Unmanaged<Refusals>.fromOpaque(payload).takeUnretainedValue()
      refusals.messages.append("\(decodeCString(reference) ?? "?"): \(decodeCString(status))")
      return 0
    }
    _ = try withExtendedLifetime(refusals) { () throws(GitError) in
      try withStrArray(refspecs) { (array) throws(GitError) in
        try check(git_remote_push(remote.pointer, array, &options), "git_remote_push")
      }
    }
    if !refusals.messages.isEmpty {
      throw GitError.synthesized(
        .generic, .reference, "the server refused " + refusals.messages.joined(separator: "; "),
        "git_remote_push")
    }
  }
}
