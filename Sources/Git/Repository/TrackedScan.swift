import CLibGit2
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// One pass over the index for ``Repository/statusTrustingStat(cacheFile:refreshingIndex:)``:
/// each tracked file is compared with the index by its stat data, and each directory that
/// holds tracked files is looked up in the ``DirectoryCache`` by its modification time.
///
/// The walk works on the index's own path bytes: an unchanged file costs one `fstatat`
/// and no Swift string. Index entries are sorted by path, so the files under a directory
/// are contiguous and each directory is met exactly once, in the same order every time
/// (which is the order the cache is kept in).
struct TrackedScan {
  let rootDirectory: Int32
  let indexTime: DirectoryCache.Time
  var cache: DirectoryCache
  /// Folders the scan does not look into (neither their files nor their directories).
  let exclusion: ScanExclusion?

  /// Tracked files whose stat data differs from the index (or that are gone).
  private(set) var changedFiles: [String] = []
  /// Untracked names the cache remembered for unchanged directories.
  private(set) var untrackedFiles: [String] = []
  /// Directories whose time differs from the cache's: they must be listed.
  private(set) var misses: [(directory: String, firstEntry: Int, time: DirectoryCache.Time)] = []

  init(rootDirectory: Int32, indexTime: DirectoryCache.Time, cache: DirectoryCache, exclusion: ScanExclusion? = nil) {
    self.rootDirectory = rootDirectory
    self.indexTime = indexTime
    self.cache = cache
    self.exclusion = exclusion
  }

  /// Compares every entry of `index` with the working tree.
  ///
  /// Three steps: the entries are planned (which directories to look up, which files to
  /// compare; no system calls), then every planned path is `fstatat`ed, on several threads
  /// for a big index as git's `core.preloadIndex` does, and last the directories are
  /// looked up in the cache in index order. The kernel's path lookups are most of a clean
  /// scan's time: 20,000 of them at 10,000 notes.
  mutating func walk(_ index: IndexSnapshot) {
    let plan = ScanPlan(index, exclusion: exclusion)
    let stats = plan.stat(index, rootDirectory: rootDirectory, indexTime: indexTime)
    for (number, directory) in plan.directories.enumerated() {
      guard let time = stats.directoryTimes[number] else { continue }  // gone: its files changed
      let bytes = plan.bytes(of: directory, in: index)
      if let names = cache.untracked(bytes, at: time) {
        guard !names.isEmpty else { continue }
        let prefix = String(decoding: bytes, as: UTF8.self)
        untrackedFiles += names.map { prefix.isEmpty ? $0 : prefix + "/" + $0 }
      } else {
        misses.append((String(decoding: bytes, as: UTF8.self), directory.firstEntry, time))
      }
    }
    for (number, position) in plan.files.enumerated() where stats.fileChanged[number] {
      changedFiles.append(String(decoding: index.path(index.entries[position]), as: UTF8.self))
    }
    cache.finishLookups()
  }

  /// Whether a file is unchanged by its stat data: same size, time, inode and kind, and
  /// not racily clean (changed in the same tick the index, written at `indexTime`, was).
  static func matches(_ info: stat, _ entry: IndexSnapshot.Entry, in index: IndexSnapshot, indexTime: DirectoryCache.Time) -> Bool {
    let recorded = index.mtime(entry)
    guard UInt32(truncatingIfNeeded: info.st_size) == index.size(entry),
      UInt32(truncatingIfNeeded: info.st_mtim.tv_sec) == recorded.seconds,
      UInt32(truncatingIfNeeded: info.st_mtim.tv_nsec) == recorded.nanoseconds,
      UInt32(truncatingIfNeeded: info.st_ino) == index.inode(entry)
    else { return false }
    // Size 0 for a blob that is not empty: an entry smudged as racily clean when the index
    // was written (git's convention, and ``IndexFileWriter``'s), whose content must be compared.
    if index.size(entry) == 0 && index.id(entry) != emptyBlob { return false }
    let isLink = info.st_mode & S_IFMT == S_IFLNK
    let executable = info.st_mode & 0o100 != 0
    switch index.mode(entry) {
    case FileMode.link.rawValue: guard isLink else { return false }
    case FileMode.executable.rawValue: guard !isLink && executable else { return false }
    case FileMode.blob.rawValue: guard !isLink && !executable else { return false }
    default: return false
    }
    return DirectoryCache.Time(info.st_mtim) < indexTime
  }

  /// The id of the empty blob.
  static let emptyBlob = ObjectID(hex: "e69de29bb2d1d6434b8b29ae775ad8c2e48c5391") ?? .zero

  /// The names directly inside `directory` that the index tracks (a file, or the first
  /// folder on the way to one), reading the entries from `first` on while they are under it.
  static func childNames(of directory: String, in index: IndexSnapshot, from first: Int) -> Set<String> {
    let prefix = Array((directory.isEmpty ? "" : directory + "/").utf8)
    var names: Set<String> = []
    for position in first..<index.entries.count {
      let bytes = index.path(index.entries[position])
      guard bytes.starts(with: prefix) else { break }
      names.insert(String(decoding: bytes[prefix.count...].prefix { $0 != UInt8(ascii: "/") }, as: UTF8.self))
    }
    return names
  }
}

/// Folders a ``TrackedScan`` leaves out: files the caller never reports (a notes store's
/// generated previews). `excludes` gets each directory's path (relative, no trailing
/// slash) from the top down; the scan stops at the first one it excludes. `name` tells
/// the directory cache which exclusion made it, so scans with another one do not share it.
public struct ScanExclusion: Sendable {
  /// Names the rule in the directory cache's header.
  public var name: String
  /// Whether the directory at these path bytes is left out.
  public var excludes: @Sendable (UnsafeBufferPointer<UInt8>) -> Bool

  /// Creates an exclusion.
  public init(name: String, excludes: @escaping @Sendable (UnsafeBufferPointer<UInt8>) -> Bool) {
    self.name = name
    self.excludes = excludes
  }
}
