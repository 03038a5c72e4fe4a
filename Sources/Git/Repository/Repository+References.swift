import CLibGit2

extension Repository {
  /// The commit a reference points to, following symbolic references such as `HEAD`;
  /// nil when the reference is missing or its branch is unborn.
  ///
  /// The corresponding libgit2 function is `git_reference_name_to_id`.
  public func referenceTarget(_ name: String) throws -> ObjectID? {
    var oid = git_oid()
    let result = git_reference_name_to_id(&oid, pointer, name)
    if result == GIT_ENOTFOUND.rawValue { return nil }
    try check(result, "git_reference_name_to_id")
    return ObjectID(oid)
  }

  /// Points reference `name` at `id` if, and only if, it currently points at `old`
  /// (nil: only if it does not exist yet). The check happens under the reference's lock, so
  /// this is a compare-and-swap that another process cannot interleave with.
  ///
  /// - Throws: ``GitError`` with code `.modified` when the reference has moved (or exists
  ///   although `old` is nil), `.locked` when another writer holds the lock.
  ///
  /// The corresponding libgit2 function is `git_reference_create_matching`.
  public func updateReference(
    _ name: String, to id: ObjectID, expecting old: ObjectID?, logMessage: String
  ) throws {
    var target = id.raw
    // A zero "current" id means "must not exist yet" to libgit2's ref backend.
    var current = (old ?? .zero).raw
    let reference = try OwnedHandle.make(
      "git_reference_create_matching", keepAlive: self, release: { git_reference_free($0) }
    ) { git_reference_create_matching(&$0, pointer, name, &target, 1, &current, logMessage) }
    _ = consume reference
  }

  /// Deletes reference `name` if, and only if, it points at `old`.
  ///
  /// - Throws: ``GitError`` with code `.modified` when it is missing or points elsewhere.
  ///
  /// The corresponding libgit2 function is `git_reference_delete`.
  public func deleteReference(_ name: String, expecting old: ObjectID) throws {
    var found: OpaquePointer?
    let result = git_reference_lookup(&found, pointer, name)
    if result == GIT_ENOTFOUND.rawValue {
      throw GitError.synthesized(
        .modified, .reference, "reference '\(name)' does not exist", "git_reference_delete")
    }
    try check(result, "git_reference_lookup")
    guard let found else { return }
    let reference = OwnedHandle(found, keepAlive: self, release: { git_reference_free($0) })
    let current = git_reference_target(reference.pointer).map { ObjectID($0) }
    guard current == old else {
      throw GitError.synthesized(
        .modified, .reference,
        "reference '\(name)' points to \(current?.hex ?? "a symbolic target"), expected \(old)",
        "git_reference_delete")
    }
    // libgit2 re-checks the loaded value under the lock before deleting.
    try check(git_reference_delete(reference.pointer), "git_reference_delete")
  }

  /// Every reference whose full name matches `glob` (such as `refs/heads/devices/*`), with the
  /// commit it resolves to, sorted by name. Symbolic references that do not resolve are left out.
  ///
  /// The corresponding libgit2 function is `git_reference_iterator_glob_new`.
  public func references(matching glob: String) throws -> [(name: String, target: ObjectID)] {
    let iterator = try OwnedHandle.make(
      "git_reference_iterator_glob_new", keepAlive: self,
      release: { git_reference_iterator_free($0) }
    ) { git_reference_iterator_glob_new(&$0, pointer, glob) }
    var names: [String] = []
    while true {
      var name: UnsafePointer<CChar>?
      let result = git_reference_next_name(&name, iterator.pointer)
      if result == GIT_ITEROVER.rawValue { break }
      try check(result, "git_reference_next_name")
      if let name { names.append(decodeCString(name)) }
    }
    var found: [(name: String, target: ObjectID)] = []
    for name in names.sorted() {
      if let target = try referenceTarget(name) { found.append((name, target)) }
    }
    return found
  }

  /// Makes `HEAD` a symbolic reference to `referenceName` (which may be unborn).
  ///
  /// The corresponding libgit2 function is `git_repository_set_head`.
  public func setHead(_ referenceName: String) throws {
    try check(git_repository_set_head(pointer, referenceName), "git_repository_set_head")
  }

  /// The reference `HEAD` points to, such as `refs/heads/devices/laptop`, also when that
  /// branch is unborn; nil when `HEAD` is detached.
  ///
  /// The corresponding libgit2 function is `git_reference_symbolic_target`.
  public func headReferenceName() throws -> String? {
    let head = try OwnedHandle.make(
      "git_reference_lookup", keepAlive: self, release: { git_reference_free($0) }
    ) { git_reference_lookup(&$0, pointer, "HEAD") }
    guard git_reference_type(head.pointer) == GIT_REFERENCE_SYMBOLIC else { return nil }
    return decodeCString(git_reference_symbolic_target(head.pointer))
  }
}
