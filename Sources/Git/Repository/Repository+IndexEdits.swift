import CLibGit2
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

extension Repository {
  /// Changes a few entries of the working directory's index by rewriting its file from a
  /// mapping of the old one (``IndexFileWriter``), holding `index.lock` from before the
  /// old file is read until the new one is in place. `edits` gets the old index and says
  /// what to change; it may write working files first (the lock keeps other writers of
  /// the index out meanwhile).
  ///
  /// - Returns: false, with the index untouched, when this index cannot be rewritten so
  ///   (none yet, version 4, conflicts, a split index, a bad checksum, `edits` returning
  ///   nil): the caller goes through libgit2, which reads, repairs or refuses it.
  /// - Throws: ``GitError`` with code `.locked` when another process holds `index.lock`.
  func editIndexFile(_ edits: (IndexSnapshot) throws -> [IndexEdit]?) throws -> Bool {
    guard workingDirectory != nil else { return false }
    let path = gitDirectory + "/index"
    let lock = try IndexFileLock(indexPath: path)
    guard let old = IndexSnapshot(path: path), let changes = try edits(old),
      let image = IndexFileWriter.image(
        of: old, applying: changes, verified: indexChecksumIsKnown(old),
        isModified: { entry in self.racyEntryIsModified(entry, in: old) }),
      let checksum = image.checksum
    else { return false }
    // Written from the old file's mapping: no 4 MB copy of it in memory.
    try IndexFileWriter.replace(path, with: image, of: old, lock: lock)
    var info = stat()
    if lstat(path, &info) == 0 {
      rememberValidIndex(IndexChecksumRecord(stamp: IndexSnapshot.Stamp(info), checksum: ObjectID(bytes: checksum)))
    } else {
      verifiedIndex = nil
    }
    return true
  }

  /// Whether the files at or below `path` in the working directory (a note's package)
  /// are those the index records, by stat data alone, as ``statusTrustingStat(cacheFile:refreshingIndex:excluding:)``
  /// judges them: each tracked file's size, time, inode and mode equal, none racily clean,
  /// no other file there, folders `exclusion` leaves out aside.
  ///
  /// - Returns: true only when that is certain; false when the index is not a plain one
  ///   with a valid checksum, or anything differs or is untracked (then ask
  ///   ``status(paths:)``, which compares contents and knows ignored files).
  public func isUnchangedByStat(_ path: String, excluding exclusion: ScanExclusion? = nil) throws -> Bool {
    guard let root = workingDirectory, !path.isEmpty, let index = IndexSnapshot(path: gitDirectory + "/index") else {
      return false
    }
    if !indexChecksumIsKnown(index) {
      guard index.checksumIsValid() else { return false }
      rememberValidIndex(index)
    }
    let excluded: (String) -> Bool = { file in
      guard let exclusion else { return false }
      var folder = Array(file.utf8)
      while let slash = folder.lastIndex(of: UInt8(ascii: "/")) {
        folder.removeSubrange(slash...)
        if folder.count >= path.utf8.count && folder.withUnsafeBufferPointer({ exclusion.excludes($0) }) { return true }
      }
      return false
    }
    // The tracked files there, each unchanged.
    var tracked: Set<String> = []
    let indexTime = DirectoryCache.Time(index.modified)
    let allUnchanged = index.forEachEntry(atOrBelow: path) { entry, bytes in
      let file = String(decoding: bytes, as: UTF8.self)
      if excluded(file) { return true }
      var info = stat()
      guard lstat(root + "/" + file, &info) == 0, TrackedScan.matches(info, entry, in: index, indexTime: indexTime) else {
        return false
      }
      tracked.insert(file)
      return true
    }
    guard allUnchanged else { return false }
    // No file there that the index does not know.
    var pending = [path]
    while let current = pending.popLast() {
      var info = stat()
      guard lstat(root + "/" + current, &info) == 0 else { continue }
      guard info.st_mode & S_IFMT == S_IFDIR else {
        if !tracked.contains(current) { return false }
        continue
      }
      if current != path, let exclusion, Array(current.utf8).withUnsafeBufferPointer({ exclusion.excludes($0) }) { continue }
      guard let names = try? FileManager.default.contentsOfDirectory(atPath: root + "/" + current) else { return false }
      pending += names.map { current + "/" + $0 }
    }
    return true
  }

  /// Whether a racily clean entry's working file holds other content than its blob while
  /// its stat data matches (git's `ce_modified_check_fs`); true when that cannot be told.
  private func racyEntryIsModified(_ entry: IndexSnapshot.Entry, in index: IndexSnapshot) -> Bool {
    guard let root = workingDirectory else { return true }
    let path = root + "/" + String(decoding: index.path(entry), as: UTF8.self)
    var info = stat()
    guard lstat(path, &info) == 0 else { return false }  // gone: every reader sees that
    let sameStat =
      UInt32(truncatingIfNeeded: info.st_size) == index.size(entry)
      && UInt32(truncatingIfNeeded: info.st_mtim.tv_sec) == index.mtime(entry).seconds
      && UInt32(truncatingIfNeeded: info.st_mtim.tv_nsec) == index.mtime(entry).nanoseconds
    guard sameStat else { return false }  // changed stat: every reader sees that too
    guard info.st_mode & S_IFMT == S_IFREG, let id = try? hashFile(path) else { return true }
    return id != index.id(entry)
  }

  /// libgit2's index of this repository, brought up to date with the file (another
  /// process, or ``editIndexFile(_:)``, may have replaced it since libgit2 read it).
  func currentIndex() throws -> OwnedHandle {
    let index = try index()
    try check(git_index_read(index.pointer, 0), "git_index_read")
    return index
  }
}
