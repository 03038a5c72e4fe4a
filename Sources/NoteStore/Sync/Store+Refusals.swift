import Foundation
import Git

extension Store {
  /// The devices' changes that the last sync refused (or a fetch or the clone, where
  /// they checked the same remote since), kept until a sync takes them or no longer
  /// finds them on the remote: for `notes status`. Reads one small file, and none
  /// when nothing was refused.
  ///
  /// - Throws: `NoteStoreError.damagedRefusalRecord` when the record does not parse
  ///   (the next sync writes it anew).
  public func refusedChanges() throws -> [RejectedChange] {
    try refusalRecord.refused()
  }

  var refusalRecord: RefusalRecord { RefusalRecord(gitDirectory: gitDirectory) }

  /// Keeps what a run refused, in place of the earlier refusals it checked again
  /// (`check`). The record is derived data: a failure to write it is a warning, not
  /// a failed sync. Call with the lock held.
  func recordRefusals(_ found: [RejectedChange], fetched: Set<String>, merged: Set<String>) {
    do {
      let configured = Set(try git("reading remotes") { try repository.remotes() }.map(\.name))
      try refusalRecord.update(
        found: found, check: RefusalCheck(fetched: fetched, merged: merged, configured: configured))
    } catch {
      warn("could not record the refused changes for `notes status`: \(error)")
    }
  }
}
