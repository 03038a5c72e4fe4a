import Git

/// What `notes status` says about the notes: the unsaved changes and each note's sync
/// state, with the same precedence as the STATUS column of `notes list` (a conflict or
/// an unsaved edit hides "ahead"; "incoming" hides "ahead").
public struct StatusOverview: Sendable, Hashable {
  /// The notes with unsaved changes in the working tree.
  public var unsaved: [UnsavedChange]
  /// Notes with unresolved conflict versions, sorted.
  public var conflicts: [String]
  /// Notes changed here and not pushed, sorted.
  public var ahead: [String]
  /// Notes with a newer version fetched and not merged, sorted.
  public var incoming: [String]
  /// Notes that exist only on another device's fetched branch, sorted.
  public var new: [String]
}

extension Store {
  /// The status of every note from one scan of the working tree, without reading the
  /// history index (which only `notes list` needs, for dates and devices).
  public func statusOverview() throws -> StatusOverview {
    let unsaved = try unsavedChanges()
    let conflicts = try self.conflicts().map(\.note).sorted()
    let states = try fetchedSyncStates()
    let modified = Set(unsaved.map(\.path))
    let conflicted = Set(conflicts)
    let names = { (paths: Set<String>) in paths.map { NotePath(packagePath: $0).name } }
    let incoming = states.incoming.filter { !modified.contains($0) }
    let ahead = states.ahead.filter { !modified.contains($0) && !states.incoming.contains($0) }
    return StatusOverview(
      unsaved: unsaved, conflicts: conflicts,
      ahead: names(ahead).filter { !conflicted.contains($0) }.sorted(),
      incoming: names(incoming).filter { !conflicted.contains($0) }.sorted(),
      new: names(Set(states.new.keys)).sorted())
  }

  /// ``syncStates()``, skipped (and with it a second scan of the root tree) when no
  /// device branch was ever fetched.
  func fetchedSyncStates() throws -> (
    ahead: Set<String>, incoming: Set<String>, new: [String: (tip: ObjectID, device: String)]
  ) {
    let fetched = try git("listing fetched devices") { try repository.references(matching: "refs/remotes/*") }
    guard !fetched.isEmpty else { return ([], [], [:]) }
    return try syncStates()
  }
}
