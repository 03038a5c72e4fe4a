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
  var strings: StringTable
  var commits: CommitTable
  var changes: ChangeTable

  /// The base file the index reads in place (nil: everything is in memory).
  let base: HistoryIndexBase?
  /// Positions in `commits` by id, of the commits after the base.
  private(set) var positions: [ObjectID: Int] = [:]
  /// Change indices by path string index, of the changes after the base, in commit order.
  private(set) var changesByPath: [Int: [Int]] = [:]

  /// An index reading `base` in place (empty without one), extended in memory.
  init(base: HistoryIndexBase? = nil) {
    self.base = base
    tips = base?.tips ?? []
    strings = StringTable(base: base)
    commits = CommitTable(base: base)
    changes = ChangeTable(base: base)
  }

  /// Rebuilds the lookup tables of what follows the base after loading.
  mutating func reindex() {
    positions = Dictionary(minimumCapacity: commits.tail.count)
    for (offset, commit) in commits.tail.enumerated() { positions[commit.id] = commits.baseCount + offset }
    changesByPath = [:]
    for (offset, change) in changes.tail.enumerated() {
      let index = changes.baseCount + offset
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

  func position(of id: ObjectID) -> Int? { positions[id] ?? base?.position(of: id) }

  /// The changes that name `path` (as the package or as a rename's source), oldest first.
  func changes(touching path: String) -> [Int] {
    guard let key = strings.existingIndex(of: path) else { return [] }
    return changes(touchingKey: key)
  }

  /// `changes(touching:)` for the path whose string number is `key`.
  func changes(touchingKey key: Int) -> [Int] {
    let inBase = key < strings.baseCount ? base?.postings(of: key) ?? [] : []
    guard let inTail = changesByPath[key] else { return inBase }
    return inBase + inTail
  }

  /// Calls `body` with each of `changes(touchingKey: key)`, in that order, without
  /// making the array.
  func forEachChange(touchingKey key: Int, _ body: (Int) -> Void) {
    if key < strings.baseCount { base?.forEachPosting(of: key, body) }
    changesByPath[key]?.forEach(body)
  }

  /// Every commit reachable from `start` (itself included), as flags by position.
  func reachable(from start: [Int]) -> [Bool] {
    var seen = [Bool](repeating: false, count: commits.count)
    var stack = start
    while let next = stack.popLast() {
      if seen[next] { continue }
      seen[next] = true
      commits.forEachParent(of: next) { parent in if !seen[parent] { stack.append(parent) } }
    }
    return seen
  }

  /// Orders two commits newest first: later date, then higher generation, then id.
  func isNewer(_ a: Int, than b: Int) -> Bool {
    let (x, y) = (commits.date(a), commits.date(b))
    if x != y { return x > y }
    let (g, h) = (commits.generation(a), commits.generation(b))
    if g != h { return g > h }
    return commits[a].id < commits[b].id
  }
}

/// The commits of an index: those in the base file, read in place, then those after it.
struct CommitTable: RandomAccessCollection {
  let base: HistoryIndexBase?
  let baseCount: Int
  private(set) var tail: [HistoryIndex.CommitRecord] = []

  init(base: HistoryIndexBase?) {
    self.base = base
    baseCount = base?.commitCount ?? 0
  }

  var startIndex: Int { 0 }
  var endIndex: Int { baseCount + tail.count }

  subscript(index: Int) -> HistoryIndex.CommitRecord {
    if index >= baseCount { return tail[index - baseCount] }
    return base?.commit(index) ?? tail[index]
  }

  mutating func append(_ commit: HistoryIndex.CommitRecord) { tail.append(commit) }

  func date(_ index: Int) -> Int64 {
    if index >= baseCount { return tail[index - baseCount].date }
    return base?.date(index) ?? 0
  }

  func generation(_ index: Int) -> Int {
    if index >= baseCount { return tail[index - baseCount].generation }
    return base?.generation(index) ?? 0
  }

  func device(_ index: Int) -> Int {
    if index >= baseCount { return tail[index - baseCount].device }
    return base?.device(index) ?? 0
  }

  func forEachParent(of index: Int, _ body: (Int) -> Void) {
    if index >= baseCount {
      for parent in tail[index - baseCount].parents { body(parent) }
    } else {
      base?.forEachParent(of: index, body)
    }
  }
}

/// The changes of an index: those in the base file, read in place, then those after it.
struct ChangeTable: RandomAccessCollection {
  let base: HistoryIndexBase?
  let baseCount: Int
  private(set) var tail: [HistoryIndex.ChangeRecord] = []

  init(base: HistoryIndexBase?) {
    self.base = base
    baseCount = base?.changeCount ?? 0
  }

  var startIndex: Int { 0 }
  var endIndex: Int { baseCount + tail.count }

  subscript(index: Int) -> HistoryIndex.ChangeRecord {
    if index >= baseCount { return tail[index - baseCount] }
    return base?.change(index) ?? tail[index]
  }

  mutating func append(_ change: HistoryIndex.ChangeRecord) { tail.append(change) }

  func commit(_ index: Int) -> Int {
    if index >= baseCount { return tail[index - baseCount].commit }
    return base?.changeCommit(index) ?? 0
  }

  func path(_ index: Int) -> Int {
    if index >= baseCount { return tail[index - baseCount].path }
    return base?.changePath(index) ?? 0
  }
}

/// Interned strings: paths, names, devices and summaries, each stored once: those
/// of the base file (sorted, read in place), then those added after it.
struct StringTable {
  let base: HistoryIndexBase?
  let baseCount: Int
  private(set) var tail: [String] = []
  private var lookup: [String: Int] = [:]

  init(base: HistoryIndexBase? = nil) {
    self.base = base
    baseCount = base?.stringCount ?? 0
  }

  var count: Int { baseCount + tail.count }

  mutating func index(of value: String) -> Int {
    if let known = existingIndex(of: value) { return known }
    lookup[value] = count
    tail.append(value)
    return count - 1
  }

  func existingIndex(of value: String) -> Int? { lookup[value] ?? base?.index(ofString: value) }

  /// `existingIndex(of:)` for strings looked up in sorted order: `hint` is the index
  /// found for the one before (see ``HistoryIndexBase/index(ofString:after:)``).
  func existingIndex(of value: String, after hint: Int) -> Int? {
    // The base first: a string is in the base or after it, never both, and this
    // search is cheaper than hashing the string.
    base?.index(ofString: value, after: hint) ?? lookup[value]
  }

  subscript(index: Int) -> String {
    if index >= baseCount { return index < count ? tail[index - baseCount] : "" }
    return index >= 0 ? base?.string(index) ?? "" : ""
  }
}
