import Foundation

/// The store's writer lock: `flock` on `.git/notes.lock`.
///
/// One writer at a time; readers never take it. The kernel releases the lock when
/// the holding process dies, so a killed writer never leaves the store locked.
///
/// Taken as the store's lock (`gitDirectory` given), it also marks the holder's tenure
/// with ``WriterTenure``: a writer that finds the mark of one before it knows that one was
/// killed, and removes the lock files git's way (`index.lock`, `refs/…/x.lock`) made since
/// it started: they are its leftovers. Lock files older than that belong to someone else,
/// plain git above all, live or dead, and are left alone, as git leaves its own for the
/// user to remove.
final class StoreLock {
  private let descriptor: Int32
  private let tenure: WriterTenure?

  /// Takes the lock, waiting up to `timeout` seconds; `onWait` is called once, when
  /// the lock has been busy for ``noticeableWait``, so the caller can tell the user why
  /// nothing happens. With
  /// `gitDirectory`, the lock is that store's writer lock (see above).
  /// - Throws: `NoteStoreError.storeLocked` after the timeout.
  init(
    path: String, storePath: String, timeout: Double, gitDirectory: String? = nil, onWait: () -> Void
  ) throws(NoteStoreError) {
    let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
    guard fd >= 0 else {
      throw .cannotWriteFile(path: path, underlying: POSIXErrorDescription.current())
    }
    if flock(fd, LOCK_EX | LOCK_NB) != 0 {
      let start = Date()
      let deadline = start.addingTimeInterval(max(0, timeout))
      var locked = false
      var told = false
      // A holder usually lets go within milliseconds (the automatic pack's deleting
      // step): tries come at 1, 2, 4 … ms, then every 50 ms, and the user hears of the
      // wait only once it is long enough to notice.
      var pause: useconds_t = 1_000
      while Date() < deadline {
        if !told && Date().timeIntervalSince(start) >= Self.noticeableWait {
          onWait()
          told = true
        }
        usleep(pause)
        pause = min(pause * 2, 50_000)
        if flock(fd, LOCK_EX | LOCK_NB) == 0 {
          locked = true
          break
        }
      }
      if !locked {
        close(fd)
        throw .storeLocked(path: storePath, waitedSeconds: max(0, timeout))
      }
    }
    descriptor = fd
    tenure = gitDirectory.map(WriterTenure.init(gitDirectory:))
    if let tenure, let gitDirectory, let killedWriterStart = tenure.begin() {
      Self.clearGitLocks(in: gitDirectory, madeSince: killedWriterStart)
    }
  }

  /// How long a wait for the lock goes unmentioned (seconds).
  static let noticeableWait = 0.1

  deinit {
    tenure?.end()  // while the lock is still held: the next writer must not see it
    flock(descriptor, LOCK_UN)
    close(descriptor)
  }

  /// Removes the `*.lock` files in the git directory (refs, logs, HEAD, index, config,
  /// packed-refs) last modified at `since` (nanoseconds since 1970) or later: what a
  /// writer killed after it began then left behind.
  static func clearGitLocks(in gitDirectory: String, madeSince since: Int64) {
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
    for path in candidates {
      guard let modified = FileIdentity(path: path)?.modified, modified >= since else { continue }
      unlink(path)
    }
  }
}
