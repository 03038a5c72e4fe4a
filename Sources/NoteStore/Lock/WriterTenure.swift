import Foundation


/// `.git/notes-writer`: an empty file that is there exactly while a notes writer holds the
/// store lock (``StoreLock``). Its modification time is when that writer began. Found by
/// the next writer, it says the last one was killed, and since when it ran.
///
/// Written without fsync: after a power loss it may be gone, and then what the killed
/// writer left stays for the user to remove, as git's own leftovers do.
struct WriterTenure {
  /// The marker's path.
  let path: String

  init(gitDirectory: String) {
    path = gitDirectory + "/notes-writer"
  }

  /// Marks this writer's tenure, beginning now.
  ///
  /// - Returns: when the previous writer began, when it was killed holding the lock
  ///   (its mark is still there); nil when it finished.
  func begin() -> Int64? {
    let killed = FileIdentity(path: path)?.modified
    let descriptor = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
    if descriptor >= 0 {
      futimens(descriptor, nil)  // now, also when the file was there
      close(descriptor)
    }
    return killed
  }

  /// Ends this writer's tenure: it finished.
  func end() {
    unlink(path)
  }
}
