import Foundation
import Git

// The store's side of the hooks (DESIGN §8): one function per moment a branch moves,
// called with one line (marked `// hooks:`) from the code that moves it.
extension Store {
  /// The runner for this store's hooks, refusing hooks tracked in the current commit
  /// or in `pendingTree`.
  func hookRunner(pendingTree: ObjectID? = nil) throws -> HookRunner {
    let configuredPath = try git("reading core.hooksPath") { try repository.configString("core.hooksPath") }
    let configuredTimeout = try git("reading \(HookRunner.timeoutKey)") { try repository.configString(HookRunner.timeoutKey) }
    let head = try headTree()
    let store = repository
    return HookRunner(
      gitDirectory: gitDirectory, workingDirectory: root,
      hooksDirectory: HookRunner.hooksDirectory(configured: configuredPath, gitDirectory: gitDirectory, workingDirectory: root),
      timeout: try HookRunner.timeout(configured: configuredTimeout), settings: hooks,
      isTracked: { path in
        for tree in [head, pendingTree].compactMap({ $0 }) where try store.treeEntry(atPath: path, inTree: tree) != nil {
          return true
        }
        return false
      })
  }

  /// Runs `pre-commit`, `prepare-commit-msg` and `commit-msg` for a commit of `tree`
  /// with `message`, before anything references the commit, as `git commit -m` does:
  /// GIT_INDEX_FILE names a temporary index holding `tree` (so `git diff --cached`
  /// and `git ls-files` see what is about to be committed) and the message hooks read
  /// and may edit `.git/COMMIT_EDITMSG`.
  ///
  /// - Returns: the message to commit (the hooks' edit, tidied as git tidies it).
  /// - Throws: `HookError` when a hook refuses: then nothing has changed.
  func runCommitHooks(tree: ObjectID, message: CommitMessage) throws -> String {
    try runMessageHooks(
      pre: .preCommit, tree: tree, text: message.text, messageFile: "COMMIT_EDITMSG", source: "message",
      keepsMessageFile: true)
  }

  /// Runs `pre-merge-commit`, `prepare-commit-msg` (source `merge`) and `commit-msg`
  /// for a merge commit of `tree` that sync is about to make, as `git merge` does for
  /// a merge commit; a fast-forward makes no commit and runs none of them.
  ///
  /// - Returns: the message to commit.
  /// - Throws: `HookError` when a hook refuses: the sync then stops before the branch
  ///   moves.
  func runMergeCommitHooks(tree: ObjectID, message: CommitMessage) throws -> String {
    try runMessageHooks(
      pre: .preMergeCommit, tree: tree, text: message.text, messageFile: "MERGE_MSG", source: "merge",
      keepsMessageFile: false)
  }

  /// Runs `pre-commit` on a tree a sync is about to adopt — another device's changes,
  /// by a merge or a fast-forward — with GIT_INDEX_FILE naming a temporary index of it,
  /// so a hook that validates packages (the shipped one runs `notes verify --staged`)
  /// guards what arrives as well as what is written here. git's own merge runs no
  /// pre-commit; NoteStore does, because a sync changes the store as surely as a write.
  ///
  /// - Throws: `HookError` when the hook refuses: the sync then stops before the
  ///   branch moves.
  func runAdoptionHook(tree: ObjectID) throws {
    let runner = try hookRunner(pendingTree: tree)
    guard try runner.isPresent(.preCommit) else { return }
    try withHookIndex(of: tree) { environment in
      try runner.run(.preCommit, environment: environment)
    }
  }

  private func runMessageHooks(
    pre: HookName, tree: ObjectID, text: String, messageFile: String, source: String, keepsMessageFile: Bool
  ) throws -> String {
    let runner = try hookRunner(pendingTree: tree)
    let editors: [HookName] = [.prepareCommitMessage, .commitMessage]
    guard try ([pre] + editors).contains(where: { try runner.isPresent($0) }) else { return text }
    return try withHookIndex(of: tree) { environment in
      try runner.run(pre, environment: environment)
      return try runMessageEditors(
        runner: runner, editors: editors, environment: environment, text: text,
        messageFile: messageFile, source: source, keepsMessageFile: keepsMessageFile)
    }
  }

  /// Runs `prepare-commit-msg` and `commit-msg` on the message in `messageFile`;
  /// returns the message they leave, cleaned as git cleans it.
  private func runMessageEditors(
    runner: HookRunner, editors: [HookName], environment: [String: String], text: String,
    messageFile: String, source: String, keepsMessageFile: Bool
  ) throws -> String {
    guard try editors.contains(where: { try runner.isPresent($0) }) else { return text }
    let file = gitDirectory + "/" + messageFile
    defer { if !keepsMessageFile { try? FileManager.default.removeItem(atPath: file) } }
    do {
      try Data(text.utf8).write(to: URL(fileURLWithPath: file))
    } catch {
      throw HookError.cannotPrepare(file: file, reason: "\(error)")
    }
    try runner.run(.prepareCommitMessage, arguments: [file, source], environment: environment)
    try runner.run(.commitMessage, arguments: [file], environment: environment)
    guard let data = FileManager.default.contents(atPath: file) else {
      throw HookError.cannotPrepare(file: file, reason: "the message hooks removed it")
    }
    let edited = String(decoding: data, as: UTF8.self)
    if edited == text { return text }
    let cleaned = HookMessage.cleaned(edited)
    if cleaned.isEmpty { throw HookError.emptyMessage(hook: .commitMessage) }
    return cleaned
  }

  /// Writes `tree` to a temporary index and runs `body` with the environment that
  /// points a hook at it (`GIT_INDEX_FILE`, and `GIT_EDITOR=:`); removes it after.
  @discardableResult
  private func withHookIndex<T>(of tree: ObjectID, _ body: ([String: String]) throws -> T) throws -> T {
    removeStaleHookIndexes()
    let index = gitDirectory + "/\(Store.hookIndexPrefix)\(getpid())"
    defer { try? FileManager.default.removeItem(atPath: index) }
    do {
      try repository.writeIndexFile(of: tree, to: index)
    } catch {
      throw HookError.cannotPrepare(file: index, reason: "\(error)")
    }
    return try body(["GIT_INDEX_FILE": index, "GIT_EDITOR": ":"])
  }

  /// The temporary indexes for commit hooks are `.git/notes-hook-index-<pid>`.
  static let hookIndexPrefix = "notes-hook-index-"

  /// Removes temporary hook indexes a killed writer left behind: with the store lock
  /// held, no other writer is using one.
  private func removeStaleHookIndexes() {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: gitDirectory)) ?? []
    for name in names where name.hasPrefix(Store.hookIndexPrefix) {
      try? FileManager.default.removeItem(atPath: gitDirectory + "/" + name)
    }
  }

  /// Runs `post-commit` after a commit moved the branch; a failure is a warning.
  func runPostCommitHook() {
    runPostHook(.postCommit, arguments: [])
  }

  /// Runs `post-merge` (argument `0`: not a squash) after sync merged or fast-forwarded
  /// the branch and checked out the result; a failure is a warning.
  func runPostMergeHook() {
    runPostHook(.postMerge, arguments: ["0"])
  }

  /// Runs `pre-push` before pushing the device branch to `remote`, with git's
  /// arguments (remote name and URL) and one stdin line per updated ref:
  /// `<local ref> <local oid> <remote ref> <remote oid>` (zeros for a ref the remote
  /// does not have yet). Nothing runs when there is nothing to push.
  ///
  /// - Throws: `HookError` when the hook refuses: that remote is not pushed to.
  func runPrePushHook(remote: String) throws {
    let branch = device.branch
    guard let local = try headCommit() else { return }
    let tracking = try repository.referenceTarget("refs/remotes/\(remote)/devices/\(device.rawValue)")
    guard tracking != local else { return }
    let url = try repository.remotes().first { $0.name == remote }?.url ?? remote
    let zeros = String(repeating: "0", count: local.hex.count)
    let line = "\(branch) \(local.hex) \(branch) \(tracking?.hex ?? zeros)\n"
    try hookRunner().run(.prePush, arguments: [remote, url], input: Array(line.utf8))
  }

  /// Runs `post-sync` after a sync, with the sync report on stdin as the JSON that
  /// `notes sync --json` prints; a failure is a warning.
  func runPostSyncHook(_ report: SyncReport) {
    do {
      let json: String
      if let encode = hooks.encodeSyncReport {
        json = try encode(report)
      } else {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        json = String(decoding: try encoder.encode(report), as: UTF8.self)
      }
      try hookRunner().run(.postSync, input: Array((json + "\n").utf8))
    } catch {
      hooks.show("warning: the post-sync hook was not run: \(error)\n")
    }
  }

  private func runPostHook(_ hook: HookName, arguments: [String]) {
    do {
      try hookRunner().run(hook, arguments: arguments)
    } catch {
      hooks.show("warning: the \(hook.rawValue) hook was not run: \(error)\n")
    }
  }
}
