import Foundation
import Synchronization

/// The deadline of one transfer: it moves forward whenever data or objects move, and the
/// transfer stops once `timeout` seconds pass without progress or when it is cancelled.
///
/// Shared by the transfer's callbacks and by every socket libgit2 opens for it (see
/// ``DeadlineStream``), which find it through ``current``. Sendable because its mutable
/// state lives in a `Mutex`; the closure it polls is `@Sendable`.
final class TransferClock: Sendable {
  /// Why a transfer was stopped from our side.
  enum Stop: Sendable, Equatable {
    case timedOut
    case cancelled
  }

  private struct State {
    var lastProgress: ContinuousClock.Instant
    var stop: Stop?
    var unreachable: String?
  }

  /// The clock of the transfer running on this thread or task, if any.
  @TaskLocal static var current: TransferClock?

  /// Seconds without progress before the transfer stops.
  let timeout: Double
  private let isCancelled: (@Sendable () -> Bool)?
  private let state: Mutex<State>

  init(timeout: Double, isCancelled: (@Sendable () -> Bool)?) {
    self.timeout = max(timeout, 0.001)
    self.isCancelled = isCancelled
    state = Mutex(State(lastProgress: .now))
  }

  /// Records that something moved: the deadline starts again from now.
  func noteProgress() {
    state.withLock { $0.lastProgress = .now }
  }

  /// Why the transfer must stop now, if it must; the first reason found is kept.
  func checkStop() -> Stop? {
    if let stop = state.withLock({ $0.stop }) { return stop }
    let cancelled = (isCancelled?() ?? false) || withUnsafeCurrentTask { $0?.isCancelled ?? false }
    return state.withLock { state in
      if state.stop == nil {
        if cancelled {
          state.stop = .cancelled
        } else if ContinuousClock.now - state.lastProgress >= .seconds(timeout) {
          state.stop = .timedOut
        }
      }
      return state.stop
    }
  }

  /// The reason the transfer was stopped from our side, if it was.
  var stop: Stop? { state.withLock { $0.stop } }

  /// How long to wait in one `poll` call: never past the deadline, and short enough that
  /// cancellation is noticed quickly.
  func pollSlice() -> Int32 {
    let remaining = state.withLock { .seconds(timeout) - (ContinuousClock.now - $0.lastProgress) }
    let milliseconds = remaining.components.seconds * 1000
      + remaining.components.attoseconds / 1_000_000_000_000_000
    return Int32(clamping: max(1, min(milliseconds, 200)))
  }

  /// Records that no connection to the remote could be made, and why.
  func noteUnreachable(_ detail: String) {
    state.withLock { if $0.unreachable == nil { $0.unreachable = detail } }
  }

  /// Why no connection could be made, if that is what happened.
  var unreachable: String? { state.withLock { $0.unreachable } }
}
