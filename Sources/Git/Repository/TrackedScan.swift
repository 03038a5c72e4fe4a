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
  mutating func walk(_ index: IndexSnapshot) {
    var directoryPath: [CChar] = []  // a reusable NUL-terminated copy of a directory's path
    var previous: [UInt8] = []  // the parent directory of the previous entry
    var previousExcluded = false  // whether that parent lies in an excluded folder
    visitDirectory(UnsafeBufferPointer(start: nil, count: 0), firstEntry: 0, scratch: &directoryPath)
    for (position, entry) in index.entries.enumerated() {
      let pathBytes = index.path(entry)
      guard let bytes = pathBytes.baseAddress else { continue }
      let path = index.cPath(entry)
      let excluded = { () -> Bool in
        var parent = pathBytes.count
        while parent > 0 && bytes[parent - 1] != UInt8(ascii: "/") { parent -= 1 }
        parent = max(parent - 1, 0)  // the parent's length, without the slash
        if parent == previous.count && (0..<parent).allSatisfy({ bytes[$0] == previous[$0] }) { return previousExcluded }
        defer {
          previous.removeAll(keepingCapacity: true)
          previous.append(contentsOf: UnsafeBufferPointer(start: bytes, count: parent))
        }
        // The directories on the way to the parent that the previous entry was not in,
        // down to the first excluded one.
        var common = 0
        while common < min(parent, previous.count) && bytes[common] == previous[common] { common += 1 }
        previousExcluded = false
        if parent > 0 {
          for end in 1...parent where end == parent || bytes[end] == UInt8(ascii: "/") {
            let directory = UnsafeBufferPointer(start: bytes, count: end)
            if let exclusion, exclusion.excludes(directory) {
              previousExcluded = true
              break
            }
            let sharedWithPrevious = end <= common && (end == previous.count || previous[end] == UInt8(ascii: "/"))
            if !sharedWithPrevious {
              visitDirectory(directory, firstEntry: position, scratch: &directoryPath)
            }
          }
        }
        return previousExcluded
      }()
      if excluded { continue }
      var info = stat()
      if fstatat(rootDirectory, path, &info, AT_SYMLINK_NOFOLLOW) != 0 || !matches(info, entry, in: index) {
        changedFiles.append(String(decoding: pathBytes, as: UTF8.self))
      }
    }
    cache.finishLookups()
  }

  /// Looks a directory (its path relative to the root, empty for the root) up in the cache.
  private mutating func visitDirectory(
    _ directory: UnsafeBufferPointer<UInt8>, firstEntry: Int, scratch: inout [CChar]
  ) {
    scratch.removeAll(keepingCapacity: true)
    if directory.isEmpty {
      scratch.append(CChar(UInt8(ascii: ".")))
    } else {
      for byte in directory { scratch.append(CChar(bitPattern: byte)) }
    }
    scratch.append(0)
    var info = stat()
    guard fstatat(rootDirectory, scratch, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return }  // gone: its files changed
    let time = DirectoryCache.Time(info.st_mtim)
    if let names = cache.untracked(directory, at: time) {
      guard !names.isEmpty else { return }
      let prefix = String(decoding: directory, as: UTF8.self)
      untrackedFiles += names.map { prefix.isEmpty ? $0 : prefix + "/" + $0 }
    } else {
      misses.append((String(decoding: directory, as: UTF8.self), firstEntry, time))
    }
  }

  /// Whether a file is unchanged by its stat data: same size, time, inode and kind, and
  /// not racily clean (changed in the same tick the index was written).
  private func matches(_ info: stat, _ entry: IndexSnapshot.Entry, in index: IndexSnapshot) -> Bool {
    Self.matches(info, entry, in: index, indexTime: indexTime)
  }

  /// ``matches(_:_:in:)`` against an index written at `indexTime`.
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
