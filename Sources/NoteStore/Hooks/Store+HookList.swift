import Foundation

/// A hook file in a store's hooks folder, as `notes hooks list` shows it.
public struct InstalledHook: Sendable, Hashable, Codable {
  /// The file name (`pre-commit`, `post-sync.example`).
  public var name: String
  /// Its path.
  public var path: String
  /// Whether NoteStore runs it: a hook it knows, executable, not in a tracked path.
  public var runs: Bool
  /// Why it does not run, when it does not.
  public var reason: String?
  /// Whether it is byte for byte one of the shipped hooks.
  public var isShipped: Bool
}

extension Store {
  /// The folder hooks are found in: `core.hooksPath`, else `.git/hooks`.
  public func hooksDirectory() throws -> String {
    try hookRunner().hooksDirectory
  }

  /// Every file in the hooks folder (git's `*.sample` files left out), by name.
  public func installedHooks() throws -> [InstalledHook] {
    let runner = try hookRunner()
    let directory = runner.hooksDirectory
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    let shipped = Set([ShippedHooks.preCommit, ShippedHooks.postSyncExample, ShippedHooks.preReceive].map { Data(($0 + "\n").utf8) })
    return names.filter { !$0.hasSuffix(".sample") && !$0.hasPrefix(".") }.sorted().map { name in
      let path = directory + "/" + name
      let isShipped = FileManager.default.contents(atPath: path).map(shipped.contains) ?? false
      var reason: String?
      if let hook = HookName(rawValue: name) {
        var settings = runner
        settings.settings.skipsVerification = false
        switch (try? settings.lookup(hook)) ?? .absent {
        case .runnable: reason = nil
        case .notExecutable: reason = "not executable"
        case .tracked: reason = "tracked by the store, so never run"
        case .absent, .skipped: reason = "not a regular file"
        }
      } else {
        reason = "not a hook NoteStore runs"
      }
      return InstalledHook(name: name, path: path, runs: reason == nil, reason: reason, isShipped: isShipped)
    }
  }
}
