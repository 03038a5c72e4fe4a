import Foundation
import RichText

/// A thread that draws thumbnails, started before the first one is needed: it loads
/// the drawing libraries, reads fontconfig's configuration and opens the default font
/// at once (about 8 ms, two thirds of a one-note thumbnail), while the command does its
/// other work, and then runs the drawings given to it, in order.
///
/// One thread, because pango keeps a font map per thread: the drawings it runs use the
/// fonts the warm-up opened. The thread ends once this object is released and what it
/// was given is done. Call ``waitUntilIdle()`` before the process exits, so that it
/// never exits while the thread is inside a library's initialisation.
public final class DrawingThread: Sendable {
  private let queue = JobQueue()

  /// Starts the thread, which warms up first.
  public init() {
    queue.add { Self.warmUp() }
    let queue = self.queue
    let thread = Thread { queue.run() }
    thread.name = "notes-drawing"
    thread.start()
  }

  deinit {
    queue.stop()
  }

  /// Runs `job` on the thread when no other drawing is queued or running there (the
  /// warm-up aside: the job follows it), and says whether it took it; a caller that is
  /// told no draws on a thread of its own, in parallel.
  public func runIfIdle(_ job: @escaping @Sendable () -> Void) -> Bool {
    queue.addIfIdle(job)
  }

  /// Waits until every job given so far, the warm-up included, has finished.
  public func waitUntilIdle() {
    queue.waitUntilIdle()
  }

  /// Draws a small thumbnail of one word and throws it away: what is loaded and opened
  /// for it stays for the drawings that follow. A failure here is left to them to report.
  private static func warmUp() {
    _ = try? ThumbnailRenderer(size: ThumbnailRenderer.sizes.lowerBound).renderNote(
      AttributedText(plainText: "Aa"), image: nil)
  }
}

/// The jobs of a ``DrawingThread``, shared with the thread (which must not keep the
/// `DrawingThread` itself alive).
private final class JobQueue: @unchecked Sendable {
  // Every stored property is read and written only with `condition` locked.
  private let condition = NSCondition()
  private var jobs: [@Sendable () -> Void] = []
  /// A job is running.
  private var busy = false
  /// The warm-up (always the first job) has not finished.
  private var warming = true
  /// The owner is gone: end once the jobs are done.
  private var stopping = false

  func add(_ job: @escaping @Sendable () -> Void) {
    condition.lock()
    jobs.append(job)
    condition.broadcast()
    condition.unlock()
  }

  func addIfIdle(_ job: @escaping @Sendable () -> Void) -> Bool {
    condition.lock()
    defer { condition.unlock() }
    let warmUpQueued = warming && !busy
    let drawingRunning = busy && !warming
    guard jobs.count == (warmUpQueued ? 1 : 0), !drawingRunning else { return false }
    jobs.append(job)
    condition.broadcast()
    return true
  }

  func waitUntilIdle() {
    condition.lock()
    while busy || !jobs.isEmpty { condition.wait() }
    condition.unlock()
  }

  func stop() {
    condition.lock()
    stopping = true
    condition.broadcast()
    condition.unlock()
  }

  /// The thread's body: runs the jobs in order until stopped with none left.
  func run() {
    condition.lock()
    while true {
      while jobs.isEmpty && !stopping { condition.wait() }
      if jobs.isEmpty { break }
      let job = jobs.removeFirst()
      busy = true
      condition.unlock()
      job()
      condition.lock()
      busy = false
      warming = false
      condition.broadcast()
    }
    condition.unlock()
  }
}
