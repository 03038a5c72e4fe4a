import Foundation

extension NotesMain {
  /// The commands that only read this store's own history: they never reach a remote.
  static let localHistoryReads: Set<[String]> = [["log"], ["versions"], ["diff"], ["blame"], ["deleted"]]

  /// Whether the command `arguments` name may reach a remote, so `main` prepares the
  /// network transports (``prepareTransports(interactive:)``) before running it: false
  /// only for ``localHistoryReads``, whose start-up (a `notes log` is mostly start-up)
  /// then skips looking for `ssh` and registering transports. Arguments that do not parse
  /// count as true; ``run(_:environment:)`` reports them.
  public static func mayReachRemote(_ arguments: [String]) -> Bool {
    let parser = CommandLineParser(root: root, version: version)
    guard case .run(_, let parsed, _) = try? parser.parse(arguments) else { return true }
    return !localHistoryReads.contains(parsed.commandPath)
  }
}
