import CLibGit2
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

extension Repository {
  /// ``status(includeUntracked:paths:)`` of a few paths (a note's package), found the way
  /// ``statusTrustingStat(cacheFile:refreshingIndex:excluding:)`` finds the whole tree's:
  /// a tracked file whose stat data equals the index's is unchanged without being read;
  /// the others, and the files there the index does not know, are hashed
  /// (``statusByContent(changed:untracked:index:root:)``). libgit2's status reads the
  /// whole index (4 MB at 10,000 notes) to answer for one package, and answers here only
  /// where this cannot: no plain index or a bad checksum, content filters, an untracked
  /// folder, a link, a change staged by hand, more than a few files.
  ///
  /// Staged changes (index against `HEAD`) show only for files whose stat data changed:
  /// this is for working directories whose index is kept at `HEAD`, as a notes store's is.
  ///
  /// - Parameter exclusion: Folders left out: changes inside them may be missing from
  ///   the answer (for files the caller never reports anyway).
  public func statusTrustingStat(paths: [String], excluding exclusion: ScanExclusion? = nil) throws -> [StatusEntry] {
    guard let root = workingDirectory, let index = IndexSnapshot(path: gitDirectory + "/index") else {
      return try status(paths: paths)
    }
    if !indexChecksumIsKnown(index) {
      guard index.checksumIsValid() else { return try status(paths: paths) }
      rememberValidIndex(index)
    }
    guard let found = try statScan(of: paths, index: index, root: root, exclusion: exclusion) else {
      return try status(paths: paths)
    }
    if found.changed.isEmpty && found.untracked.isEmpty { return [] }
    if let decided = try statusByContent(changed: found.changed, untracked: found.untracked, index: index, root: root) {
      return decided.entries
    }
    return try status(paths: paths)
  }

  /// The tracked files at or below `paths` whose stat data differs from the index (or
  /// that are gone), and the files there the index does not know and that are not
  /// ignored; nil when libgit2 must answer (a path it would read otherwise, a folder the
  /// index knows nothing below).
  private func statScan(
    of paths: [String], index: IndexSnapshot, root: String, exclusion: ScanExclusion?
  ) throws -> (changed: [String], untracked: [String])? {
    let indexTime = DirectoryCache.Time(index.modified)
    var changed: [String] = []
    var untracked: [String] = []
    for path in paths {
      let components = path.split(separator: "/", omittingEmptySubsequences: false)
      guard !path.isEmpty, !components.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." || $0 == ".git" }) else {
        return nil
      }
      let excluded: (String) -> Bool = { folder in
        guard let exclusion, folder.utf8.count > path.utf8.count else { return false }
        return Array(folder.utf8).withUnsafeBufferPointer { exclusion.excludes($0) }
      }
      // Whether a file lies in a folder below `path` that the exclusion leaves out.
      let inExcludedFolder: (String) -> Bool = { file in
        var folder = Substring(file)
        while let slash = folder.lastIndex(of: "/") {
          folder = folder[..<slash]
          if excluded(String(folder)) { return true }
        }
        return false
      }
      // The tracked files there, each compared by its stat data.
      var tracked: Set<String> = []
      var trackedFolders: Set<String> = []
      _ = index.forEachEntry(atOrBelow: path) { entry, bytes in
        let file = String(decoding: bytes, as: UTF8.self)
        var folder = Substring(file)
        while let slash = folder.lastIndex(of: "/") {
          folder = folder[..<slash]
          guard trackedFolders.insert(String(folder)).inserted else { break }
        }
        if inExcludedFolder(file) { return true }
        tracked.insert(file)
        var info = stat()
        if lstat(root + "/" + file, &info) != 0 || !TrackedScan.matches(info, entry, in: index, indexTime: indexTime) {
          changed.append(file)
        }
        return true
      }
      // The files there that the index does not know.
      var pending = [path]
      while let current = pending.popLast() {
        var info = stat()
        guard lstat(root + "/" + current, &info) == 0 else { continue }
        guard info.st_mode & S_IFMT == S_IFDIR else {
          if !tracked.contains(current), try !isIgnored(current, isDirectory: false) { untracked.append(current) }
          continue
        }
        if excluded(current) { continue }
        // A folder the index knows nothing below: libgit2 lists or ignores it as a whole.
        guard trackedFolders.contains(current) else { return nil }
        // A nested repository is libgit2's to judge.
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: root + "/" + current), !names.contains(".git")
        else { return nil }
        pending += names.map { current + "/" + $0 }
      }
    }
    return (changed, untracked.sorted())
  }

  /// Whether the ignore rules (`.gitignore` files, `info/exclude`, `core.excludesFile`)
  /// leave `path` out.
  ///
  /// The corresponding libgit2 function is `git_ignore_path_is_ignored`.
  func isIgnored(_ path: String, isDirectory: Bool) throws -> Bool {
    var ignored: Int32 = 0
    try check(git_ignore_path_is_ignored(&ignored, pointer, isDirectory ? path + "/" : path), "git_ignore_path_is_ignored")
    return ignored != 0
  }
}
