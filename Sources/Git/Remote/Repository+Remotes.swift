import CLibGit2

extension Repository {
  /// The remotes in the repository's configuration, sorted by name.
  ///
  /// The corresponding libgit2 functions are `git_remote_list` and `git_remote_lookup`.
  public func remotes() throws -> [RemoteInfo] {
    var names = git_strarray()
    try check(git_remote_list(&names, pointer), "git_remote_list")
    defer { git_strarray_dispose(&names) }
    let list = (0..<names.count).compactMap { decodeCString(UnsafePointer(names.strings[$0])) }
    var found: [RemoteInfo] = []
    for name in list.sorted() {
      if let url = try remoteURL(name) { found.append(RemoteInfo(name: name, url: url)) }
    }
    return found
  }

  /// Adds remote `name` fetching from `url` with `fetchRefspec` (such as
  /// `+refs/heads/devices/*:refs/remotes/origin/devices/*`), written to the repository's
  /// configuration.
  ///
  /// - Throws: ``GitError`` with code `.exists` when the remote is already configured,
  ///   `.invalidSpec` when the name or refspec is not valid.
  ///
  /// The corresponding libgit2 function is `git_remote_create_with_fetchspec`.
  public func addRemote(name: String, url: String, fetchRefspec: String) throws {
    let remote = try OwnedHandle.make(
      "git_remote_create_with_fetchspec", keepAlive: self, release: { git_remote_free($0) }
    ) { git_remote_create_with_fetchspec(&$0, pointer, name, url, fetchRefspec) }
    _ = consume remote
  }

  /// Removes remote `name`: its configuration and its remote-tracking references.
  ///
  /// - Throws: ``GitError`` with code `.notFound` when there is no such remote.
  ///
  /// The corresponding libgit2 function is `git_remote_delete`.
  public func removeRemote(name: String) throws {
    try check(git_remote_delete(pointer, name), "git_remote_delete")
  }

  /// The URL of remote `name`; nil when there is no such remote.
  ///
  /// The corresponding libgit2 function is `git_remote_url`.
  public func remoteURL(_ name: String) throws -> String? {
    var found: OpaquePointer?
    let result = git_remote_lookup(&found, pointer, name)
    if result == GIT_ENOTFOUND.rawValue { return nil }
    try check(result, "git_remote_lookup")
    guard let found else { return nil }
    let remote = OwnedHandle(found, keepAlive: self, release: { git_remote_free($0) })
    return decodeCString(git_remote_url(remote.pointer))
  }

  /// The single owner of configured remote `name`.
  func lookupRemote(_ name: String) throws(GitError) -> OwnedHandle {
    try OwnedHandle.make("git_remote_lookup", keepAlive: self, release: { git_remote_free($0) }) {
      git_remote_lookup(&$0, pointer, name)
    }
  }

  /// The single owner of a remote for `url` that is not written to the configuration.
  func anonymousRemote(_ url: String) throws(GitError) -> OwnedHandle {
    try OwnedHandle.make(
      "git_remote_create_anonymous", keepAlive: self, release: { git_remote_free($0) }
    ) { git_remote_create_anonymous(&$0, pointer, url) }
  }

  /// A transfer session for `remote`'s URL (its push URL when `pushing` and one is set),
  /// knowing which CA certificates to trust for it.
  func beginTransfer(
    _ remote: borrowing OwnedHandle, pushing: Bool, options: TransferOptions
  ) throws -> TransferSession {
    let pushURL = pushing ? decodeCString(git_remote_pushurl(remote.pointer)) : nil
    let url = pushURL ?? decodeCString(git_remote_url(remote.pointer)) ?? ""
    let session = TransferSession(url: url, options: options, repository: self)
    if url.lowercased().hasPrefix("https://") {
      session.certificateAuthority = .some(try certificateAuthorityFile(for: url))
    }
    return session
  }
}
