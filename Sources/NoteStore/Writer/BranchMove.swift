import Git

/// One move of this device's branch, as the ``BranchWriter`` carries it out.
struct BranchMove {
  /// Where the commit came from, which decides the checks it gets.
  enum Origin {
    /// A commit this device made from the user's own change.
    case local
    /// A merge or fast-forward of other devices' commits.
    case sync
    /// The first checkout of a new device made from a remote.
    case clone
  }

  /// What of the working tree the move brings up to date.
  enum Checkout {
    /// These paths (packages and files), as they are in the new tree.
    case paths([String])
    /// The whole tree (a new store).
    case whole
  }

  /// The commit the branch must point at now (nil: the branch must not exist yet).
  var expected: ObjectID?
  /// The commit it moves to.
  var commit: ObjectID
  /// The tree of `expected`, nil for none.
  var oldTree: ObjectID?
  /// The tree of `commit`.
  var newTree: ObjectID
  /// The working-tree paths to update.
  var checkout: Checkout
  /// Files copied into the working tree by streaming, not checked out.
  var copies: [FileCopy] = []
  /// Where the commit came from.
  var origin: Origin
  /// The reflog line.
  var summary: String
  /// The packages the move changes, when the caller knows them already (a commit
  /// knows its updates, a sync its diff); nil makes the writer diff the two trees.
  var changedPackages: [String]? = nil
}

/// A file that goes into the working tree by a streamed copy instead of a checkout.
struct FileCopy {
  /// The path in the store.
  var path: String
  /// The file to copy (the user's original).
  var source: String
  /// The blob made from it.
  var blob: ObjectID
}
