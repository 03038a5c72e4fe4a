import Foundation

/// A tree compared with the trees at the same path in its commit's parents (its bases):
/// which of its entries no base has (by name and id), and a delta from the first base.
///
/// An entry that a base holds with the same id names an object the base reaches, so a
/// pack that builds on those bases need not carry it; the rest must be sent (a changed
/// subtree is compared in turn with the bases' subtrees of that name).
struct TreeComparison {
  /// An entry no base has with the same id.
  struct NewEntry {
    var id: ObjectID
    var kind: TreeEntryList.Kind
    /// The ids of the bases' trees of the same name (for a tree entry).
    var bases: [ObjectID]
  }

  var newEntries: [NewEntry] = []
  /// The delta from the first base to the tree; nil without a base, or when the delta
  /// would not be less than half the tree.
  var delta: [UInt8]?

  /// One tree, its bytes and parsed entries.
  struct Side {
    let bytes: UnsafeRawBufferPointer
    let list: TreeEntryList
  }

  /// Compares `target` with `bases` (the first of which the delta starts from).
  ///
  /// With one base (a commit that is no merge), the stretches both trees begin and end
  /// with byte for byte are taken whole: a root tree of 10,000 notes that one edit
  /// changed is two `memcmp` calls and a walk over the entries around the edit, and its
  /// delta two copies around them.
  init(target: Side, bases: [Side], wantsDelta: Bool) {
    var writer: DeltaWriter? = wantsDelta && !bases.isEmpty
      ? DeltaWriter(sourceSize: bases[0].bytes.count, targetSize: target.bytes.count) : nil
    if bases.count == 1, let edges = SharedEdges(target: target, base: bases[0]) {
      writer?.copy(from: 0, count: edges.headBytes)
      newEntries = Self.walk(target: edges.targetMiddle, bases: [edges.baseMiddle], writer: &writer)
      writer?.copy(from: edges.baseTailStart, count: edges.tailBytes)
    } else {
      newEntries = Self.walk(target: target, bases: bases, writer: &writer)
    }
    if var writer {
      let finished = writer.finish()
      delta = finished.count < target.bytes.count / 2 ? finished : nil
    }
  }

  /// Walks `target`'s entries beside `bases`' in tree order: the entries no base has, and
  /// the delta's instructions for each entry (a copy of the first base's same entry, or
  /// the entry's bytes).
  private static func walk(target: Side, bases: [Side], writer: inout DeltaWriter?) -> [NewEntry] {
    let targetBytes = target.bytes
    // List 0 is the target, list i + 1 base i.
    let sides = [target] + bases
    var found: [NewEntry] = []
    _ = MergeWalk.walk(
      counts: sides.map(\.list.entries.count),
      compare: { a, b in
        TreeEntryList.order(
          sides[a.list].list.entries[a.index], in: sides[a.list].bytes, sides[b.list].list.entries[b.index],
          in: sides[b.list].bytes)
      }
    ) { positions in
      guard let position = positions[0] else { return true }
      let entry = target.list.entries[position]
      var covered = false
      var subtreeBases: [ObjectID] = []
      var copied = false
      for (index, base) in bases.enumerated() {
        // This base's entry of the same name and kind, if it has one.
        guard let basePosition = positions[index + 1] else { continue }
        let other = base.list.entries[basePosition]
        if TreeEntryList.same(entry, in: targetBytes, other, in: base.bytes) {
          covered = true
          if index == 0, writer != nil {
            writer?.copy(from: Int(other.start), count: other.end - Int(other.start))
            copied = true
          }
        } else if TreeEntryList.id(of: entry, in: targetBytes) == TreeEntryList.id(of: other, in: base.bytes) {
          covered = true
        } else if entry.kind == .tree, other.kind == .tree {
          subtreeBases.append(TreeEntryList.id(of: other, in: base.bytes))
        }
        // The first base, asked first, decides the delta; the rest only until one covers.
        if covered { break }
      }
      if !copied, writer != nil {
        writer?.insert(UnsafeRawBufferPointer(rebasing: targetBytes[Int(entry.start)..<entry.end]))
      }
      if !covered, entry.kind != .gitlink {
        found.append(
          NewEntry(id: TreeEntryList.id(of: entry, in: targetBytes), kind: entry.kind, bases: subtreeBases))
      }
      return true
    }
    return found
  }
}

/// The entries two trees begin and end with byte for byte, and the stretches between them.
/// Equal bytes from a tree's start parse to equal entries in both; at the end, a stretch
/// counts from an offset where both trees have an entry start, so it too parses alike.
struct SharedEdges {
  /// Bytes of the entries both trees begin with.
  let headBytes: Int
  /// Where the entries both trees end with start in the base, and their bytes.
  let baseTailStart: Int
  let tailBytes: Int
  /// The entries between, in each tree (offsets into the whole trees' bytes).
  let targetMiddle: TreeComparison.Side
  let baseMiddle: TreeComparison.Side

  /// Nil when the trees share no edge (the whole walk is as quick).
  init?(target: TreeComparison.Side, base: TreeComparison.Side) {
    let targetEntries = target.list.entries
    let baseEntries = base.list.entries
    guard !targetEntries.isEmpty, !baseEntries.isEmpty else { return nil }
    let targetCount = target.bytes.count
    let baseCount = base.bytes.count
    // Equal bytes at the start, then the entries that lie wholly inside them.
    let prefix = SharedBytes.prefix(target.bytes, base.bytes)
    let head = Self.firstEntry(in: targetEntries, from: 0) { $0.end <= prefix }
    // Equal bytes at the end, not reaching into the head in either tree.
    let headBytes = head == 0 ? 0 : targetEntries[head - 1].end
    let suffix = SharedBytes.suffix(target.bytes, base.bytes, limit: min(targetCount, baseCount) - headBytes)
    // The first target entry inside them whose counterpart offset starts a base entry too.
    var tail = Self.firstEntry(in: targetEntries, from: head) { Int($0.start) < targetCount - suffix }
    var baseTail = baseEntries.count
    while tail < targetEntries.count {
      let offset = Int(targetEntries[tail].start) + baseCount - targetCount
      let index = Self.firstEntry(in: baseEntries, from: head) { Int($0.start) < offset }
      if index < baseEntries.count, Int(baseEntries[index].start) == offset {
        baseTail = index
        break
      }
      tail += 1
    }
    guard head > 0 || tail < targetEntries.count, baseTail >= head, targetEntries.count - tail == baseEntries.count - baseTail
    else { return nil }
    self.headBytes = headBytes
    baseTailStart = baseTail < baseEntries.count ? Int(baseEntries[baseTail].start) : baseCount
    tailBytes = baseCount - baseTailStart
    targetMiddle = TreeComparison.Side(bytes: target.bytes, list: TreeEntryList(entries: Array(targetEntries[head..<tail])))
    baseMiddle = TreeComparison.Side(bytes: base.bytes, list: TreeEntryList(entries: Array(baseEntries[head..<baseTail])))
  }

  /// The first of `entries` from `first` on that is not `before` a point, where `before`
  /// holds for a leading stretch of them (entries are in offset order).
  private static func firstEntry(
    in entries: [TreeEntryList.Entry], from first: Int, before: (TreeEntryList.Entry) -> Bool
  ) -> Int {
    var low = first
    var high = entries.count
    while low < high {
      let middle = (low + high) / 2
      if before(entries[middle]) { low = middle + 1 } else { high = middle }
    }
    return low
  }
}
