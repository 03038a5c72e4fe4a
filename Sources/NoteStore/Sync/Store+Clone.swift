import Foundation
import Git

extension Store {
  /// Makes a new device from a remote (`notes clone URL DIR --device NAME`): fetches
  /// every device branch, and starts this device's branch from their merge (or from
  /// this device's own branch there, when it exists). An empty remote gives a new
  /// store whose first sync fills it. On failure nothing is left behind.
  public static func clone(from url: String, at path: String, device: DeviceName, timeout: Double = 60) throws -> Store {
    let root = URL(fileURLWithPath: path).standardizedFileURL.path
    let fileManager = FileManager.default
    var isDirectory: ObjCBool = false
    let existed = fileManager.fileExists(atPath: root, isDirectory: &isDirectory)
    if existed {
      let contents = (try? fileManager.contentsOfDirectory(atPath: root)) ?? []
      guard isDirectory.boolValue && contents.isEmpty else { throw NoteStoreError.storeExists(path: root) }
    }
    do {
      return try makeClone(url: url, root: root, device: device, timeout: timeout)
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

  private static func makeClone(url: String, root: String, device: DeviceName, timeout: Double) throws -> Store {
    let repository: Repository
    do {
      repository = try Repository.create(at: root, initialBranch: "devices/" + device.rawValue)
      try configureNewRepository(repository, device: device)
      try repository.addRemote(name: "origin", url: url, fetchRefspec: fetchRefspec("origin"))
    } catch {
      throw NoteStoreError.repository(operation: "creating the store at \(root)", underlying: error)
    }
    let store = Store(repository: repository, root: root, device: device)
    try store.withWriteLock {
      _ = try repository.fetch(
        remote: "origin", refspecs: [fetchRefspec("origin")], options: TransferOptions(timeout: timeout))
      let own = try repository.referenceTarget("refs/remotes/origin/devices/\(device.rawValue)")
      let others = try store.fetchedDeviceTips(remote: "origin")
      guard var head = own ?? others.first?.tip else {
        try store.writeInitialCommit()
        return
      }
      for (name, _, tip) in others {
        head = try store.integrate(tip: tip, device: name, into: head, policy: try store.conflictPolicy(), allowMassDelete: true).head
      }
      let tree = try store.commitTree(head)
      try store.git("creating \(device.branch)") {
        try repository.updateReference(device.branch, to: head, expecting: nil, logMessage: "notes: clone")
        try repository.checkout(tree: tree, paths: nil, force: true)
      }
      store.refreshQuickLook(everyPackageIn: tree)  // QuickLook (issue 14): every note's previews; never throws
    }
    return store
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
