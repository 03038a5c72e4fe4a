import NoteStore

/// What `notes status` reports, computed once: the text and the `--json` output are two
/// renderings of this value, so they cannot disagree.
struct StatusReport: Encodable {
  /// One device branch on one remote, as far as this store is concerned.
  struct Remote: Encodable {
    var remote: String
    var device: String
    /// Whether this is this device's own branch.
    var thisDevice: Bool
    /// Commits here that the remote's copy of the branch lacks.
    var ahead: Int
    /// Commits in the remote's copy of the branch that are not merged here.
    var behind: Int
    /// This device's commits the remote does not have yet (0 for other devices).
    var notPushed: Int
    /// Commits fetched from the branch and not merged here; `notes sync` merges them.
    var incoming: Int
    /// Nothing to push and nothing to merge.
    var upToDate: Bool
  }

  /// A device's changes that the last sync refused, and what the user can do.
  struct Refused: Encodable {
    var device: String
    var remote: String
    /// The commit that breaks the rule (or the refused tip).
    var commit: String
    /// The path in that commit's tree, "" for the commit itself.
    var path: String
    /// A tree rule's name, or `massDelete`.
    var rule: String
    /// The sync's whole message.
    var reason: String
    /// What to do so that a sync takes the changes, or stops refusing them.
    var action: String

    init(_ change: RejectedChange) {
      device = change.device
      remote = change.remote
      commit = change.commit
      path = change.path
      rule = change.rule
      reason = change.reason
      action = Self.action(for: change)
    }

    /// What to do, for the terminal and for scripts alike. The device's name came from
    /// the remote: it is shown escaped, and a command to paste is given only for a name
    /// a device can have (letters, digits, `.`, `_`, `-`), never one that a shell would
    /// read as more than a word.
    private static func action(for change: RejectedChange) -> String {
      if change.rule == RejectedChange.massDeleteRule {
        return "to take these deletions, run `notes sync --allow-mass-delete`; until then every sync leaves them out"
      }
      let remote = TerminalText.escaped(change.remote)
      guard let device = try? DeviceName(change.device) else {
        return "remove the branch devices/\(TerminalText.escaped(change.device)) on \(remote) with git (no device "
          + "can have that name, so no command is shown to paste), then run `notes sync`"
      }
      let branch = "devices/" + device.rawValue
      return "repair or remove the branch \(branch) on \(remote) (whoever syncs as \(device.rawValue) can, "
        + "or `git update-ref -d refs/heads/\(branch)` on the remote), then run `notes sync`"
    }
  }

  var device: String
  var store: String
  var unsaved: [UnsavedChange]
  var remotes: [Remote]
  /// Notes with unresolved conflict versions.
  var conflicts: [String]
  /// Notes changed here and not pushed.
  var ahead: [String]
  /// Notes with a newer version fetched and not merged.
  var incoming: [String]
  /// Notes that exist only on another device's fetched branch.
  var new: [String]
  /// Devices whose changes the last sync refused, until a sync takes them or no
  /// longer finds them.
  var refused: [Refused]
  /// No unsaved change, no conflict, nothing to push or merge, nothing refused.
  var upToDate: Bool

  /// Reads everything the report says from `store`; `warn` hears of a refusal record
  /// that cannot be read (the report then names no refused device).
  static func read(_ store: Store, warn: (String) -> Void) throws -> StatusReport {
    let me = store.device.rawValue
    let remotes = try store.remoteStates().map { state -> Remote in
      let mine = state.device == me
      let notPushed = mine ? state.ahead : 0
      let incoming = state.behind
      return Remote(
        remote: state.remote, device: state.device, thisDevice: mine, ahead: state.ahead,
        behind: state.behind, notPushed: notPushed, incoming: incoming,
        upToDate: notPushed == 0 && incoming == 0)
    }
    // One working-tree scan, no history index: status needs no dates.
    let overview = try store.statusOverview()
    let (unsaved, conflicts) = (overview.unsaved, overview.conflicts)
    let (ahead, incoming, new) = (overview.ahead, overview.incoming, overview.new)
    var refused: [Refused] = []
    do {
      refused = try store.refusedChanges().map(Refused.init)
    } catch let error as NoteStoreError {
      warn(error.description)
    }
    return StatusReport(
      device: me, store: store.root, unsaved: unsaved, remotes: remotes, conflicts: conflicts,
      ahead: ahead, incoming: incoming, new: new, refused: refused,
      upToDate: unsaved.isEmpty && conflicts.isEmpty && ahead.isEmpty && incoming.isEmpty
        && new.isEmpty && refused.isEmpty && remotes.allSatisfy(\.upToDate))
  }

  /// The report for people, coloured with `style`.
  func text(style: Style) -> String {
    var text = "Store \(store)\nDevice \(device)\n"
    if unsaved.isEmpty {
      text += "No unsaved changes.\n"
    } else {
      text += "Unsaved changes (commit them with \(style.hint("`notes save`")), discard a note's with \(style.hint("`notes restore NOTE`"))):\n"
      for change in unsaved {
        text += "  \(style.warning(change.kind.rawValue)): \(style.note(change.note)) (\(change.files.joined(separator: ", ")))\n"
      }
    }
    if !conflicts.isEmpty {
      text += style.conflict("\(Self.count(conflicts.count, "note")) in conflict") + " (see "
        + style.hint("`notes conflicts`") + "):\n"
      text += conflicts.map { "  " + style.conflict($0) + "\n" }.joined()
    }
    if !ahead.isEmpty {
      text += "\(Self.count(ahead.count, "note")) changed here, not pushed (\(style.hint("`notes sync`")) pushes them):\n"
      text += ahead.map { "  " + style.note($0) + "\n" }.joined()
    }
    if !incoming.isEmpty || !new.isEmpty {
      text += "Incoming, not merged yet (\(style.hint("`notes sync`")) merges them):\n"
      text += incoming.map { "  " + style.incoming("changed") + ": " + style.note($0) + "\n" }.joined()
      text += new.map { "  " + style.added("new") + ": " + style.note($0) + "\n" }.joined()
    }
    if !refused.isEmpty {
      text += style.warning("Refused by the last sync") + " (nothing of them is merged here or pushed):\n"
      for entry in refused {
        // The reason names the device already ("refused the changes of device …").
        text += "  " + style.warning("on \(TerminalText.escaped(entry.remote))") + ": "
          + entry.reason + "\n    " + style.hint(entry.action) + "\n"
      }
    }
    for remote in remotes {
      let who = remote.thisDevice ? "this device" : remote.device
      var parts: [String] = []
      if remote.notPushed > 0 { parts.append("\(Self.count(remote.notPushed, "commit")) not pushed") }
      if remote.incoming > 0 { parts.append(style.incoming("\(Self.count(remote.incoming, "commit")) not merged here")) }
      text += "\(remote.remote)/\(who): " + (parts.isEmpty ? "up to date" : parts.joined(separator: ", ")) + "\n"
    }
    if upToDate { text += style.success("Everything is saved, merged and pushed.") + "\n" }
    return text
  }

  private static func count(_ number: Int, _ noun: String) -> String {
    "\(number) \(noun)\(number == 1 ? "" : "s")"
  }
}
