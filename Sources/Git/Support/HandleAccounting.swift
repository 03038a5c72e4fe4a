import Synchronization

/// Counts live libgit2 handles, process-wide and per scope, so tests can prove that every
/// handle they caused was freed even while other tests run in parallel.
final class HandleScope: Sendable {
  let live = Atomic<Int>(0)

  /// The scope of the running task, if a test opened one.
  @TaskLocal static var current: HandleScope?

  /// Records a new handle and returns the scope to report its end to.
  static func opened() -> HandleScope? {
    GitLibrary.liveHandles.add(1, ordering: .relaxed)
    let scope = current
    scope?.live.add(1, ordering: .relaxed)
    return scope
  }

  /// Records that a handle opened in `scope` was freed.
  static func closed(_ scope: HandleScope?) {
    GitLibrary.liveHandles.subtract(1, ordering: .relaxed)
    scope?.live.subtract(1, ordering: .relaxed)
  }
}

extension GitLibrary {
  /// Runs `body` and returns how many libgit2 handles it opened (on this task) that are
  /// still alive once it returns: 0 means nothing leaked. Unaffected by other tasks.
  public static func handlesLeaked(by body: () throws -> Void) rethrows -> Int {
    let scope = HandleScope()
    try HandleScope.$current.withValue(scope) { try body() }
    return scope.live.load(ordering: .relaxed)
  }
}
