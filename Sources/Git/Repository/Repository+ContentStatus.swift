import CLibGit2
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

extension Repository {
  /// The status of the few paths a stat scan left over, decided here by hashing each
  /// file, instead of by libgit2's status, which reads the whole index (4 MB at 10,000
  /// notes) to answer for one file.
  ///
  /// - Parameters:
  ///   - changed: Tracked files whose stat data differs from the index.
  ///   - untracked: Names the scan found untracked (not ignored).
  /// - Returns: The entries (sorted by path) and the tracked files found unchanged (their
  ///   stat data may be refreshed); nil where libgit2 must answer: content filters, an
  ///   untracked folder, anything but a regular file, an index entry that differs from
  ///   `HEAD` (a change staged by hand), no `HEAD` yet.
  func statusByContent(
    changed: [String], untracked: [String], index: IndexSnapshot, root: String
  ) throws -> (entries: [StatusEntry], unchanged: [String])? {
    guard changed.count + untracked.count <= Self.contentStatusPaths,
      try !hasContentFilters(changed + untracked),
      let head = try referenceTarget("HEAD")
    else { return nil }
    var trees = RawTreeReader(repository: self)
    let rootTree = try commit(head).tree
    var entries: [StatusEntry] = []
    var unchanged: [String] = []
    for path in changed {
      let position = index.lowerBound(Array(path.utf8))
      guard position < index.entries.count, index.path(index.entries[position]).elementsEqual(path.utf8) else { return nil }
      let entry = index.entries[position]
      // The index must hold HEAD's blob here, as a store's does between commands.
      guard let committed = try trees.entry(atPath: path, in: rootTree), committed.id == index.id(entry),
        committed.mode == index.mode(entry)
      else { return nil }
      var info = stat()
      guard lstat(root + "/" + path, &info) == 0 else {
        entries.append(StatusEntry(path: path, kind: .deleted))
        continue
      }
      guard info.st_mode & S_IFMT == S_IFREG else { return nil }
      let mode = info.st_mode & 0o100 != 0 ? FileMode.executable : FileMode.blob
      if try hashFile(root + "/" + path) == committed.id && mode.rawValue == committed.mode {
        unchanged.append(path)
      } else {
        entries.append(StatusEntry(path: path, kind: .modified))
      }
    }
    for path in untracked {
      var info = stat()
      guard lstat(root + "/" + path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
      entries.append(StatusEntry(path: path, kind: .untracked))
    }
    entries.sort { Array($0.path.utf8).lexicographicallyPrecedes(Array($1.path.utf8)) }
    return (entries, unchanged)
  }

  /// Above this many paths, libgit2's status answers.
  static let contentStatusPaths = 32
}

/// Reads entries of trees by path from their raw bytes, each tree read once.
struct RawTreeReader {
  let repository: Repository
  private var trees: [ObjectID: [UInt8]] = [:]

  init(repository: Repository) {
    self.repository = repository
  }

  /// The entry at `path` below the tree `root`; nil when missing (or a file is on the way).
  mutating func entry(atPath path: String, in root: ObjectID) throws -> RawTreeEntries.Entry? {
    var tree = root
    let components = path.split(separator: "/")
    for (position, component) in components.enumerated() {
      guard let bytes = try bytes(of: tree), let entry = RawTreeEntries.entry(named: Array(component.utf8), in: bytes) else {
        return nil
      }
      if position == components.count - 1 { return entry }
      guard entry.mode == FileMode.tree.rawValue else { return nil }
      tree = entry.id
    }
    return nil
  }

  private mutating func bytes(of tree: ObjectID) throws -> [UInt8]? {
    if let known = trees[tree] { return known }
    let (kind, bytes) = try repository.rawObject(tree)
    guard kind == .tree else { return nil }
    trees[tree] = bytes
    return bytes
  }
}
