import Foundation

/// Places in a branch move where a test can make the process wait, so that a kill
/// lands exactly there (`NOTES_FAULT_PAUSE=<point>:<seconds>`, read once per process).
/// Without the variable nothing waits (a pause is at most 60 s); it exists for the crash
/// tests, which must prove that their kills land mid-move and not only between commands.
enum FaultPoint: String {
  /// The journal is written and the branch has moved; the working tree is not checked out yet.
  case afterReferenceUpdate = "after-reference-update"
  /// A packer has written its new packs and deletes nothing yet (Store+Housekeeping).
  case afterPacksWritten = "after-packs-written"

  /// The pause the environment asks for, as (point, seconds).
  private static let requested: (point: String, seconds: Double)? = {
    guard let value = ProcessInfo.processInfo.environment["NOTES_FAULT_PAUSE"] else { return nil }
    let parts = value.split(separator: ":", maxSplits: 1)
    guard parts.count == 2, let seconds = Double(parts[1]), seconds > 0 else { return nil }
    return (String(parts[0]), min(seconds, 60))
  }()

  /// Waits here when the environment asks for this point.
  func pauseIfRequested() {
    guard let requested = Self.requested, requested.point == rawValue else { return }
    Thread.sleep(forTimeInterval: requested.seconds)
  }
}
