/// What integrating one device's tip did.
public enum TipOutcome: Sendable, Hashable {
  /// Its changes were already in mine.
  case upToDate
  /// Mine was behind it and now points at it.
  case fastForwarded
  /// A merge commit joined it; the notes listed are in conflict.
  case merged(conflicts: [String])
}
