import CLibGit2

extension Repository {
  /// Fetches from configured remote `remote` with exactly `refspecs` (such as
  /// `+refs/heads/devices/*:refs/remotes/origin/devices/*`), pruning local references the
  /// refspecs cover that the remote no longer has. Tags are not fetched and `FETCH_HEAD` is
  /// not written.
  ///
  /// Runs synchronously on the calling thread; do not call it from the Swift concurrency
  /// pool's threads for long transfers.
  ///
  /// - Returns: The references that changed and how much arrived.
  /// - Throws: ``TransferError`` (timed out, authentication, certificate, unreachable,
  ///   cancelled), else ``GitError``.
  ///
  /// The corresponding libgit2 function is `git_remote_fetch`.
  public func fetch(remote: String, refspecs: [String], options: TransferOptions) throws
    -> FetchResult
  {
    let handle = try lookupRemote(remote)
    return try fetch(using: handle, refspecs: refspecs, options: options)
  }

  /// Fetches from `url` without configuring a remote (as `notes clone` needs), with exactly
  /// `refspecs`, pruning, no tags and no `FETCH_HEAD`.
  ///
  /// - Throws: ``TransferError``, else ``GitError``.
  ///
  /// The corresponding libgit2 functions are `git_remote_create_anonymous` and
  /// `git_remote_fetch`.
  public func fetch(url: String, refspecs: [String], options: TransferOptions) throws
    -> FetchResult
  {
    let handle = try anonymousRemote(url)
    return try fetch(using: handle, refspecs: refspecs, options: options)
  }

  private func fetch(
    using remote: borrowing OwnedHandle, refspecs: [String], options: TransferOptions
  ) throws -> FetchResult {
    let session = try beginTransfer(remote, pushing: false, options: options)
    var fetchOptions = git_fetch_options()
    try check(
      git_fetch_options_init(&fetchOptions, UInt32(GIT_FETCH_OPTIONS_VERSION)),
      "git_fetch_options_init")
    fetchOptions.prune = GIT_FETCH_PRUNE
    fetchOptions.download_tags = GIT_REMOTE_DOWNLOAD_TAGS_NONE
    fetchOptions.update_fetchhead = 0
    let remotePointer = remote.pointer
    try session.perform("git_remote_fetch") { callbacks in
      fetchOptions.callbacks = callbacks.pointee
      return withStrArray(refspecs) { git_remote_fetch(remotePointer, $0, &fetchOptions, nil) }
    }
    let stats = git_remote_stats(remotePointer)?.pointee
    return FetchResult(
      updated: session.updates.sorted { $0.name < $1.name },
      receivedObjects: Int(stats?.received_objects ?? 0),
      receivedBytes: Int64(stats?.received_bytes ?? 0))
  }
}
