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
  /// The corresponding libgit2 functions are `git_index_get_byindex`,
  /// `git_ignore_path_is_ignored` and `git_status_list_new`.
  ///   - refreshingIndex: Whether to write the index with fresh stat data for tracked files
  ///     whose stat changed but whose content did not (a `touch`, a copy), as `git status`
  ///     does, so the next scan trusts them again. Only while no one else writes the index
  ///     (hold the app's lock).
  public func statusTrustingStat(cacheFile: String, refreshingIndex: Bool = false) throws -> [StatusEntry] {
    guard let root = workingDirectory, let tracked = try trackedStat() else { return try status() }
    let scanStart = Date().timeIntervalSince1970
    var cache = DirectoryCache(file: cacheFile, ignoreFiles: [gitDirectory + "/info/exclude", root + "/.gitignore"])
    let rootDirectory = Glibc.open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard rootDirectory >= 0 else { return try status() }
    defer { close(rootDirectory) }
    var candidates: Set<String> = []
    var directories: [String: Set<String>] = ["": []]  // directory -> tracked child names
    for (path, recorded) in tracked.files {
      if WorkingFileStat(relativePath: path, in: rootDirectory)?.matches(recorded, indexTime: tracked.indexTime) != true {
        candidates.insert(path)
      }
      var child = Substring(path)
      var parent = path.utf8.lastIndex(of: UInt8(ascii: "/")).map { String(path[..<$0]) } ?? ""
      while true {
        let name = parent.isEmpty ? child : child.dropFirst(parent.count + 1)
        let inserted = directories[parent, default: []].insert(String(name.prefix { $0 != "/" })).inserted
        if !inserted || parent.isEmpty { break }
        child = Substring(parent)
        parent = parent.utf8.lastIndex(of: UInt8(ascii: "/")).map { String(parent[..<$0]) } ?? ""
      }
    }
    for (directory, children) in directories {
      let absolute = directory.isEmpty ? root : root + "/" + directory
      guard let info = WorkingFileStat(relativePath: directory.isEmpty ? "." : directory, in: rootDirectory)?.statInfo
      else { continue }  // gone: its files are candidates already
      let time = DirectoryCache.Time(info.st_mtim)
      let untracked: [String]
      if let cached = cache.untracked(directory, at: time) {
        untracked = cached
      } else {
        untracked = try listUntracked(absolute, relative: directory, tracked: children)
        // A directory changed within the last two seconds could change again with the
        // same coarse timestamp, so only older ones are remembered.
        if time.seconds < Int(scanStart) - 2 { cache.remember(directory, at: time, untracked: untracked) }
      }
      for name in untracked { candidates.insert(directory.isEmpty ? name : directory + "/" + name) }
    }
    cache.save()
    guard !candidates.isEmpty else { return [] }
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
      try refreshStat(candidates.filter { tracked.files[$0] != nil && !reported.contains($0) }, root: root)
    }
    return entries
  }

  /// Above this many changed top-level entries, one full status runs instead of one each.
  static let limitedStatusGroups = 32

  /// Writes current stat data into the index entries of `paths` (files whose content
  /// status just found equal to the index).
  private func refreshStat(_ paths: [String], root: String) throws {
    guard !paths.isEmpty else { return }
    let index = try index()
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

  /// Every index entry's stat data, and the index file's own time; nil without an index
  /// file or with conflicts.
  private func trackedStat() throws -> (files: [String: IndexStat], indexTime: DirectoryCache.Time)? {
    var info = stat()
    guard lstat(gitDirectory + "/index", &info) == 0 else { return nil }
    let index = try index()
    try check(git_index_read(index.pointer, 0), "git_index_read")
    if git_index_has_conflicts(index.pointer) != 0 { return nil }
    var files: [String: IndexStat] = [:]
    for position in 0..<git_index_entrycount(index.pointer) {
      // Borrowed from the index, valid until it changes; copied out at once.
      guard let entry = git_index_get_byindex(index.pointer, position)?.pointee,
        let path = decodeCString(entry.path)
      else { continue }
      files[path] = IndexStat(
        seconds: Int(entry.mtime.seconds), nanoseconds: Int(entry.mtime.nanoseconds), size: entry.file_size,
        inode: entry.ino, mode: entry.mode)
    }
    return (files, DirectoryCache.Time(info.st_mtim))
  }
}

/// What the index records about a file.
struct IndexStat {
  var seconds: Int
  var nanoseconds: Int
  var size: UInt32
  var inode: UInt32
  var mode: UInt32
}

extension WorkingFileStat {
  /// Whether the file is unchanged by its stat data: same size, time, inode and kind, and
  /// not racily clean (changed in the same tick the index was written).
  func matches(_ recorded: IndexStat, indexTime: DirectoryCache.Time) -> Bool {
    let time = DirectoryCache.Time(statInfo.st_mtim)
    guard UInt32(truncatingIfNeeded: statInfo.st_size) == recorded.size,
      time.seconds == recorded.seconds, time.nanoseconds == recorded.nanoseconds,
      UInt32(truncatingIfNeeded: statInfo.st_ino) == recorded.inode
    else { return false }
    let isLink = statInfo.st_mode & S_IFMT == S_IFLNK
    let executable = statInfo.st_mode & 0o100 != 0
    switch recorded.mode {
    case FileMode.link.rawValue: guard isLink else { return false }
    case FileMode.executable.rawValue: guard !isLink && executable else { return false }
    case FileMode.blob.rawValue: guard !isLink && !executable else { return false }
    default: return false
    }
    return time < indexTime
  }
}

/// Directory modification times and the untracked, unignored names seen in each, kept
/// between scans in one file of NUL-separated fields. Dropped whole when an ignore file
/// changes.
struct DirectoryCache {
  struct Time: Comparable {
    var seconds: Int
    var nanoseconds: Int
    init(_ time: timespec) {
      seconds = Int(time.tv_sec)
      nanoseconds = Int(time.tv_nsec)
    }
    init(seconds: Int, nanoseconds: Int) {
      self.seconds = seconds
      self.nanoseconds = nanoseconds
    }
    static func < (left: Time, right: Time) -> Bool {
      (left.seconds, left.nanoseconds) < (right.seconds, right.nanoseconds)
    }
  }

  private let file: String
  private let stamp: String
  private var entries: [String: (time: Time, untracked: [String])] = [:]
  private var changed = false

  init(file: String, ignoreFiles: [String]) {
    self.file = file
    stamp = ignoreFiles.map { path in
      var info = stat()
      return lstat(path, &info) == 0 ? "\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec).\(info.st_size)" : "-"
    }.joined(separator: ",")
    guard let data = FileManager.default.contents(atPath: file) else { return }
    let fields = data.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
    guard fields.first == "notes-scan-1 " + stamp else { return }
    var position = 1
    // Each record: directory, seconds, nanoseconds, count, names…
    while position + 3 < fields.count {
      guard let seconds = Int(fields[position + 1]), let nanoseconds = Int(fields[position + 2]),
        let count = Int(fields[position + 3]), position + 4 + count <= fields.count
      else { return }
      entries[fields[position]] = (
        Time(seconds: seconds, nanoseconds: nanoseconds), Array(fields[(position + 4)..<(position + 4 + count)])
      )
      position += 4 + count
    }
  }

  /// The untracked names of `directory` when its time is still `time`.
  func untracked(_ directory: String, at time: Time) -> [String]? {
    guard let entry = entries[directory], entry.time == time else { return nil }
    return entry.untracked
  }

  mutating func remember(_ directory: String, at time: Time, untracked: [String]) {
    entries[directory] = (time, untracked)
    changed = true
  }

  /// Writes the cache if it changed (to a temporary file, renamed over the old one).
  func save() {
    guard changed else { return }
    var fields = ["notes-scan-1 " + stamp]
    for (directory, entry) in entries {
      fields += [directory, String(entry.time.seconds), String(entry.time.nanoseconds), String(entry.untracked.count)]
      fields += entry.untracked
    }
    let temporary = file + ".tmp-\(getpid())"
    let data = Data(fields.joined(separator: "\0").utf8)
    if FileManager.default.createFile(atPath: temporary, contents: data), rename(temporary, file) == 0 { return }
    unlink(temporary)
  }
}
