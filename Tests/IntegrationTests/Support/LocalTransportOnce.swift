import Git

/// Local remotes through git's `git-upload-pack` and `git-receive-pack`, registered once for
/// the whole test process. Not once per test: registering again replaces libgit2's transport
/// entry, which the transfers other suites run meanwhile read without a lock, and a test that
/// wants another registration uses `LocalTransport.withRegistration`, on its own task only.
enum LocalTransportOnce {
  /// Whether local remotes go through git's programs (registered, and the programs found).
  static let isUsingGitPrograms: Bool = {
    do { try LocalTransport.register() } catch { return false }
    return LocalTransport.isUsingGitPrograms
  }()
}
