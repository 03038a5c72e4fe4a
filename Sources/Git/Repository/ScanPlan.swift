import Dispatch
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// What a ``TrackedScan`` asks the kernel about, in index order: each directory that holds
/// tracked files (once, parents before children, the root first) and each tracked file
/// outside the excluded folders. Made from the index's path bytes alone.
///
/// Index entries are sorted by path, so the files under a directory are contiguous and
/// each directory is met exactly once, in the same order every time (the order the
/// ``DirectoryCache`` is kept in).
struct ScanPlan {
  /// A directory: the first `length` bytes of the path of the entry at `firstEntry`, the
  /// first entry under it (length 0 for the root).
  struct Directory {
    var firstEntry: Int
    var length: Int
  }

  /// The directories to look up, in index order.
  private(set) var directories: [Directory] = []
  /// The positions in the index of the files to compare, in index order.
  private(set) var files: [Int] = []

  /// Plans the scan of `index`, leaving out what `exclusion` excludes.
  init(_ index: IndexSnapshot, exclusion: ScanExclusion?) {
    directories.append(Directory(firstEntry: 0, length: 0))
    files.reserveCapacity(index.entries.count)
    var previous: [UInt8] = []  // the parent directory of the previous entry
    var previousExcluded = false  // whether that parent lies in an excluded folder
    for (position, entry) in index.entries.enumerated() {
      let pathBytes = index.path(entry)
      guard let bytes = pathBytes.baseAddress else { continue }
      var parent = pathBytes.count
      while parent > 0 && bytes[parent - 1] != UInt8(ascii: "/") { parent -= 1 }
      parent = max(parent - 1, 0)  // the parent's length, without the slash
      let sameParent =
        parent == previous.count
        && previous.withUnsafeBufferPointer { previous in
          guard let start = previous.baseAddress else { return true }  // both the root
          return memcmp(bytes, start, parent) == 0
        }
      if !sameParent {
        // The directories on the way to the parent that the previous entry was not in,
        // down to the first excluded one.
        var common = 0
        while common < min(parent, previous.count) && bytes[common] == previous[common] { common += 1 }
        previousExcluded = false
        if parent > 0 {
          for end in 1...parent where end == parent || bytes[end] == UInt8(ascii: "/") {
            if let exclusion, exclusion.excludes(UnsafeBufferPointer(start: bytes, count: end)) {
              previousExcluded = true
              break
            }
            let sharedWithPrevious = end <= common && (end == previous.count || previous[end] == UInt8(ascii: "/"))
            if !sharedWithPrevious { directories.append(Directory(firstEntry: position, length: end)) }
          }
        }
        previous.removeAll(keepingCapacity: true)
        previous.append(contentsOf: UnsafeBufferPointer(start: bytes, count: parent))
      }
      if !previousExcluded { files.append(position) }
    }
  }

  /// The path bytes of `directory` (relative to the root; empty for the root).
  func bytes(of directory: Directory, in index: IndexSnapshot) -> UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(rebasing: index.path(index.entries[directory.firstEntry]).prefix(directory.length))
  }

  /// What the kernel says about each planned path.
  struct Stats {
    /// Each directory's modification time, nil where it is gone.
    var directoryTimes: [DirectoryCache.Time?]
    /// Whether each file differs from the index by its stat data, or is gone.
    var fileChanged: [Bool]
  }

  /// Below this many paths one thread stats them all: starting the others costs more
  /// than it saves.
  static let parallelThreshold = 2_000

  /// `fstatat`s every planned path below `rootDirectory`, comparing files with `index`
  /// (written at `indexTime`). A big plan is split into ranges that several threads take
  /// in turn; each writes only its own slots of the answer.
  func stat(_ index: IndexSnapshot, rootDirectory: Int32, indexTime: DirectoryCache.Time) -> Stats {
    var times = [DirectoryCache.Time?](repeating: nil, count: directories.count)
    var changed = [Bool](repeating: false, count: files.count)
    let paths = directories.count + files.count
    // As git's preload: a thread for at least 1,000 paths, and no more than 8 threads.
    let threads = paths < Self.parallelThreshold ? 1 : min(ProcessInfo.processInfo.activeProcessorCount, 8, paths / 1_000)
    let parts = threads <= 1 ? 1 : threads * 4  // several parts per thread, so none waits for a slow one
    times.withUnsafeMutableBufferPointer { times in
      changed.withUnsafeMutableBufferPointer { changed in
        let (times, changed) = (DisjointSlots(buffer: times), DisjointSlots(buffer: changed))
        let run = { @Sendable (part: Int) in
          if part < parts {
            statDirectories(Self.range(part, of: parts, count: directories.count), into: times.buffer, index, rootDirectory)
          } else {
            statFiles(
              Self.range(part - parts, of: parts, count: files.count), into: changed.buffer, index, rootDirectory, indexTime)
          }
        }
        if parts == 1 {
          run(0)
          run(1)
        } else {
          DispatchQueue.concurrentPerform(iterations: 2 * parts, execute: run)
        }
      }
    }
    return Stats(directoryTimes: times, fileChanged: changed)
  }

  /// An answer's storage, shared by the threads of ``stat(_:rootDirectory:indexTime:)``:
  /// each writes only the slots of its own range, and the answer is read after all joined.
  private struct DisjointSlots<Element>: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<Element>
  }

  /// The `part`th of `parts` nearly equal ranges of `0..<count`.
  private static func range(_ part: Int, of parts: Int, count: Int) -> Range<Int> {
    (count * part / parts)..<(count * (part + 1) / parts)
  }

  private func statDirectories(
    _ range: Range<Int>, into times: UnsafeMutableBufferPointer<DirectoryCache.Time?>, _ index: IndexSnapshot,
    _ rootDirectory: Int32
  ) {
    var path: [CChar] = []  // a reusable NUL-terminated copy of a directory's path
    for number in range {
      let bytes = self.bytes(of: directories[number], in: index)
      path.removeAll(keepingCapacity: true)
      if bytes.isEmpty {
        path.append(CChar(UInt8(ascii: ".")))
      } else {
        for byte in bytes { path.append(CChar(bitPattern: byte)) }
      }
      path.append(0)
      var info = Glibc.stat()
      if fstatat(rootDirectory, path, &info, AT_SYMLINK_NOFOLLOW) == 0 { times[number] = DirectoryCache.Time(info.st_mtim) }
    }
  }

  private func statFiles(
    _ range: Range<Int>, into changed: UnsafeMutableBufferPointer<Bool>, _ index: IndexSnapshot, _ rootDirectory: Int32,
    _ indexTime: DirectoryCache.Time
  ) {
    for number in range {
      let entry = index.entries[files[number]]
      var info = Glibc.stat()
      changed[number] =
        fstatat(rootDirectory, index.cPath(entry), &info, AT_SYMLINK_NOFOLLOW) != 0
        || !TrackedScan.matches(info, entry, in: index, indexTime: indexTime)
    }
  }
}
