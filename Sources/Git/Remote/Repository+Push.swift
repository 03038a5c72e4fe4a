import CLibGit2

extension Repository {
  /// Pushes exactly `refspecs` (such as
  /// `refs/heads/devices/laptop:refs/heads/devices/laptop`) to configured remote `remote`.
  /// Nothing is forced: a refspec starting with `+` is refused.
  ///
  /// libgit2 reports success even when the server refuses a reference; this does not.
  ///
  /// - Throws: ``TransferError/nonFastForward(reference:url:)`` when the remote reference
  ///   has commits this repository lacks (checked before sending, or reported by the
  ///   server), ``TransferError/rejected(reference:reason:url:)`` when the server refuses
  ///   an update (a hook, a lock), other ``TransferError`` cases, else ``GitError``.
  ///
  /// The corresponding libgit2 function is `git_remote_push`.
  public func push(remote: String, refspecs: [String], options: TransferOptions) throws {
    let handle = try lookupRemote(remote)
    try push(using: handle, refspecs: refspecs, options: options)
  }

  /// Pushes exactly `refspecs` to `url` without configuring a remote.
  ///
  /// - Throws: As ``push(remote:refspecs:options:)``.
  ///
  /// The corresponding libgit2 functions are `git_remote_create_anonymous` and
  /// `git_remote_push`.
  public func push(url: String, refspecs: [String], options: TransferOptions) throws {
    let handle = try anonymousRemote(url)
    try push(using: handle, refspecs: refspecs, options: options)
  }

  private func push(
    using remote: borrowing OwnedHandle, refspecs: [String], options: TransferOptions
  ) throws {
    if let forced = refspecs.first(where: { $0.hasPrefix("+") }) {
      throw GitError.synthesized(
        .invalidSpec, .invalid, "refusing to force-push '\(forced)'", "git_remote_push")
    }
    let session = try beginTransfer(remote, pushing: true, options: options)
    var pushOptions = git_push_options()
    try check(
      git_push_options_init(&pushOptions, UInt32(GIT_PUSH_OPTIONS_VERSION)),
      "git_push_options_init")
    // The pack sent to the remote is built with a thread per core (0: as many as there
    // are), as git's pack-objects does; libgit2's default is one, and at 10,000 notes
    // the delta search over the root trees of the pushed commits was most of a push.
    pushOptions.pb_parallelism = 0
    let remotePointer = remote.pointer
    // Local and ssh remotes, served by git's own receive-pack, take the direct path: the
    // same conversation over the same transport, with a pack built from the pushed
    // commits' tree differences.
    let direct = refspecs.compactMap(DirectPushSpec.init)
    let goesDirect = !direct.isEmpty && direct.count == refspecs.count && canPushDirectly(url: session.rawURL)
    do {
      try session.perform("git_remote_push") { callbacks in
        if goesDirect {
          do {
            // Chosen here, inside the transfer, as libgit2 creates its transport: the
            // transfer's timeout is in force for the settings.
            if let connector = try directPushConnector(url: session.rawURL, remote: remotePointer) {
              DirectPushObservation.observer?(session.rawURL, connector is SSHConnector ? "ssh" : "local")
              try directPush(direct, remote: remotePointer, connector: connector, session: session)
              return 0
            }
          } catch let error as GitError {
            return PipeSubtransport.report(error)
          } catch {
            return PipeSubtransport.report(.synthesized(.generic, .net, "\(error)", "git_remote_push"))
          }
        }
        pushOptions.callbacks = callbacks.pointee
        return withStrArray(refspecs) { git_remote_push(remotePointer, $0, &pushOptions) }
      }
    } catch GitError.Code.nonFastForward {
      throw TransferError.nonFastForward(
        reference: firstNonFastForward(session.plannedPushes) ?? destinations(refspecs),
        url: session.url)
    }
    if let rejection = session.rejections.sorted(by: { $0.reference < $1.reference }).first {
      let reason = session.explained(rejection.reason)
      throw Self.pushFailure(rejection.reference, reason, url: session.url)
    }
  }

  /// A server's refusal: git's receive-pack says "non-fast-forward" or "fetch first" when
  /// the reference moved on; anything else (hooks, locks) is a plain rejection.
  static func pushFailure(_ reference: String, _ reason: String, url: String) -> TransferError {
    let lowered = reason.lowercased()
    if lowered.contains("non-fast-forward") || lowered.contains("fetch first") {
      return .nonFastForward(reference: reference, url: url)
    }
    return .rejected(reference: reference, reason: reason, url: url)
  }

  /// The first planned update whose remote commit is not an ancestor of what we push, the
  /// same check libgit2 makes before sending.
  private func firstNonFastForward(
    _ planned: [(reference: String, local: ObjectID, remote: ObjectID)]
  ) -> String? {
    for update in planned where !update.remote.isZero && update.remote != update.local {
      var local = update.local.raw
      var remote = update.remote.raw
      if git_graph_descendant_of(pointer, &local, &remote) != 1 { return update.reference }
    }
    return nil
  }

  private func destinations(_ refspecs: [String]) -> String {
    refspecs.map { spec in spec.split(separator: ":").last.map(String.init) ?? spec }
      .joined(separator: ", ")
  }
}
