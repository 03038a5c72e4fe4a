import Foundation
import Git

/// The history index in memory: every commit reachable from the tips it covers, oldest
/// first (no commit before its parents), and what each commit did to each note.
///
/// Derived data: it is rebuilt from git whenever it cannot be trusted.
struct HistoryIndex {
  /// One branch tip the index covers.
  struct Tip: Hashable {
    var reference: String
    var commit: ObjectID
  }

  /// One commit.
  struct CommitRecord: Hashable {
    var id: ObjectID
    /// Indices of the parents in `commits`.
    var parents: [Int]
    /// 1 + the largest generation of the parents (1 for a root commit).
    var generation: Int
    /// The author date, in seconds since 1970.
    var date: Int64
    var author: Int
    var device: Int
    var summary: Int
    /// The `Resolution:` trailer, or -1.
    var resolution: Int
  }

  /// What one commit did to one package.
  struct ChangeRecord: Hashable {
    var commit: Int
    var kind: NoteChangeKind
    var path: Int
    /// For a rename, the old path; else -1.
    var from: Int
    /// The package tree after the change (nil: gone).
    var tree: ObjectID?
    /// The package tree before it (the first parent's; nil: absent).
    var previous: ObjectID?
    /// The attachment count after the change.
    var attachments: Int
    /// False for a merge that took one parent's version unchanged.
    var isNewContent: Bool
  }

  var tips: [Tip] = []
  var strings = StringTable()
  var commits: [CommitRecord] = []
  var changes: [ChangeRecord] = []

  /// Positions in `commits` by id, built on demand.
  private(set) var positions: [ObjectID: Int] = [:]
  /// Change indices by path string index, in commit order.
  private(set) var changesByPath: [Int: [Int]] = [:]

  /// Rebuilds the lookup tables after loading or appending.
  mutating func reindex() {
    positions = Dictionary(minimumCapacity: commits.count)
    for (index, commit) in commits.enumerated() { positions[commit.id] = index }
    changesByPath = [:]
    for (index, change) in changes.enumerated() {
      changesByPath[change.path, default: []].append(index)
      if change.from >= 0 { changesByPath[change.from, default: []].append(index) }
    }
  }

  mutating func append(_ commit: CommitRecord) {
    positions[commit.id] = commits.count
    commits.append(commit)
  }

  mutating func append(_ change: ChangeRecord) {
    changesByPath[change.path, default: []].append(changes.count)
    if change.from >= 0 { changesByPath[change.from, default: []].append(changes.count) }
    changes.append(change)
  }

  func position(of id: ObjectID) -> Int? { positions[id] }

  /// The changes that name `path` (as the package or as a rename's source), oldest first.
  func changes(touching path: String) -> [Int] {
    guard let key = strings.existingIndex(of: path) else { return [] }
    return changesByPath[key] ?? []
  }

  /// Every commit reachable from `start` (itself included), as flags by position.
  func reachable(from start: [Int]) -> [Bool] {
    var seen = [Bool](repeating: false, count: commits.count)
    var stack = start
    while let next = stack.popLast() {
      if seen[next] { continue }
      seen[next] = true
      for parent in commits[next].parents where !seen[parent] { stack.append(parent) }
    }
    return seen
  }

  /// Orders two commits newest first: later date, then higher generation, then id.
  func isNewer(_ a: Int, than b: Int) -> Bool {
    let x = commits[a]
    let y = commits[b]
    if x.date != y.date { return x.date > y.date }
    if x.generation != y.generation { return x.generation > y.generation }
    return x.id < y.id
  }
}

/// Interned strings: paths, names, devices and summaries, each stored once.
struct StringTable {
  private(set) var values: [String] = []
  private var lookup: [String: Int] = [:]

  init() {}

  init(values: [String]) {
    self.values = values
    lookup = Dictionary(minimumCapacity: values.count)
    for (index, value) in values.enumerated() where lookup[value] == nil { lookup[value] = index }
  }

  mutating func index(of value: String) -> Int {
    if let known = lookup[value] { return known }
    lookup[value] = values.count
    values.append(value)
    return values.count - 1
  }

  func existingIndex(of value: String) -> Int? { lookup[value] }

  subscript(index: Int) -> String { index >= 0 && index < values.count ? values[index] : "" }
}
