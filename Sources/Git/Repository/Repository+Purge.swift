import CLibGit2
import Foundation

extension Repository {
  /// Moves every object that neither a reference, `HEAD` nor a reflog entry reaches out of
  /// the object database, into the object folder `quarantine`: everything reachable is written
  /// into one new pack; each old pack that held only reachable objects is deleted, and
  /// each that held more (a fetched pack with a refused branch in it) is moved into
  /// `quarantine`, replacing what an earlier call put there. This is how objects
  /// that were fetched but refused (a hostile tree) leave the store, so `git fsck
  /// --strict`, which reads every object present, finds nothing of them; a push can
  /// still consult them (``useQuarantine(_:)``) to learn what the remote has.
  ///
  /// It rewrites the whole object database, so it is for rare events. Run it while no
  /// other process writes to the repository (hold the app's lock). `.keep` packs stay.
  ///
  /// The corresponding libgit2 functions are `git_packbuilder_insert_walk` and
  /// `git_packbuilder_write`.
  public func purgeUnreachableObjects(quarantine: String) throws {
    let oldPacks = packFiles().filter { !$0.isKept }
    let loose = looseObjects()
    let builder = try OwnedHandle.make(
      "git_packbuilder_new", keepAlive: self, release: { git_packbuilder_free($0) }
    ) { git_packbuilder_new(&$0, pointer) }
    let walk = try OwnedHandle.make(
      "git_revwalk_new", keepAlive: self, release: { git_revwalk_free($0) }
    ) { git_revwalk_new(&$0, pointer) }
    try check(git_revwalk_push_glob(walk.pointer, "refs/*"), "git_revwalk_push_glob")
    if try referenceTarget("HEAD") != nil {
      try check(git_revwalk_push_head(walk.pointer), "git_revwalk_push_head")
    }
    // What the reflogs name stays too, as the automatic pack keeps it (an undone commit,
    // a branch's earlier tips): the refused branch's reference, and its reflog with it,
    // is deleted before this runs, so no reflog names a refused commit. An id that is
    // not a commit or not present cannot be walked and is skipped.
    for id in reflogObjectIDs().sorted() where objectExists(id) {
      var oid = id.raw
      _ = git_revwalk_push(walk.pointer, &oid)
    }
    try check(git_packbuilder_insert_walk(builder.pointer, walk.pointer), "git_packbuilder_insert_walk")
    try check(git_packbuilder_write(builder.pointer, packDirectory, 0, nil, nil), "git_packbuilder_write")
    guard let name = decodeCString(git_packbuilder_name(builder.pointer)) else {
      throw GitError.synthesized(.generic, .odb, "the new pack has no name", "git_packbuilder_name")
    }
    let stem = packDirectory + "/pack-" + name
    for path in [stem + ".pack", stem + ".idx", packDirectory] {
      let file = try FileDescriptor(path: path, flags: O_RDONLY, function: "open")
      try file.sync(path: path)
    }
    let reachable = try PackSet(indexPaths: [stem + ".idx"])
    let quarantinePacks = quarantine + "/pack"
    let files = FileManager.default
    try? files.removeItem(atPath: quarantine)  // what an earlier refusal left: fetched again if still needed
    for pack in oldPacks where pack.stem != stem {
      let objects = try PackSet(indexPaths: [pack.indexPath]).allObjects()
      if objects.allSatisfy({ reachable.contains($0) }) {
        removePack(pack)
        continue
      }
      do {
        try files.createDirectory(atPath: quarantinePacks, withIntermediateDirectories: true)
        let base = (pack.stem as NSString).lastPathComponent
        for suffix in [".pack", ".idx"] {
          try files.moveItem(atPath: pack.stem + suffix, toPath: quarantinePacks + "/" + base + suffix)
        }
        removePack(pack)  // companions (.rev, .bitmap) that were not moved
      } catch {
        throw GitError.synthesized(.generic, .odb, "cannot move \(pack.stem).pack aside: \(error)", "rename")
      }
    }
    // Loose objects now packed go; unreachable loose ones were made here, not fetched.
    for object in loose where reachable.contains(object.id) { unlink(object.path) }
    for directory in Set(loose.map { URL(fileURLWithPath: $0.path).deletingLastPathComponent().path }) {
      rmdir(directory)
    }
    try reopenObjectDatabase()
  }

  /// Forgets every object this process read (libgit2's object cache) and its object
  /// database with any quarantine added by ``useQuarantine(_:)``, and opens the database
  /// again (with ``LooseObjectBackend``). After a read of an object that a later call
  /// must not find (a refused, malformed commit), so that it is really gone.
  ///
  /// The corresponding libgit2 functions are `git_repository__cleanup` and
  /// `git_repository_set_odb`.
  public func dropCachesAndObjectDatabase() throws(GitError) {
    try check(git_repository__cleanup(pointer), "git_repository__cleanup")
    try reopenObjectDatabase()
  }

  /// Lets this process (and only it: nothing is written to `objects/info/alternates`)
  /// read the objects in `quarantine`, when that folder exists. A push needs them to
  /// leave out what a refused remote branch already holds.
  ///
  /// The corresponding libgit2 function is `git_odb_add_disk_alternate`.
  public func useQuarantine(_ quarantine: String) throws {
    guard FileManager.default.fileExists(atPath: quarantine + "/pack") else { return }
    let database = try objectDatabase()
    try check(git_odb_add_disk_alternate(database.pointer, quarantine), "git_odb_add_disk_alternate")
  }
}
