import CLibGit2
import Foundation

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
    let index = try index()
    for file in files {
      var info = stat()
      guard lstat(root + "/" + file.path, &info) == 0 else {
        throw GitError.system("lstat", "cannot stat '\(file.path)'")
      }
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
