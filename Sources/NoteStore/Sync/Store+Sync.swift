import Foundation
import Git

extension Store {
  /// Merges the device tips already fetched (`notes sync` without the network
  /// steps): commits unsaved changes, merges every other device in name order and
  /// checks out the result.
  public func mergeFetched(_ options: SyncOptions = SyncOptions()) throws -> SyncReport {
    try withWriteLock {
      if !options.dryRun { try saveUnlocked(message: nil) }
      var report = SyncReport()
      try mergeFetchedDevices(options, into: &report)
      return report
    }
  }
}
