import CLibGit2
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

extension Repository {
  /// ``status(includeUntracked:paths:)`` of the whole working directory, found the way git
  /// finds it: a tracked file whose stat data (size, modification time, inode, mode) equals
  /// the index's is unchanged, without reading it; a directory whose modification time
  /// equals the one in `cacheFile` (what the last scan saw) has the same entries, without
  /// listing it. Only the paths left over, changed or new or racily clean, go through
  /// libgit2's status, which compares contents. libgit2's own status lists every directory
  /// and probes each for `.gitignore` and `.gitattributes`.
  ///
  /// Staged changes (index against `HEAD`) show only for paths the scan picks: this is for
  /// working directories whose index is kept at `HEAD`, as a notes store's is. With a
  /// conflicted index, or none, the full status runs instead.
  ///
  /// - Parameters:
  ///   - cacheFile: where directory times and untracked names are kept between
  ///     scans (rewritten atomically when they change; a cache, never needed for correctness).
  ///
  /// The index is read from its file (``IndexSnapshot``); libgit2's index is loaded only
  /// for the paths left over. The corresponding libgit2 functions are
  /// `git_ignore_path_is_ignored` and `git_status_list_new`.
  ///   - refreshingIndex: Whether to write the index with fresh stat data for tracked files
  ///     whose stat changed but whose content did not (a `touch`, a copy), as `git status`
  ///     does, so the next scan trusts them again. Only while no one else writes the index
  ///     (hold the app's lock).
  ///   - exclusion: Folders left out: changes inside them may be missing from the answer
  ///     (for files the caller never reports anyway).
  public func statusTrustingStat(
    cacheFile: String, refreshingIndex: Bool = false, excluding exclusion: ScanExclusion? = nil
  ) throws -> [StatusEntry] {
    guard let root = workingDirectory else { return try status() }
    // The index's entries straight from the file (libgit2 reads it only if something
    // changed); a conflicted or version 4 index, or none, takes the full status.
    guard let index = IndexSnapshot(path: gitDirectory + "/index") else { return try status() }
    let rootDirectory = Glibc.open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard rootDirectory >= 0 else { return try status() }
    defer { close(rootDirectory) }
    var scan = TrackedScan(
      rootDirectory: rootDirectory, indexTime: DirectoryCache.Time(index.modified),
      cache: DirectoryCache(
        file: cacheFile, ignoreFiles: [gitDirectory + "/info/exclude", root + "/.gitignore"],
        exclusionName: exclusion?.name ?? ""),
      exclusion: exclusion)
    // The entries are read from a mapping of the file, which a writer replaces, never changes.
    scan.walk(index)
    var untracked: [String] = []
    let scanStart = Int(Date().timeIntervalSince1970)
    for miss in scan.misses {
      let names = try listUntracked(
        miss.directory.isEmpty ? root : root + "/" + miss.directory, relative: miss.directory,
        tracked: TrackedScan.childNames(of: miss.directory, in: index, from: miss.firstEntry))
      // A directory changed within the last two seconds could change again with the
      // same coarse timestamp, so only older ones are remembered.
      if miss.time.seconds < scanStart - 2 { scan.cache.remember(miss.directory, at: miss.time, untracked: names) }
      untracked += names.map { miss.directory.isEmpty ? $0 : miss.directory + "/" + $0 }
    }
    scan.cache.save()
    let candidates = Set(scan.changedFiles).union(scan.untrackedFiles).union(untracked)
    guard !candidates.isEmpty else { return [] }
    // A few files (a note edited by hand): hashed here, without libgit2 reading the index.
    if let decided = try statusByContent(
      changed: scan.changedFiles, untracked: Array(Set(scan.untrackedFiles).union(untracked)).sorted(), index: index, root: root)
    {
      if refreshingIndex { try refreshStat(decided.unchanged, root: root) }
      return decided.entries
    }
    // One limited status per top-level entry (libgit2 walks from the common prefix of its
    // paths, so one call over scattered paths would walk everything); past a few dozen,
    // one full status is cheaper.
    let groups = Set(candidates.map { String($0.prefix { $0 != "/" }) })
    let entries =
      groups.count > Self.limitedStatusGroups
      ? try status() : try groups.sorted().flatMap { try status(paths: [$0]) }.sorted {
        Array($0.path.utf8).lexicographicallyPrecedes(Array($1.path.utf8))
      }
    if refreshingIndex {
      let reported = Set(entries.map(\.path))
      try refreshStat(scan.changedFiles.filter { !reported.contains($0) }, root: root)
    }
    return entries
  }

  /// Above this many changed top-level entries, one full status runs instead of one each.
  static let limitedStatusGroups = 32

  /// Writes current stat data into the index entries of `paths` (files whose content
  /// status just found equal to the index).
  private func refreshStat(_ paths: [String], root: String) throws {
    guard !paths.isEmpty else { return }
    let written = try editIndexFile { _ in
      paths.compactMap { path in WorkingFileStat(path: root + "/" + path).map { IndexEdit.refresh(path: path, stat: $0.statInfo) } }
    }
    if written { return }
    let index = try currentIndex()  // as on disk, if another process wrote it
    for path in paths {
      guard let current = WorkingFileStat(path: root + "/" + path),
        var entry = git_index_get_bypath(index.pointer, path, 0)?.pointee
      else { continue }
      let info = current.statInfo
      entry.ctime.seconds = Int32(truncatingIfNeeded: info.st_ctim.tv_sec)
      entry.ctime.nanoseconds = UInt32(truncatingIfNeeded: info.st_ctim.tv_nsec)
      entry.mtime.seconds = Int32(truncatingIfNeeded: info.st_mtim.tv_sec)
      entry.mtime.nanoseconds = UInt32(truncatingIfNeeded: info.st_mtim.tv_nsec)
      entry.dev = UInt32(truncatingIfNeeded: info.st_dev)
      entry.ino = UInt32(truncatingIfNeeded: info.st_ino)
      entry.uid = info.st_uid
      entry.gid = info.st_gid
      entry.file_size = UInt32(truncatingIfNeeded: info.st_size)
      // `entry.path` is borrowed from the index; `git_index_add` copies it before replacing.
      let result = path.withCString { copy in
        entry.path = copy
        return git_index_add(index.pointer, &entry)
      }
      try check(result, "git_index_add")
    }
    try check(git_index_write(index.pointer), "git_index_write")
  }

  /// The names in a directory that are neither tracked nor ignored (`.git` aside).
  private func listUntracked(_ absolute: String, relative: String, tracked: Set<String>) throws -> [String] {
    guard let directory = opendir(absolute) else { return [] }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name == "." || name == ".." || name == ".git" || tracked.contains(name) { continue }
      let path = relative.isEmpty ? name : relative + "/" + name
      let isDirectory = entry.pointee.d_type == UInt8(DT_DIR)
      var ignored: Int32 = 0
      try check(git_ignore_path_is_ignored(&ignored, pointer, isDirectory ? path + "/" : path), "git_ignore_path_is_ignored")
      if ignored == 0 { names.append(name) }
    }
    return names.sorted()
  }
}
