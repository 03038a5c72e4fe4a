import CLibGit2

/// The objects a push sends, chosen without walking whole trees: each new commit's tree is
/// compared with its parents' trees (``TreeComparison``), and only entries no parent has
/// are sent, recursively. A parent is either new too (its objects are sent, or its own
/// parents have them) or one the remote has (reachable from a reference it advertised),
/// so every object the new commits reach is in the pack or on the remote, as a pack git's
/// `pack-objects --thin` builds for the same push.
///
/// A tree of ``deltaMinimum`` bytes or more goes as a delta against the tree at its path
/// in the first parent, which is built from the comparison itself (copies of the entries
/// both hold, the others literal), not searched for as libgit2's packbuilder does for
/// every pair in its window. When the first parent's tree is not sent, the delta is
/// against an object the remote has (a thin pack, which `git-receive-pack` completes), and
/// only if the server allows thin packs. Chains stop at ``maximumDepth`` (git's default
/// `pack.depth`): the next tree goes as a delta against the object its chain started from,
/// which it differs from by the few entries the chain changed, and a new chain starts
/// there; whole only when that delta is not small. (A whole 400 KB root tree in the middle
/// of a 100-commit push cost `git index-pack` on the remote about 60 ms more CPU than a
/// pack without it.)
final class PushPackPlanner {
  /// How one object goes into the pack.
  enum Content {
    case whole
    case delta(base: ObjectID, bytes: [UInt8])
  }

  struct PlannedObject {
    var id: ObjectID
    var content: Content
  }

  static let deltaMinimum = 4096
  static let maximumDepth = 50

  private let reader: ObjectReader
  private let thin: Bool
  private(set) var objects: [PlannedObject] = []
  private var inPack: Set<ObjectID> = []
  private var depths: [ObjectID: Int] = [:]
  /// The object each delta's chain starts from: a whole tree in the pack, or one the
  /// remote has.
  private var chainStarts: [ObjectID: ObjectID] = [:]
  private var commitTrees: [ObjectID: ObjectID] = [:]
  /// The last few big trees read: a commit's tree is the next commit's base.
  private let recentTrees = RecentCache<ObjectID, LoadedTree>(capacity: 4)

  init(reader: ObjectReader, thin: Bool) {
    self.reader = reader
    self.thin = thin
  }

  /// Adds `commits` (each after its parents that are new too) and what they reach that
  /// their parents do not.
  ///
  /// - Throws: ``GitError`` when an object cannot be read or a tree is malformed.
  func add(commits: [ObjectID]) throws {
    for id in commits where inPack.insert(id).inserted {
      let commit = try reader.commitLinks(id)
      commitTrees[id] = commit.tree
      objects.append(PlannedObject(id: id, content: .whole))
      var bases: [ObjectID] = []
      for parent in commit.parents {
        var tree = commitTrees[parent]
        if tree == nil { tree = try reader.commitLinks(parent).tree }
        if let tree, !bases.contains(tree) { bases.append(tree) }
      }
      try addTree(commit.tree, bases: bases)
    }
  }

  private func addTree(_ id: ObjectID, bases: [ObjectID]) throws {
    guard !bases.contains(id), !inPack.contains(id) else { return }
    inPack.insert(id)
    let target = try tree(id)
    let baseTrees = try bases.map { (base) throws in try tree(base) }
    let wantsDelta =
      target.count >= Self.deltaMinimum && !bases.isEmpty && (thin || inPack.contains(bases[0]))
    let comparison = withExtendedLifetime((target, baseTrees)) {
      TreeComparison(target: target.side, bases: baseTrees.map(\.side), wantsDelta: wantsDelta)
    }
    var content = Content.whole
    if let delta = comparison.delta {
      let base = bases[0]
      let start = chainStarts[base] ?? base
      let depth = (depths[base] ?? 0) + 1
      if depth <= Self.maximumDepth {
        content = .delta(base: base, bytes: delta)
        depths[id] = depth
        chainStarts[id] = start
      } else if let restart = try self.delta(of: target, against: start) {
        content = .delta(base: start, bytes: restart)
        depths[id] = (depths[start] ?? 0) + 1
        chainStarts[id] = start
      }
    }
    objects.append(PlannedObject(id: id, content: content))
    for entry in comparison.newEntries {
      switch entry.kind {
      case .blob:
        if inPack.insert(entry.id).inserted { objects.append(PlannedObject(id: entry.id, content: .whole)) }
      case .tree:
        try addTree(entry.id, bases: entry.bases)
      case .gitlink:
        break
      }
    }
  }

  /// A delta from tree `base` to `target`, or nil when it would not be small.
  private func delta(of target: LoadedTree, against base: ObjectID) throws -> [UInt8]? {
    let baseTree = try tree(base)
    return withExtendedLifetime((target, baseTree)) {
      TreeComparison(target: target.side, bases: [baseTree.side], wantsDelta: true).delta
    }
  }

  /// Tree `id`, from the recent ones when it is there.
  private func tree(_ id: ObjectID) throws -> LoadedTree {
    if let kept = recentTrees[id] { return kept }
    let loaded = try reader.tree(id)
    if loaded.count >= Self.deltaMinimum { recentTrees.keep(loaded, for: id) }
    return loaded
  }
}

/// One tree read for comparison: the object database's copy of its bytes (held here, not
/// copied) and its entries.
final class LoadedTree {
  let id: ObjectID
  private let object: BackendObject
  let list: TreeEntryList

  init(id: ObjectID, object: BackendObject) throws {
    self.id = id
    self.object = object
    guard let list = TreeEntryList(object.bytes) else {
      throw GitError.synthesized(.invalid, .tree, "tree \(id) is malformed", "git_odb_read")
    }
    self.list = list
  }

  var count: Int { object.bytes.count }

  /// The bytes and entries, valid while this object lives.
  var side: TreeComparison.Side { TreeComparison.Side(bytes: object.bytes, list: list) }
}
