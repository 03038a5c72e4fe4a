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
    var cursors = [Int](repeating: 0, count: bases.count)
    var writer: DeltaWriter? = wantsDelta && !bases.isEmpty
      ? DeltaWriter(sourceSize: bases[0].bytes.count, targetSize: target.bytes.count) : nil
    let targetBytes = target.bytes
    for entry in target.list.entries {
      var covered = false
      var subtreeBases: [ObjectID] = []
      var copied = false
      for (index, base) in bases.enumerated() {
        // Advance this base to the first entry not before `entry` in git's order.
        let baseEntries = base.list.entries
        var cursor = cursors[index]
        while cursor < baseEntries.count,
          TreeEntryList.order(baseEntries[cursor], in: base.bytes, entry, in: targetBytes) < 0
        {
          cursor += 1
        }
        cursors[index] = cursor
        guard cursor < baseEntries.count else { continue }
        let other = baseEntries[cursor]
        guard TreeEntryList.order(other, in: base.bytes, entry, in: targetBytes) == 0 else { continue }
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
        newEntries.append(
          NewEntry(id: TreeEntryList.id(of: entry, in: targetBytes), kind: entry.kind, bases: subtreeBases))
      }
    }
    if var writer {
      let finished = writer.finish()
      delta = finished.count < target.bytes.count / 2 ? finished : nil
    }
  }
}
