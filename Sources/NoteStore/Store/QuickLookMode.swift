/// Whether and where a store keeps its notes' QuickLook files (`git config
/// notes.quicklook`).
public enum QuickLookMode: String, Sendable, CaseIterable {
  /// In the working tree only, ignored by git (the default).
  case local
  /// In the working tree and in every commit that changes the note.
  case commit
  /// Not written at all.
  case off

  /// The git config key.
  public static let configKey = "notes.quicklook"
}

/// A `notes.quicklook` value that is none of `local`, `commit`, `off`.
struct QuickLookConfigError: Error, CustomStringConvertible {
  var value: String
  var description: String {
    "\(QuickLookMode.configKey) is '\(value)'; set it to local, commit or off (git config \(QuickLookMode.configKey) local)"
  }
}
