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
  init(target: Side, bases: [Side], wantsDelta: Bool) {
    var writer: DeltaWriter? = wantsDelta && !bases.isEmpty
      ? DeltaWriter(sourceSize: bases[0].bytes.count, targetSize: target.bytes.count) : nil
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
    newEntries = found
    if var writer {
      let finished = writer.finish()
      delta = finished.count < target.bytes.count / 2 ? finished : nil
    }
  }
}
