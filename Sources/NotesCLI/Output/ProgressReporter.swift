import Foundation
import NoteStore

/// The one progress display of `notes`, on standard error, for transfers (fetch, clone, push,
/// sync) and long local work (saving many notes, packing).
///
/// On a terminal it redraws one line per phase: a bar with the objects and bytes done and the
/// rate (`Receiving objects  42% [=======>          ] 120/286, 1.3 MiB, 410 KiB/s`). Elsewhere
/// it prints one line when a phase ends (`Receiving objects: 100% (286/286), 3.1 MiB, done.`).
/// With `--quiet` it prints nothing. Local work that ends within a second prints nothing either.
final class ProgressReporter: @unchecked Sendable {
  // @unchecked Sendable: every mutable field is read and written only with `lock` held;
  // libgit2 calls back on the thread that runs the transfer, but nothing promises that.
  private let lock = NSLock()
  private let isTerminal: Bool
  private let isEnabled: Bool
  private let width: Int
  private var phase: String?
  private var last: (done: Int, total: Int, bytes: Int64)?
  private var phaseStart = ContinuousClock.now
  private var lastDraw: ContinuousClock.Instant?
  private var drewLine = false

  /// A reporter for `context`: drawing on a terminal's stderr, one line per phase otherwise,
  /// silent with `--quiet`.
  init(context: CommandContext) {
    isTerminal = context.terminal.stderrIsTTY
    isEnabled = !context.globals.quiet
    width = context.terminal.width
  }

  /// A reporter with its facts given (for tests).
  init(isTerminal: Bool, isEnabled: Bool, width: Int = 80) {
    self.isTerminal = isTerminal
    self.isEnabled = isEnabled
    self.width = width
  }

  /// The callback to hand to transfers.
  var observer: @Sendable (WorkProgress) -> Void {
    { [self] step in update(phase: step.phase.rawValue, done: step.done, total: step.total, bytes: step.bytes) }
  }

  /// Reports `done` of `total` items (and `bytes`) in `phase`; a new phase ends the last one.
  func update(phase name: String, done: Int, total: Int, bytes: Int64) {
    guard isEnabled else { return }
    lock.lock()
    defer { lock.unlock() }
    if phase != name {
      endPhaseLocked()
      phase = name
      phaseStart = .now
      lastDraw = nil
    }
    last = (done, total, bytes)
    guard isTerminal else { return }
    let now = ContinuousClock.now
    let finished = total > 0 && done >= total
    if let lastDraw, now - lastDraw < .milliseconds(100), !finished { return }
    lastDraw = now
    write("\r" + bar(name, done: done, total: total, bytes: bytes) + "\u{1B}[K")
    drewLine = true
  }

  /// Runs `work` as a local phase called `name`, reporting its end when it took a second or more.
  func measure<T>(_ name: String, _ work: () throws -> T) rethrows -> T {
    let start = ContinuousClock.now
    if isEnabled && isTerminal { write("\r\(name)…\u{1B}[K") }
    let result = try work()
    let elapsed = ContinuousClock.now - start
    guard isEnabled else { return result }
    if isTerminal {
      write(elapsed >= .seconds(1) ? "\r\(name): done, \(Self.seconds(elapsed)).\u{1B}[K\n" : "\r\u{1B}[K")
    } else if elapsed >= .seconds(1) {
      write("\(name): done, \(Self.seconds(elapsed)).\n")
    }
    return result
  }

  /// Ends the current phase: its final line stays on screen (or is printed, off a terminal).
  func finish() {
    guard isEnabled else { return }
    lock.lock()
    defer { lock.unlock() }
    endPhaseLocked()
  }

  /// Ends the display after a failure: a line drawn on a terminal is closed, nothing
  /// claims to be done.
  func abandon() {
    guard isEnabled else { return }
    lock.lock()
    defer { lock.unlock() }
    if isTerminal && drewLine { write("\n") }
    phase = nil
    last = nil
    drewLine = false
  }

  /// Runs `work` with this reporter and ends the display: finished on success, abandoned
  /// when `work` throws.
  func around<T>(_ work: (_ observer: @escaping @Sendable (WorkProgress) -> Void) throws -> T) rethrows -> T {
    do {
      let result = try work(observer)
      finish()
      return result
    } catch {
      abandon()
      throw error
    }
  }

  private func endPhaseLocked() {
    guard let name = phase, let last else { return }
    let elapsed = ContinuousClock.now - phaseStart
    let total = max(last.total, last.done)
    let percent = total > 0 ? last.done * 100 / total : 100
    // Local work that moves no bytes (indexing history) shows counts only.
    let amount = last.bytes == 0 ? "" : ", \(Self.size(last.bytes))"
      + (elapsed >= .milliseconds(200) ? " | \(Self.rate(last.bytes, elapsed))" : "")
    let line = "\(name): \(percent)% (\(last.done)/\(total))" + amount + ", done."
    write(isTerminal ? "\r" + line + "\u{1B}[K\n" : line + "\n")
    phase = nil
    self.last = nil
    drewLine = false
  }

  private func bar(_ name: String, done: Int, total: Int, bytes: Int64) -> String {
    let elapsed = ContinuousClock.now - phaseStart
    let counts = total > 0 ? "\(done)/\(total)" : "\(done)"
    let tail = " \(counts)" + (bytes == 0 ? "" : ", \(Self.size(bytes)), \(Self.rate(bytes, elapsed))")
    guard total > 0 else { return name + tail }
    let percent = min(100, done * 100 / total)
    let head = "\(name) \(String(repeating: " ", count: percent < 10 ? 2 : percent < 100 ? 1 : 0))\(percent)% "
    let room = max(10, min(30, width - head.count - tail.count - 3))
    let filled = room * min(done, total) / total
    let arrow = filled < room ? ">" : ""
    let body = String(repeating: "=", count: max(0, filled - arrow.count)) + arrow
    return head + "[" + body + String(repeating: " ", count: room - body.count) + "]" + tail
  }

  private func write(_ text: String) {
    OutputStreams.writeErr(text)
  }

  static func size(_ bytes: Int64) -> String {
    if bytes < 1024 { return "\(bytes) B" }
    if bytes < 1024 * 1024 { return String(format: "%.1f KiB", Double(bytes) / 1024) }
    return String(format: "%.2f MiB", Double(bytes) / 1024 / 1024)
  }

  static func rate(_ bytes: Int64, _ elapsed: Duration) -> String {
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    guard seconds > 0 else { return "0 B/s" }
    return size(Int64(Double(bytes) / seconds)) + "/s"
  }

  static func seconds(_ elapsed: Duration) -> String {
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    return String(format: "%.1f s", seconds)
  }
}
