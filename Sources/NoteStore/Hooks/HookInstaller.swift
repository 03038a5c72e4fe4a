import Foundation
import Git

/// What installing one hook did.
public enum HookInstallOutcome: String, Sendable, Hashable, Codable {
  /// The hook was not there and now is.
  case installed
  /// The same hook was already there.
  case unchanged
  /// A different hook was there and `--force` replaced it.
  case replaced
}

/// Why a hook was not installed.
public enum HookInstallError: Error, Sendable, Hashable, CustomStringConvertible {
  /// A different file is in the way; `--force` replaces it.
  case differentHookExists(path: String)
  /// `--server` names something that is not a bare git repository.
  case notABareRepository(path: String)
  /// Writing the hook failed.
  case cannotWrite(path: String, reason: String)

  public var description: String {
    switch self {
    case .differentHookExists(let path):
      return "\(path) already exists and differs from the shipped hook; keep it, or replace it with --force"
    case .notABareRepository(let path):
      return "\(path) is not a bare git repository; give the server's repository, such as /srv/notes.git"
    case .cannotWrite(let path, let reason):
      return "cannot write \(path): \(reason)"
    }
  }
}

/// Puts hooks in place in a hooks folder, never replacing a different file unless forced.
public enum HookInstaller {
  /// Writes `content` to `directory/name`, executable unless the name ends in
  /// `.example` (git's samples are not run either).
  public static func install(
    _ content: String, named name: String, into directory: String, force: Bool
  ) throws -> HookInstallOutcome {
    let path = directory + "/" + name
    let data = Data(content.utf8)
    let fileManager = FileManager.default
    var outcome = HookInstallOutcome.installed
    if let existing = fileManager.contents(atPath: path) {
      if existing == data { return .unchanged }
      guard force else { throw HookInstallError.differentHookExists(path: path) }
      outcome = .replaced
    }
    do {
      try fileManager.createDirectory(atPath: directory, withIntermediateDirectories: true)
      try data.write(to: URL(fileURLWithPath: path), options: .atomic)
      let mode = name.hasSuffix(".example") ? 0o644 : 0o755
      try fileManager.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
    } catch {
      throw HookInstallError.cannotWrite(path: path, reason: error.localizedDescription)
    }
    return outcome
  }

  /// The hooks folder of the bare repository at `path`: its `core.hooksPath`, else
  /// `hooks/` inside it.
  ///
  /// - Throws: `HookInstallError.notABareRepository` when `path` is not one.
  public static func hooksDirectory(ofBareRepository path: String) throws -> String {
    let repository: Repository
    do {
      repository = try Repository.open(at: path)
    } catch {
      throw HookInstallError.notABareRepository(path: path)
    }
    guard repository.isBare else { throw HookInstallError.notABareRepository(path: path) }
    let configured = try repository.configString("core.hooksPath")
    return HookRunner.hooksDirectory(
      configured: configured, gitDirectory: repository.gitDirectory, workingDirectory: repository.gitDirectory)
  }
}
