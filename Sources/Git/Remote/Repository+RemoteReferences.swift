import CLibGit2

extension Repository {
  /// The references remote `remote` advertises whose names start with `prefix` (all when
  /// empty), with their targets, sorted by name; nothing is fetched. Use it to preview a
  /// sync or to learn whether a push whose outcome is unknown landed.
  ///
  /// - Throws: ``TransferError``, else ``GitError``.
  ///
  /// The corresponding libgit2 functions are `git_remote_connect` and `git_remote_ls`.
  public func listRemoteReferences(
    remote: String, matching prefix: String = "", options: TransferOptions
  ) throws -> [(name: String, target: ObjectID)] {
    let handle = try lookupRemote(remote)
    return try listRemoteReferences(using: handle, prefix: prefix, options: options)
  }

  /// The references the repository at `url` advertises whose names start with `prefix`,
  /// without configuring a remote.
  ///
  /// - Throws: ``TransferError``, else ``GitError``.
  ///
  /// The corresponding libgit2 functions are `git_remote_connect` and `git_remote_ls`.
  public func listRemoteReferences(
    url: String, matching prefix: String = "", options: TransferOptions
  ) throws -> [(name: String, target: ObjectID)] {
    let handle = try anonymousRemote(url)
    return try listRemoteReferences(using: handle, prefix: prefix, options: options)
  }

  private func listRemoteReferences(
    using remote: borrowing OwnedHandle, prefix: String, options: TransferOptions
  ) throws -> [(name: String, target: ObjectID)] {
    let session = try beginTransfer(remote, pushing: false, options: options)
    let remotePointer = remote.pointer
    var found: [(name: String, target: ObjectID)] = []
    try session.perform("git_remote_connect") { callbacks in
      let connected = git_remote_connect(remotePointer, GIT_DIRECTION_FETCH, callbacks, nil, nil)
      guard connected == 0 else { return connected }
      defer { git_remote_disconnect(remotePointer) }
      var heads: UnsafeMutablePointer<UnsafePointer<git_remote_head>?>?
      var count = 0
      let listed = git_remote_ls(&heads, &count, remotePointer)
      guard listed == 0, let heads else { return listed }
      for index in 0..<count {
        guard let head = heads[index]?.pointee, let name = decodeCString(head.name),
          name.hasPrefix(prefix), !name.hasSuffix("^{}")
        else { continue }
        found.append((name, ObjectID(head.oid)))
      }
      return 0
    }
    return found.sorted { $0.name < $1.name }
  }
}
