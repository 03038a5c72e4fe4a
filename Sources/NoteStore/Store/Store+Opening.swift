import Foundation
import Git

extension Store {
  /// The config key of this store's device name.
  static let deviceKey = "notes.device"

  /// Makes a new store at `path` (created if missing) for `device`, with the device
  /// branch checked out and one commit holding `.notes/format`, `.gitattributes` and
  /// `.gitignore`.
  ///
  /// - Throws: `NoteStoreError.storeExists` when `path` already holds a repository.
  public static func create(at path: String, device: DeviceName) throws -> Store {
    let root = URL(fileURLWithPath: path).standardizedFileURL.path
    let fileManager = FileManager.default
    if fileManager.fileExists(atPath: root + "/.git") { throw NoteStoreError.storeExists(path: root) }
    do {
      try fileManager.createDirectory(atPath: root, withIntermediateDirectories: true)
    } catch {
      throw NoteStoreError.cannotWriteFile(path: root, underlying: error)
    }
    let repository: Repository
    do {
      repository = try Repository.create(at: root, initialBranch: "devices/" + device.rawValue)
      try configureNewRepository(repository, device: device)
    } catch {
      throw NoteStoreError.repository(operation: "creating the store at \(root)", underlying: error)
    }
    let store = Store(repository: repository, root: root, device: device)
    try store.withWriteLock { try store.writeInitialCommit() }
    return store
  }

  /// The local configuration of a new store (`init` or `clone`): its device and
  /// format, Unicode file names as they are.
  static func configureNewRepository(_ repository: Repository, device: DeviceName) throws {
    try repository.setConfig(deviceKey, to: device.rawValue)
    try repository.setConfig("notes.format", to: formatVersion)
    try repository.setConfig("core.precomposeUnicode", to: true)
    try repository.setConfig("core.quotePath", to: false)
    LocalExcludes.ensure(in: repository.gitDirectory)
  }

  /// Opens the store whose working tree is exactly `path`.
  /// - Throws: `NoteStoreError.noStore` or `.notAStore`.
  public static func open(at path: String) throws -> Store {
    let root = URL(fileURLWithPath: path).standardizedFileURL.path
    guard FileManager.default.fileExists(atPath: root + "/.git") else {
      throw NoteStoreError.noStore(path: root)
    }
    let repository: Repository
    do {
      repository = try Repository.open(at: root)
    } catch {
      throw NoteStoreError.notAStore(path: root, reason: "\(error)")
    }
    return try open(repository: repository, root: root)
  }

  /// Opens the store that encloses `path` (the directory itself or a parent).
  public static func discover(from path: String) throws -> Store {
    let start = URL(fileURLWithPath: path).standardizedFileURL.path
    let found: String?
    do {
      found = try Repository.discover(startingAt: start)
    } catch {
      throw NoteStoreError.noStore(path: start)
    }
    guard let root = found else { throw NoteStoreError.noStore(path: start) }
    return try open(at: root)
  }

  private static func open(repository: Repository, root: String) throws -> Store {
    let deviceValue: String?
    let format: String?
    do {
      deviceValue = try repository.configString(deviceKey)
      format = try repository.configString("notes.format")
    } catch {
      throw NoteStoreError.notAStore(path: root, reason: "its configuration cannot be read: \(error)")
    }
    guard let deviceValue else {
      throw NoteStoreError.notAStore(path: root, reason: "no notes.device in .git/config (not made by `notes init`)")
    }
    if let format, let number = Int(format), number > formatVersion {
      throw NoteStoreError.notAStore(
        path: root, reason: "its format \(number) is newer than this notes (\(formatVersion)); update notes")
    }
    let device = try DeviceName(deviceValue)
    LocalExcludes.ensure(in: repository.gitDirectory)
    return Store(repository: repository, root: root, device: device)
  }
}

/// Fixed paths and contents of a store.
enum StoreLayout {
  static let formatPath = ".notes/format"
  static let attributesPath = ".gitattributes"
  static let ignorePath = ".gitignore"
  static let attributesContent = "*.rtf merge=notes-rtf diff=notes-rtf\n"
  /// QuickLook folders at the top and in folders (a pattern with a slash is anchored).
  static let ignoreContent = "*.note/QuickLook/\n**/*.note/QuickLook/\n"
  static let checkoutJournal = "notes-checkout"
}
