import Foundation
import NoteStore
import Synchronization

/// The automatic pack a command's writes found due: started as a detached
/// `notes gc --auto` once the command has answered, so no command waits for packing.
enum AutoPackRequest {
  /// The store whose pack is due, if any.
  private static let due = Mutex<String?>(nil)

  /// Makes `store` report a due pack here instead of packing inside the write. With
  /// `NOTES_NO_AUTO_GC=1` (benchmarks that pack by hand) nothing packs automatically.
  static func install(on store: Store, environment: [String: String]) {
    let root = store.root
    let disabled = environment["NOTES_NO_AUTO_GC"] == "1"
    store.onAutoPackDue = {
      if !disabled { due.withLock { $0 = root } }
    }
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
