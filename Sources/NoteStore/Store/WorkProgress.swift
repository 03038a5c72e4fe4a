import Git

/// How far a long piece of work has come: a transfer (objects and bytes received or sent)
/// or local work (notes saved, objects packed), for a progress display.
public struct WorkProgress: Sendable, Hashable {
  /// What is being done.
  public enum Phase: String, Sendable, Hashable, CaseIterable {
    /// Objects arriving from a remote (fetch, clone, sync).
    case receiving = "Receiving objects"
    /// Objects going to a remote (push, sync).
    case sending = "Sending objects"
    /// Commits read into the history index while it is built from scratch (or after
    /// many new commits).
    case indexingHistory = "Indexing history"
  }

  /// What is being done.
  public var phase: Phase
  /// Items (objects) done so far.
  public var done: Int
  /// Items expected in all; 0 while unknown.
  public var total: Int
  /// Bytes moved so far.
  public var bytes: Int64

  /// Creates a progress report.
  public init(phase: Phase, done: Int, total: Int, bytes: Int64) {
    self.phase = phase
    self.done = done
    self.total = total
    self.bytes = bytes
  }

  /// The report for one step of a libgit2 transfer.
  init(_ step: TransferProgress) {
    self.init(
      phase: step.phase == .pushing ? .sending : .receiving, done: step.receivedObjects,
      total: step.totalObjects, bytes: step.receivedBytes)
  }

  /// Transfer options whose progress callback reports to `observe`, if given.
  static func transferOptions(
    timeout: Double, observe: (@Sendable (WorkProgress) -> Void)?
  ) -> TransferOptions {
    var options = TransferOptions(timeout: timeout)
    if let observe {
      options.progress = { @Sendable step in observe(WorkProgress(step)) }
    }
    return options
  }
}
