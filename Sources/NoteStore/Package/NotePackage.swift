import Git

/// A note package as committed: `Text.rtf`, `Attachments/`, `QuickLook/` and any
/// other files, which are kept as they are.
struct NotePackage {
  /// The body file's name.
  static let textFileName = "Text.rtf"
  /// The attachments folder's name.
  static let attachmentsFolderName = "Attachments"
  /// The derived QuickLook folder's name.
  static let quickLookFolderName = "QuickLook"

  /// Where the package lives.
  var path: NotePath
  /// The package's tree.
  var tree: ObjectID
  /// The body blob, or nil when the package has no `Text.rtf`.
  var text: ObjectID?
  /// Attachments by name, sorted by name.
  var attachments: [TreeEntry]

  /// Reads the package at `path` from the committed tree `root`, or nil when there is
  /// no package there.
  static func read(_ path: NotePath, inTree root: ObjectID, repository: Repository) throws -> NotePackage? {
    guard let entry = try repository.treeEntry(atPath: path.path, inTree: root), entry.mode == .tree else {
      return nil
    }
    return try read(path, packageTree: entry.id, repository: repository)
  }

  /// Reads the package at `path` whose own tree is `packageTree` (already found by a
  /// scan of its folder, so the root tree is not searched again).
  static func read(_ path: NotePath, packageTree: ObjectID, repository: Repository) throws -> NotePackage {
    let entries = try repository.treeEntries(packageTree)
    let text = entries.first { $0.name == textFileName && $0.mode != .tree }?.id
    var attachments: [TreeEntry] = []
    if let folder = entries.first(where: { $0.name == attachmentsFolderName && $0.mode == .tree }) {
      attachments = try repository.treeEntries(folder.id).filter { $0.mode == .blob || $0.mode == .executable }
    }
    return NotePackage(
      path: path, tree: packageTree, text: text, attachments: attachments.sorted { $0.name < $1.name })
  }
}

/// Finds every note package in a tree: directories named `*.note`, in any folder
/// except hidden ones (`.notes/`, `.git`), not looking inside packages.
struct PackageScanner {
  let repository: Repository

  /// Package paths and their tree ids under `tree`, sorted by path.
  func packages(in tree: ObjectID) throws -> [(path: NotePath, tree: ObjectID)] {
    var found: [(path: NotePath, tree: ObjectID)] = []
    try collectPackages(in: tree, prefix: "", into: &found)
    // One sort of the whole list: the order of the folders' walk does not matter.
    found.sort { $0.path < $1.path }
    return found
  }

  /// Appends the packages under `tree` (whose path is `prefix`) to `found`, unsorted.
  private func collectPackages(
    in tree: ObjectID, prefix: String, into found: inout [(path: NotePath, tree: ObjectID)]
  ) throws {
    // The root (10,000 entries at 10,000 notes) is read whole and kept: the command's
    // later lookups in it (a note by name, the splice of an edit) find it in memory.
    let entries = try repository.treeEntries(tree, keepingTree: prefix.isEmpty)
    for entry in entries where entry.mode == .tree && !entry.name.hasPrefix(".") {
      let path = prefix + entry.name
      if PackageSuffix.isPackageName(entry.name) {
        found.append((NotePath(packagePath: path), entry.id))
      } else {
        try collectPackages(in: entry.id, prefix: path + "/", into: &found)
      }
    }
  }

  /// Package paths whose tree differs between `old` and `new` (added, removed or
  /// changed), skipping folders whose tree ids are equal.
  func changedPackages(from old: ObjectID?, to new: ObjectID?, prefix: String = "") throws -> Set<String> {
    if old == new { return [] }
    let oldEntries = try old.map { try repository.treeEntries($0) } ?? []
    let newEntries = try new.map { try repository.treeEntries($0) } ?? []
    var oldByName: [String: TreeEntry] = [:]
    for entry in oldEntries where entry.mode == .tree && !entry.name.hasPrefix(".") { oldByName[entry.name] = entry }
    var newByName: [String: TreeEntry] = [:]
    for entry in newEntries where entry.mode == .tree && !entry.name.hasPrefix(".") { newByName[entry.name] = entry }
    var changed: Set<String> = []
    for name in Set(oldByName.keys).union(newByName.keys) {
      let before = oldByName[name]?.id
      let after = newByName[name]?.id
      if before == after { continue }
      if name.hasSuffix(NotePath.packageExtension) {
        changed.insert(prefix + name)
      } else {
        changed.formUnion(try changedPackages(from: before, to: after, prefix: prefix + name + "/"))
      }
    }
    return changed
  }
}
