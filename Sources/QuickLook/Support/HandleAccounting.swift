import Synchronization

/// Process-wide accounting of the C handles QuickLook owns (libmagic cookies, cairo
/// surfaces and contexts, pango layouts, gdk-pixbuf loaders and pixbufs).
public enum QuickLookLibrary {
  /// The number of C handles alive right now.
  ///
  /// Meant for tests: it returns to its earlier value once every handle is freed.
  public static var liveHandleCount: Int { liveHandles.load(ordering: .relaxed) }

  static let liveHandles = Atomic<Int>(0)

  /// Runs `body` and returns how many C handles it opened (on this task) that are
  /// still alive once it returns: 0 means nothing leaked. Unaffected by other tasks.
  public static func handlesLeaked(by body: () throws -> Void) rethrows -> Int {
    let scope = HandleScope()
    try HandleScope.$current.withValue(scope) { try body() }
    return scope.live.load(ordering: .relaxed)
  }
}

/// Counts the handles opened while a test's scope is current.
final class HandleScope: Sendable {
  let live = Atomic<Int>(0)

  /// The scope of the running task, if a test opened one.
  @TaskLocal static var current: HandleScope?

  /// Records a new handle and returns the scope to report its end to.
  static func opened() -> HandleScope? {
    QuickLookLibrary.liveHandles.add(1, ordering: .relaxed)
    let scope = current
    scope?.live.add(1, ordering: .relaxed)
    return scope
  }

  /// Records that a handle opened in `scope` was freed.
  static func closed(_ scope: HandleScope?) {
    QuickLookLibrary.liveHandles.subtract(1, ordering: .relaxed)
    scope?.live.subtract(1, ordering: .relaxed)
  }
}
