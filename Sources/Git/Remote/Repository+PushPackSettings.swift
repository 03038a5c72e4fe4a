import CLibGit2
import Foundation

/// Settings for the pack libgit2's packbuilder builds for one push, applied in this process
/// only: no config file that users or git read is written.
///
/// At 10,000 notes every commit's root tree is about 400 KB, and libgit2 1.5's delta search
/// tries each object against the 10 before it in size order: for a push of 100 commits that is
/// about 1,000 tries over 400 KB trees, most of the push. Each root tree differs from the
/// one before it by a few entries, so the one or two neighbours a short window holds give as
/// good a delta; a window capped by memory (`pack.windowMemory`, which libgit2 honours)
/// keeps the many small objects (bodies, package trees) in a full window and the big root
/// trees in a short one.
struct PushPackSettings: Sendable, Equatable {
  /// `pack.windowMemory`: the bytes the delta search window may hold (0: no cap).
  var windowMemory: Int64

  /// The settings a push uses unless the repository's own configuration sets them.
  static let standard = PushPackSettings(windowMemory: 1 << 20)

  /// The config file text that sets these values.
  var configText: String {
    "[pack]\n\twindowMemory = \(windowMemory)\n"
  }
}

extension Repository {
  /// Runs `body` (a push) with `settings` in effect for the packbuilder, unless the
  /// configuration chain already sets `pack.windowMemory` (a user's choice wins).
  ///
  /// For the push, the handle's configuration is a read-only snapshot of its own with a
  /// temporary file of `settings` added as the highest level; afterwards the handle's own
  /// configuration is put back, so later writes go to the files they always went to and
  /// later packs (a `gc`) do not see these settings.
  ///
  /// The corresponding libgit2 functions are `git_config_snapshot`,
  /// `git_config_add_file_ondisk` and `git_repository_set_config`.
  func withPushPackSettings<T>(_ settings: PushPackSettings, _ body: () throws -> T) throws -> T {
    guard try configInt("pack.windowMemory") == nil else { return try body() }
    let own = try configuration()
    let path = NSTemporaryDirectory() + "/notes-push-pack-\(getpid())-\(UUID().uuidString).config"
    guard FileManager.default.createFile(atPath: path, contents: Data(settings.configText.utf8)) else {
      // No temporary file: the push goes on with libgit2's defaults.
      return try body()
    }
    defer { unlink(path) }
    let pushing = try OwnedHandle.make("git_config_snapshot", keepAlive: nil, release: { git_config_free($0) }) {
      git_config_snapshot(&$0, own.pointer)
    }
    try check(
      git_config_add_file_ondisk(pushing.pointer, path, GIT_CONFIG_LEVEL_APP, pointer, 1),
      "git_config_add_file_ondisk")
    try check(git_repository_set_config(pointer, pushing.pointer), "git_repository_set_config")
    defer { git_repository_set_config(pointer, own.pointer) }
    return try body()
  }
}
