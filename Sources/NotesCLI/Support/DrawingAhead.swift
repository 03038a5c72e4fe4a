import NoteStore
import QuickLook

/// For the commands that change notes, and so draw their thumbnails: the drawing
/// libraries start loading as soon as the store is open (``Store/startDrawingAhead()``),
/// and the command waits for that thread before the process exits.
final class DrawingAhead {
  /// The commands whose changes draw thumbnails. An array, not a `Set<[String]>` (a
  /// set's type is made at run time on each start; see NoVerifyOption).
  static let commandPaths: [[String]] = [
    ["new"], ["write"], ["edit"], ["attach"], ["detach"], ["save"], ["resolve"], ["restore"], ["undo"],
    ["rename"], ["mv"],
  ]

  private let wanted: Bool
  private var thread: DrawingThread?

  /// For the command at `path`.
  init(commandPath path: [String]) {
    wanted = Self.commandPaths.contains(path)
  }

  /// Starts drawing ahead on `store`, when this command draws.
  func start(on store: Store) {
    guard wanted, thread == nil else { return }
    thread = store.startDrawingAhead()
  }

  /// Waits for the drawing thread to be idle: the process must not exit while it is
  /// inside a library's initialisation.
  func finish() {
    thread?.waitUntilIdle()
  }
}
