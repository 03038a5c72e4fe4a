import Foundation

/// How a store runs its hooks: whether verification hooks are skipped, where their
/// output goes, and how the sync report reaches `post-sync`.
public struct HookSettings: Sendable {
  /// Skip the hooks `--no-verify` skips (``HookName/isVerification``).
  public var skipsVerification = false
  /// Receives hook output (each line after the hook's name) and warnings about
  /// post- hooks that failed; nil writes them to standard error, where git shows them.
  public var onOutput: (@Sendable (String) -> Void)?
  /// Encodes the report `post-sync` reads on stdin; nil uses compact JSON with sorted
  /// keys and ISO 8601 dates. The command line sets it to its `--json` printer, so the
  /// hook reads the very document `notes sync --json` prints.
  public var encodeSyncReport: (@Sendable (SyncReport) throws -> String)?
  /// Variables added to every hook's environment (the command line sets
  /// `NOTES_EXECUTABLE` to its own binary, which the shipped pre-commit runs).
  public var environment: [String: String] = [:]

  /// Settings that run every hook.
  public init() {}

  /// Shows `text` where hook output goes.
  func show(_ text: String) {
    guard !text.isEmpty else { return }
    if let onOutput {
      onOutput(text)
    } else {
      FileHandle.standardError.write(Data(text.utf8))
    }
  }
}
