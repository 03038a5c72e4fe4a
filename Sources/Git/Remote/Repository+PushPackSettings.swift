import CLibGit2
import Foundation

/// Settings for the pack libgit2's packbuilder builds for one push, applied in this process
/// only: no config file that users or git read is written.
///
/// At 10,000 notes every commit's root tree is about 400 KB, and libgit2 1.5's delta search
/// tries each object against the 10 before it in size order: for a push of 100 commits that is
/// about 1,000 tries over 400 KB trees, most of the push. Each root tree differs from the
/// one before it by a few entries, so the one or two neighbours a small window holds give as
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
  /// configuration chain already sets `pack.windowMemory` (a user's choice wins). The values
  /// live in a temporary file added as the highest level of this handle's configuration and
  /// emptied again afterwards, so later packs built by this handle (a `gc`) do not see them.
  ///
  /// The corresponding libgit2 functions are `git_repository_config` and
  /// `git_config_add_file_ondisk`.
  func withPushPackSettings<T>(_ settings: PushPackSettings, _ body: () throws -> T) throws -> T {
    guard try configInt("pack.windowMemory") == nil else { return try body() }
    let config = try configuration()
    let path = NSTemporaryDirectory() + "/notes-push-pack-\(getpid())-\(UUID().uuidString).config"
    guard FileManager.default.createFile(atPath: path, contents: Data(settings.configText.utf8)) else {
      // No temporary file: the push goes on with libgit2's defaults.
      return try body()
    }
    defer {
      // Emptied, then read again (a snapshot refreshes every level), then removed: a removed
      // file would keep its last values in the handle.
      _ = FileManager.default.createFile(atPath: path, contents: Data())
      var snapshot: OpaquePointer?
      if git_config_snapshot(&snapshot, config.pointer) == 0 { git_config_free(snapshot) }
      try? FileManager.default.removeItem(atPath: path)
    }
    try check(
      git_config_add_file_ondisk(config.pointer, path, GIT_CONFIG_LEVEL_APP, pointer, 1),
      "git_config_add_file_ondisk")
    return try body()
  }
}
