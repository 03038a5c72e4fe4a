import CLibGit2

extension Repository {
  /// How the working directory differs from `HEAD` (index and working directory combined),
  /// sorted by path. Untracked directories are listed file by file. Renames are detected
  /// between `HEAD` and the index only.
  ///
  /// - Parameters:
  ///   - includeUntracked: Whether to list files that are in the working directory only.
  ///   - paths: Only these files or directories (matched literally, a directory covering
  ///     everything below it), so a question about one note does not scan the whole tree;
  ///     nil for everything.
  ///
  /// The corresponding libgit2 function is `git_status_list_new`.
  public func status(includeUntracked: Bool = true, paths: [String]? = nil) throws -> [StatusEntry] {
    var options = git_status_options()
    try check(
      git_status_options_init(&options, UInt32(GIT_STATUS_OPTIONS_VERSION)), "git_status_options_init")
    options.show = GIT_STATUS_SHOW_INDEX_AND_WORKDIR
    var flags = GIT_STATUS_OPT_RENAMES_HEAD_TO_INDEX.rawValue
      | GIT_STATUS_OPT_SORT_CASE_SENSITIVELY.rawValue | GIT_STATUS_OPT_EXCLUDE_SUBMODULES.rawValue
    if includeUntracked {
      flags |= GIT_STATUS_OPT_INCLUDE_UNTRACKED.rawValue | GIT_STATUS_OPT_RECURSE_UNTRACKED_DIRS.rawValue
    }
    if paths != nil { flags |= GIT_STATUS_OPT_DISABLE_PATHSPEC_MATCH.rawValue }
    options.flags = flags
    let entries: [StatusEntry] = try withStrArray(paths ?? []) { array throws(GitError) in
      if paths != nil { options.pathspec = array.pointee }
      let list = try OwnedHandle.make(
        "git_status_list_new", keepAlive: self, release: { git_status_list_free($0) }
      ) { git_status_list_new(&$0, pointer, &options) }
      var entries: [StatusEntry] = []
      for index in 0..<git_status_list_entrycount(list.pointer) {
        // Borrowed from the list, alive while `list` is.
        guard let raw = git_status_byindex(list.pointer, index)?.pointee,
          let entry = Self.statusEntry(raw)
        else { continue }
        entries.append(entry)
      }
      return entries
    }
    return entries.sorted { Array($0.path.utf8).lexicographicallyPrecedes(Array($1.path.utf8)) }
  }

  private static func statusEntry(_ raw: git_status_entry) -> StatusEntry? {
    let status = raw.status.rawValue
    func has(_ flag: git_status_t) -> Bool { status & flag.rawValue != 0 }
    let staged = raw.head_to_index?.pointee
    let unstaged = raw.index_to_workdir?.pointee
    let newPath = decodeCString(unstaged?.new_file.path) ?? decodeCString(staged?.new_file.path)
    guard let path = newPath else { return nil }
    // Added to the index, then deleted from the working directory: nothing relative to HEAD.
    if has(GIT_STATUS_INDEX_NEW) && has(GIT_STATUS_WT_DELETED) { return nil }
    let kind: StatusEntry.Kind
    if has(GIT_STATUS_CONFLICTED) {
      kind = .conflicted
    } else if has(GIT_STATUS_INDEX_RENAMED) {
      let oldPath = decodeCString(staged?.old_file.path)
      // Renamed in the index, then deleted from the working directory: HEAD's file is gone.
      if has(GIT_STATUS_WT_DELETED) { return StatusEntry(path: oldPath ?? path, kind: .deleted) }
      return StatusEntry(path: path, kind: .renamed, oldPath: oldPath)
    } else if has(GIT_STATUS_INDEX_DELETED) || has(GIT_STATUS_WT_DELETED) {
      kind = .deleted
    } else if has(GIT_STATUS_INDEX_NEW) {
      kind = .added
    } else if has(GIT_STATUS_WT_NEW) {
      kind = .untracked
    } else if has(GIT_STATUS_INDEX_TYPECHANGE) || has(GIT_STATUS_WT_TYPECHANGE) {
      kind = .typeChanged
    } else if has(GIT_STATUS_INDEX_MODIFIED) || has(GIT_STATUS_WT_MODIFIED) || has(GIT_STATUS_WT_RENAMED) {
      kind = .modified
    } else {
      return nil  // ignored or unreadable: not a change relative to HEAD
    }
    return StatusEntry(path: path, kind: kind)
  }
}
