import Foundation
#if canImport(Glibc)
  import Glibc
#endif

/// The store's writer lock: `flock` on `.git/notes.lock`.
///
/// One writer at a time; readers never take it. The kernel releases the lock when
/// the holding process dies, so a killed writer never leaves the store locked. While
/// the lock is held, lock files that libgit2 left behind in `.git` can only come from
/// a killed process, and ``clearStaleGitLocks(in:)`` removes them.
final class StoreLock {
  private let descriptor: Int32

  /// Takes the lock, waiting up to `timeout` seconds; `onWait` is called once, when
  /// the lock is busy, so the caller can tell the user why nothing happens.
  /// - Throws: `NoteStoreError.storeLocked` after the timeout.
  init(path: String, storePath: String, timeout: Double, onWait: () -> Void) throws(NoteStoreError) {
    let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
    guard fd >= 0 else {
      throw .cannotWriteFile(path: path, underlying: POSIXErrorDescription.current())
    }
    if flock(fd, LOCK_EX | LOCK_NB) != 0 {
      onWait()
      let deadline = Date().addingTimeInterval(max(0, timeout))
      var locked = false
      while Date() < deadline {
        usleep(50_000)
        if flock(fd, LOCK_EX | LOCK_NB) == 0 {
          locked = true
          break
        }
      }
      if !locked {
        close(fd)
        throw .storeLocked(path: storePath, waitedSeconds: timeout)
      }
    }
    descriptor = fd
  }

  deinit {
    flock(descriptor, LOCK_UN)
    close(descriptor)
  }

  /// Removes `*.lock` files that a killed libgit2 writer left in the git directory
  /// (refs, HEAD, index, config, packed-refs). Call only while holding the lock.
  static func clearStaleGitLocks(in gitDirectory: String) {
    let fileManager = FileManager.default
    var candidates = ["HEAD.lock", "index.lock", "config.lock", "packed-refs.lock", "ORIG_HEAD.lock"]
      .map { gitDirectory + "/" + $0 }
    if let walker = fileManager.enumerator(atPath: gitDirectory + "/refs") {
      for case let relative as String in walker where relative.hasSuffix(".lock") {
        candidates.append(gitDirectory + "/refs/" + relative)
      }
    }
    if let logs = fileManager.enumerator(atPath: gitDirectory + "/logs") {
      for case let relative as String in logs where relative.hasSuffix(".lock") {
        candidates.append(gitDirectory + "/logs/" + relative)
      }
    }
    for path in candidates where fileManager.fileExists(atPath: path) {
      try? fileManager.removeItem(atPath: path)
    }
  }
}
