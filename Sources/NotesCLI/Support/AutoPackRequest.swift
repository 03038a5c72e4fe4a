import Foundation
import NoteStore
import Synchronization

/// The automatic pack a command's writes found due, or previews a big change left for
/// later: started as a detached `notes gc --auto` once the command has answered, so no
/// command waits for packing or for thousands of previews.
enum AutoPackRequest {
  /// The store whose pack is due, if any.
  private static let due = Mutex<String?>(nil)

  /// Makes `store` report a due pack here instead of packing inside the write. With
  /// `NOTES_NO_AUTO_GC=1` (benchmarks that pack by hand) nothing packs automatically.
  static func install(on store: Store, environment: [String: String], quiet: Bool = false) {
    let root = store.root
    let disabled = environment["NOTES_NO_AUTO_GC"] == "1"
    store.onAutoPackDue = {
      if !disabled { due.withLock { $0 = root } }
    }
    // The same `gc --auto` writes the previews a big change left for later; with
    // automatic housekeeping off, the change writes them all itself.
    guard !disabled else { return }
    store.onQuickLookBacklog = backlogHandler(storeRoot: root, quiet: quiet)
  }

  /// What a store with previews left for later calls (``Store/onQuickLookBacklog``):
  /// starts `gc --auto` on `storeRoot` after the answer, and says so once unless `quiet`.
  static func backlogHandler(storeRoot root: String, quiet: Bool) -> (Int) -> Void {
    { count in
      due.withLock { $0 = root }
      let first = announced.withLock { done in
        defer { done = true }
        return !done
      }
      if first && !quiet {
        OutputStreams.writeErr("notes: previews of \(formatted(count)) notes are being written in the background\n")
      }
    }
  }

  /// Whether this command said already that previews are written in the background.
  private static let announced = Mutex(false)

  /// `9968` as `9,968`.
  static func formatted(_ count: Int) -> String {
    var digits = Array(String(count))
    var index = digits.count - 3
    while index > 0 && digits[index - 1] != "-" {
      digits.insert(",", at: index)
      index -= 3
    }
    return String(digits)
  }

  /// Starts `notes gc --auto` for the store whose pack is due; nothing when none is.
  static func launchIfDue() {
    guard let root = due.withLock({ value -> String? in
      defer { value = nil }
      return value
    }) else { return }
    let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
    Store.startDetachedAutoPack(executable: executable, storeRoot: root)
  }
}
