import Foundation
import NoteStore
#if canImport(Glibc)
  import Glibc
#endif

/// What a command runs with: the global options, the terminal, the environment and
/// the current directory; and the ways to reach the store and the user.
struct CommandContext {
  var globals: GlobalOptions
  var terminal: Terminal
  var environment: [String: String]
  var currentDirectory: String
  /// One formatter for the whole command: making one per row cost most of `notes list`.
  let displayDates = DisplayDateFormatter()
  /// `--no-verify`: skip the hooks that check a change.
  var skipsVerification = false
  /// The thumbnails' libraries loaded ahead, for a command that changes notes.
  var drawingAhead = DrawingAhead(commandPath: [])

  /// How text on standard output looks (coloured only when allowed there).
  var style: Style { Style.stdout(terminal) }
  /// How messages on standard error look (coloured only when allowed there).
  var errorStyle: Style { Style.stderr(terminal) }

  /// The store selected by `-C DIR`, else `NOTES_STORE`, else the enclosing store of
  /// the current directory.
  func openStore() throws -> Store {
    let store: Store
    if let path = globals.storePath {
      store = try Store.discover(from: absolute(path))
    } else if let path = environment["NOTES_STORE"], !path.isEmpty {
      store = try Store.discover(from: absolute(path))
    } else {
      store = try Store.discover(from: currentDirectory)
    }
    NoVerifyOption.configure(store, skipsVerification: skipsVerification)
    AutoPackRequest.install(on: store, environment: environment, quiet: globals.quiet)
    drawingAhead.start(on: store)
    let wait = globals.waitSeconds ?? 10
    store.lockTimeout = wait
    let quiet = globals.quiet
    store.onLockWait = {
      if !quiet {
        OutputStreams.writeErr("notes: waiting up to \(Self.format(wait)) s for another notes command to finish…\n")
      }
    }
    store.onWarning = { message in OutputStreams.writeErr("notes: warning: \(message)\n") }
    // A history index built from many commits shows its progress (issue 13).
    let history = ProgressReporter(context: self)
    store.onHistoryProgress = { step in
      history.update(phase: step.phase.rawValue, done: step.done, total: step.total, bytes: step.bytes)
      if step.total > 0 && step.done >= step.total { history.finish() }
    }
    return store
  }

  /// `path` made absolute against the current directory.
  func absolute(_ path: String) -> String {
    if path.hasPrefix("/") { return path }
    if path == "~" || path.hasPrefix("~/"), let home = environment["HOME"] {
      return home + path.dropFirst()
    }
    return currentDirectory + "/" + path
  }

  /// Prints data on stdout.
  func out(_ text: String) {
    OutputStreams.writeOut(text)
  }

  /// Prints data already in bytes (UTF-8 text such as a long table) on stdout.
  func out(bytes: [UInt8]) {
    OutputStreams.writeOut(bytes: bytes)
  }

  /// Prints a note's plain text on stdout, ending with a newline unless it is empty.
  func outText(_ text: String) {
    out(text.hasSuffix("\n") || text.isEmpty ? text : text + "\n")
  }

  /// A date as the human tables show it: local time, to the minute.
  func displayDate(_ date: Date) -> String {
    displayDates.string(from: date)
  }

  /// Prints a message on stderr, unless `--quiet`.
  func say(_ text: String) {
    if !globals.quiet { OutputStreams.writeErr(text) }
  }

  /// Prints `notes: warning: TEXT` on stderr, even with `--quiet` (a warning is not a
  /// success message).
  func warn(_ text: String) {
    OutputStreams.writeErr("notes: " + errorStyle.warning("warning:") + " " + text + "\n")
  }

  /// Whether standard input is a terminal (so nothing is piped in).
  var stdinIsTerminal: Bool { isatty(0) == 1 }

  /// Everything piped into standard input.
  func readStandardInput() -> [UInt8] {
    Array(FileHandle.standardInput.readDataToEndOfFile())
  }

  /// A file's bytes, to its end: a regular file, or a pipe (`-` for standard input,
  /// `<(command)`, a FIFO), which Foundation's `Data(contentsOf:)` refuses.
  func readFile(_ path: String) throws -> [UInt8] {
    if path == "-" { return readStandardInput() }
    do {
      let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: absolute(path)))
      defer { try? handle.close() }
      return Array(try handle.readToEnd() ?? Data())
    } catch {
      throw NoteStoreError.cannotReadFile(path: path, underlying: error)
    }
  }

  static func format(_ seconds: Double) -> String {
    seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
  }
}

/// The formatter of the tables' dates (`2026-11-29 10:00`, local time), made once per
/// command and reused for every row.
final class DisplayDateFormatter {
  // ``LocalMinuteFormat``: the same layout without loading ICU's date formatter.
  func string(from date: Date) -> String { LocalMinuteFormat.string(from: date) }
}
