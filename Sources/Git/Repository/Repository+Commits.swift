import CLibGit2

extension Repository {
  /// Writes a commit object and returns its id. No reference moves: publish it with
  /// ``updateReference(_:to:expecting:logMessage:)``.
  ///
  /// - Throws: ``GitError`` when the tree or a parent is missing or not of the right type.
  ///
  /// The corresponding libgit2 function is `git_commit_create_from_ids`.
  public func createCommit(
    tree: ObjectID, parents: [ObjectID], message: String, author: Signature, committer: Signature
  ) throws -> ObjectID {
    let authorHandle = try SignatureHandle(author)
    let committerHandle = try SignatureHandle(committer)
    var treeID = tree.raw
    var parentIDs = parents.map(\.raw)
    var out = git_oid()
    let result = parentIDs.withUnsafeMutableBufferPointer { buffer in
      var pointers: [UnsafePointer<git_oid>?] =
        buffer.baseAddress.map { base in buffer.indices.map { UnsafePointer(base + $0) } } ?? []
      return git_commit_create_from_ids(
        &out, pointer, nil, authorHandle.pointer, committerHandle.pointer, nil, message, &treeID,
        pointers.count, &pointers)
    }
    try check(result, "git_commit_create_from_ids")
    return ObjectID(out)
  }

  /// The commit `id`, copied into a value.
  ///
  /// - Throws: ``GitError`` with code `.notFound` when there is no such commit.
  ///
  /// The corresponding libgit2 function is `git_commit_lookup`.
  public func commit(_ id: ObjectID) throws -> Commit {
    let handle = try lookupCommit(id)
    let commit = handle.pointer
    // All borrowed pointers below belong to the commit, alive while `handle` is.
    let parents = (0..<git_commit_parentcount(commit)).compactMap { index in
      git_commit_parent_id(commit, index).map { ObjectID($0) }
    }
    guard let author = git_commit_author(commit), let committer = git_commit_committer(commit),
      let tree = git_commit_tree_id(commit)
    else {
      throw GitError.synthesized(.invalid, .object, "commit \(id) is malformed", "git_commit_lookup")
    }
    let message = decodeCString(git_commit_message(commit)) ?? ""
    return Commit(
      id: id, tree: ObjectID(tree), parents: parents, author: Signature(author),
      committer: Signature(committer), message: message,
      summary: decodeCString(git_commit_summary(commit)) ?? "",
      trailers: try Self.trailers(of: message))
  }

  /// Whether the object database holds `id` (any type).
  ///
  /// The corresponding libgit2 function is `git_odb_exists`.
  public func objectExists(_ id: ObjectID) -> Bool {
    guard let database = try? objectDatabase() else { return false }
    var oid = id.raw
    return git_odb_exists(database.pointer, &oid) == 1
  }

  /// The trailer block of a commit message, parsed as git does.
  ///
  /// The corresponding libgit2 function is `git_message_trailers`.
  static func trailers(of message: String) throws(GitError) -> [Trailer] {
    var array = git_message_trailer_array()
    defer { git_message_trailer_array_free(&array) }
    try check(git_message_trailers(&array, message), "git_message_trailers")
    guard let items = array.trailers else { return [] }
    return (0..<array.count).map { index in
      Trailer(
        key: decodeCString(items[index].key) ?? "", value: decodeCString(items[index].value) ?? "")
    }
  }
}
