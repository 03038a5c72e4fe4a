import CLibGit2
import Foundation

/// The stat data of a working-directory file, as the index records it, taken at one
/// moment (before the file is read for its blob, so a later change still shows).
public struct WorkingFileStat: Sendable, Hashable {
  fileprivate var info: stat

  /// The stat data of `path` relative to the open directory `directory` (no path walk
  /// from `/` for each file); nil when it cannot be read.
  init?(relativePath path: String, in directory: Int32) {
    var info = stat()
    guard fstatat(directory, path, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return nil }
    self.info = info
  }

  /// The raw stat data.
  var statInfo: stat { info }
  /// The file's size in bytes.
  public var size: Int64 { Int64(info.st_size) }

  /// The stat data of the file at `path` (not following a final symbolic link); nil when
  /// it cannot be read.
  public init?(path: String) {
    var info = stat()
    guard lstat(path, &info) == 0 else { return nil }
    self.info = info
  }

  public static func == (left: WorkingFileStat, right: WorkingFileStat) -> Bool {
    left.info.st_ino == right.info.st_ino && left.info.st_dev == right.info.st_dev
      && left.info.st_size == right.info.st_size && left.info.st_mtim.tv_sec == right.info.st_mtim.tv_sec
      && left.info.st_mtim.tv_nsec == right.info.st_mtim.tv_nsec
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(info.st_ino)
    hasher.combine(info.st_size)
  }
}

extension Repository {
  /// Records working-directory files in the index as the blobs `ids`, without reading
  /// or hashing them, so a file written into the working directory by other means (a
  /// streamed copy of a large attachment) counts as checked out. Each file must exist
  /// and hold exactly its blob's content.
  ///
  /// The stat data (times, size, inode) is taken from the file, so `status` sees it as
  /// unchanged.
  ///
  /// The corresponding libgit2 functions are `git_index_add` and `git_index_write`.
  public func recordInIndex(_ files: [(path: String, id: ObjectID, mode: FileMode)]) throws {
    guard let root = workingDirectory else {
      throw GitError.synthesized(.bareRepository, .repository, "a bare repository has no index", "git_index_add")
    }
    var stated: [(path: String, id: ObjectID, mode: FileMode, stat: WorkingFileStat)] = []
    for file in files {
      guard let info = WorkingFileStat(path: root + "/" + file.path) else {
        throw GitError.system("lstat", "cannot stat '\(file.path)'")
      }
      stated.append((file.path, file.id, file.mode, info))
    }
    try recordInIndex(stated)
  }

  /// Records working-directory files in the index as the blobs `ids` with the stat data
  /// taken when each blob was read (a file changed since then shows as changed), and
  /// writes the index once.
  ///
  /// The index file is rewritten with just these entries changed (``editIndexFile(_:)``);
  /// an index that cannot be rewritten so goes through libgit2, whose corresponding
  /// functions are `git_index_add` and `git_index_write`.
  public func recordInIndex(_ files: [(path: String, id: ObjectID, mode: FileMode, stat: WorkingFileStat)]) throws {
    guard workingDirectory != nil else {
      throw GitError.synthesized(.bareRepository, .repository, "a bare repository has no index", "git_index_add")
    }
    let written = try editIndexFile { _ in
      files.map { IndexEdit.set(path: $0.path, id: $0.id, mode: $0.mode, stat: $0.stat.info) }
    }
    if written { return }
    let index = try currentIndex()
    for file in files {
      let info = file.stat.info
      var entry = git_index_entry()
      entry.ctime.seconds = Int32(truncatingIfNeeded: info.st_ctim.tv_sec)
      entry.ctime.nanoseconds = UInt32(truncatingIfNeeded: info.st_ctim.tv_nsec)
      entry.mtime.seconds = Int32(truncatingIfNeeded: info.st_mtim.tv_sec)
      entry.mtime.nanoseconds = UInt32(truncatingIfNeeded: info.st_mtim.tv_nsec)
      entry.dev = UInt32(truncatingIfNeeded: info.st_dev)
      entry.ino = UInt32(truncatingIfNeeded: info.st_ino)
      entry.mode = file.mode.rawValue
      entry.uid = info.st_uid
      entry.gid = info.st_gid
      entry.file_size = UInt32(truncatingIfNeeded: info.st_size)
      entry.id = file.id.raw
      let result = file.path.withCString { path in
        entry.path = path
        return git_index_add(index.pointer, &entry)
      }
      try check(result, "git_index_add")
    }
    try check(git_index_write(index.pointer), "git_index_write")
  }
}
