import Git

/// Attachments that two devices added to one note under the same name, with different
/// content: both are kept, as `notes attach` keeps a file whose name is taken. One keeps
/// the name, the other gets the next free number (`photo 2.jpg`), so the merge needs no
/// conflict and drops nothing.
///
/// The choice depends only on the two files and the names both sides hold, never on
/// which side is "mine": the file with the smaller blob id keeps the name, and the new
/// names are given in path order from the union of every name the three versions
/// hold. Two devices merging the same tips so write the same tree.
struct AttachmentsAddedOnBothSides {
  /// One attachment path added on both sides.
  struct Addition {
    var path: String
    var mine: TreeEntry
    var theirs: TreeEntry
  }

  private(set) var additions: [Addition] = []

  /// Takes a file added on both sides, when it is an attachment; false otherwise. A
  /// file whose base content both sides moved to the same other name (each gave the
  /// name to a new file: an earlier merge of this rule, with a third device) counts as
  /// added on both sides too.
  mutating func take(
    _ path: String, base: TreeEntry?, mine: TreeEntry?, theirs: TreeEntry?,
    mineFiles: [String: TreeEntry], theirFiles: [String: TreeEntry]
  ) -> Bool {
    guard let mine, let theirs, mine.id != theirs.id, AttachmentNaming.isAttachment(path) else { return false }
    if let base {
      guard base.id != mine.id, base.id != theirs.id else { return false }
      let movedOnMine = mineFiles.filter { $0.key != path && $0.value.id == base.id }.map(\.key)
      let movedOnTheirs = Set(theirFiles.filter { $0.key != path && $0.value.id == base.id }.map(\.key))
      guard movedOnMine.contains(where: movedOnTheirs.contains) else { return false }
    }
    additions.append(Addition(path: path, mine: mine, theirs: theirs))
    return true
  }

  /// The updates to mine's package tree that keep both files of every addition
  /// (``AttachmentNaming/keepingEvery(_:at:taken:)``). `names` are every path (relative
  /// to the package) in the base, mine and theirs.
  func updates(allPaths names: Set<String>) -> [TreeUpdate] {
    var taken = Set(names.filter(AttachmentNaming.isAttachment).map(AttachmentNaming.name(of:)))
    return additions.sorted { $0.path < $1.path }.flatMap { addition in
      AttachmentNaming.keepingEvery([addition.mine, addition.theirs], at: addition.path, taken: &taken)
    }
  }
}
