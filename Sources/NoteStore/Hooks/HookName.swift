/// A hook NoteStore runs, with git's name and meaning (githooks(5)), plus its own
/// `post-sync`.
public enum HookName: String, Sendable, Hashable, CaseIterable, Codable {
  /// Before a commit is made; GIT_INDEX_FILE holds the tree about to be committed.
  case preCommit = "pre-commit"
  /// Before a merge commit is made (sync), as `git merge` runs it.
  case preMergeCommit = "pre-merge-commit"
  /// May edit the message file (argument 1) before commit-msg; argument 2 is
  /// `message` for a commit, `merge` for a merge commit.
  case prepareCommitMessage = "prepare-commit-msg"
  /// May check or edit the message file (argument 1).
  case commitMessage = "commit-msg"
  /// After a commit; cannot undo it.
  case postCommit = "post-commit"
  /// After sync merged or fast-forwarded the device branch; argument 1 is `0`.
  case postMerge = "post-merge"
  /// Before pushing; arguments remote name and URL, the pushed refs on stdin.
  case prePush = "pre-push"
  /// NoteStore's own: after a sync, with the sync report as JSON on stdin.
  case postSync = "post-sync"

  /// Whether a non-zero exit stops the operation (all but the post- hooks).
  public var canRefuse: Bool {
    switch self {
    case .postCommit, .postMerge, .postSync: false
    default: true
    }
  }

  /// Whether `--no-verify` skips it, as git's does: pre-commit and commit-msg for a
  /// commit, pre-merge-commit and commit-msg for a merge, pre-push for a push.
  public var isVerification: Bool {
    switch self {
    case .preCommit, .preMergeCommit, .commitMessage, .prePush: true
    default: false
    }
  }
}
