import Foundation
import Git

extension Store {
  /// Makes a new device from a remote (`notes clone URL DIR --device NAME`): fetches
  /// every device branch, and starts this device's branch from their merge (or from
  /// this device's own branch there, when it exists). An empty remote gives a new
  /// store whose first sync fills it. On failure nothing is left behind.
  ///
  /// - Parameters:
  ///   - onWarning: told about devices whose history was left out because it breaks
  ///     a rule on trees (unless `onRejected` is given).
  ///   - onRejected: given each device's changes left out, and why.
  ///   - progress: told how the transfer goes.
  ///   - onQuickLookBacklog: the new store's ``onQuickLookBacklog``, set before the
  ///     checkout renders previews.
  public static func clone(
    from url: String, at path: String, device: DeviceName, timeout: Double = 60,
    onWarning: ((String) -> Void)? = nil, progress: (@Sendable (WorkProgress) -> Void)? = nil,
    onQuickLookBacklog: ((Int) -> Void)? = nil, onRejected: ((RejectedChange) -> Void)? = nil
  ) throws -> Store {
    let url = try RemoteURL.normalized(url)
    let root = URL(fileURLWithPath: path).standardizedFileURL.path
    let fileManager = FileManager.default
    var isDirectory: ObjCBool = false
    let existed = fileManager.fileExists(atPath: root, isDirectory: &isDirectory)
    if existed {
      let contents = (try? fileManager.contentsOfDirectory(atPath: root)) ?? []
      guard isDirectory.boolValue && contents.isEmpty else { throw NoteStoreError.storeExists(path: root) }
    }
    do {
      return try makeClone(
        url: url, root: root, device: device, timeout: timeout, onWarning: onWarning, progress: progress,
        onQuickLookBacklog: onQuickLookBacklog, onRejected: onRejected)
    } catch {
      if existed {
        for item in (try? fileManager.contentsOfDirectory(atPath: root)) ?? [] {
          try? fileManager.removeItem(atPath: root + "/" + item)
        }
      } else {
        try? fileManager.removeItem(atPath: root)
      }
      throw error
    }
  }

  private static func makeClone(
    url: String, root: String, device: DeviceName, timeout: Double, onWarning: ((String) -> Void)?,
    progress: (@Sendable (WorkProgress) -> Void)?, onQuickLookBacklog: ((Int) -> Void)?,
    onRejected: ((RejectedChange) -> Void)?
  ) throws -> Store {
    let repository: Repository
    do {
      repository = try Repository.create(at: root, initialBranch: "devices/" + device.rawValue)
      try configureNewRepository(repository, device: device)
      try repository.addRemote(name: "origin", url: url, fetchRefspec: fetchRefspec("origin"))
    } catch {
      throw NoteStoreError.repository(operation: "creating the store at \(root)", underlying: error)
    }
    let store = Store(repository: repository, root: root, device: device)
    store.onWarning = onWarning
    store.onQuickLookBacklog = onQuickLookBacklog
    try store.withWriteLock {
      let transfer = WorkProgress.transferOptions(timeout: timeout, observe: progress)
      let refused = try store.fetchDeviceBranches(from: "origin", transfer: transfer)
      for rejected in refused {
        if rejected.device == device.rawValue { throw NoteStoreError.untrustedTreeFromRejection(rejected) }
        if let onRejected { onRejected(rejected) } else { store.warn(rejected.reason) }
      }
      // A new store's record starts with what its first fetch refused.
      store.recordRefusals(refused, fetched: ["origin"], merged: [])
      try store.adoptFetchedBranches()
    }
    return store
  }

  /// Starts this device's branch from what a clone fetched (and vetted): this
  /// device's own branch there when it exists, merged with every other device. A
  /// device whose history failed the checks is gone already, with a warning; the first
  /// sync reports it again. Nothing fetched: a new store's first commit.
  private func adoptFetchedBranches() throws {
    let own = try git("reading the fetched branches") {
      try repository.referenceTarget("refs/remotes/origin/devices/\(device.rawValue)")
    }
    let fetched = try fetchedDeviceTips(remote: "origin")
    var head = own ?? fetched.first?.tip
    if let start = head {
      // Every other device in one merge commit at most, as a sync joins them.
      let others = fetched.filter { $0.tip != start }
      head = try integrate(
        tips: others.map(\.tip), devices: others.map(\.device), into: start, policy: try conflictPolicy()
      ).head
    }
    guard let head else {
      try writeInitialCommit()
      return
    }
    try branchWriter.move(
      BranchMove(
        expected: nil, commit: head, oldTree: nil, newTree: try commitTree(head), checkout: .whole, origin: .clone,
        summary: "clone"))
  }

  /// The first commit of a new store: `.notes/format`, `.gitattributes`,
  /// `.gitignore`. Call with the lock held.
  func writeInitialCommit() throws {
    let files: [(String, String)] = [
      (StoreLayout.formatPath, "\(Store.formatVersion)\n"),
      (StoreLayout.attributesPath, StoreLayout.attributesContent),
      (StoreLayout.ignorePath, StoreLayout.ignoreContent),
    ]
    var updates: [TreeUpdate] = []
    for (path, content) in files {
      let id = try git("writing \(path)") { try repository.createBlob(Array(content.utf8)) }
      updates.append(.upsert(path: path, id: id, mode: .blob))
    }
    try commitChange(
      updates, message: CommitMessage(summary: "Create store", device: device), checkoutPaths: files.map(\.0))
  }
}
