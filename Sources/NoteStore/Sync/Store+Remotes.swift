import Foundation
import Git

extension Store {
  /// The fetch refspec for a remote: every device branch, under
  /// `refs/remotes/<remote>/devices/`.
  static func fetchRefspec(_ remote: String) -> String {
    "+refs/heads/devices/*:refs/remotes/\(remote)/devices/*"
  }

  /// The remotes, sorted by name, passwords hidden.
  public func remotes() throws -> [RemoteSummary] {
    try git("reading remotes") { try repository.remotes() }.map {
      RemoteSummary(name: $0.name, url: RemoteURL.redacted($0.url))
    }
  }

  /// Adds a remote (`notes remote add`).
  /// - Returns: a warning when the URL holds a password, which `.git/config` keeps
  ///   in plain text; nil otherwise.
  @discardableResult
  public func addRemote(name: String, url: String) throws -> String? {
    try RemoteURL.validateName(name)
    try withWriteLock {
      if try git("reading remotes", { try repository.remotes() }).contains(where: { $0.name == name }) {
        throw NoteStoreError.remoteExists(name)
      }
      let stored = try RemoteURL.normalized(url, mustExist: false)
      try git("adding remote \(name)") {
        try repository.addRemote(name: name, url: stored, fetchRefspec: Store.fetchRefspec(name))
      }
    }
    return RemoteURL.hasPassword(url)
      ? "the URL of \(name) holds a password, which .git/config keeps in plain text; prefer a credential helper"
      : nil
  }

  /// Removes a remote and its fetched branches (`notes remote remove`); local notes
  /// stay.
  public func removeRemote(name: String) throws {
    try withWriteLock {
      guard try git("reading remotes", { try repository.remotes() }).contains(where: { $0.name == name }) else {
        throw NoteStoreError.noSuchRemote(name, available: try remotes().map(\.name))
      }
      try git("removing remote \(name)") { try repository.removeRemote(name: name) }
      // Its refusals are dropped with it: a device refused there is no concern now.
      recordRefusals([], fetched: [], merged: [])
    }
  }
}

/// Remote URLs: names, passwords, local paths.
enum RemoteURL {
  /// Whether git reads `url` as a local path rather than `scheme://…` or scp-like
  /// `host:path`: no colon, or a slash before the first colon (git's
  /// `url_is_local_not_ssh`).
  static func isLocalPath(_ url: String) -> Bool {
    if url.contains("://") { return false }
    guard let colon = url.firstIndex(of: ":") else { return true }
    guard let slash = url.firstIndex(of: "/") else { return false }
    return slash < colon
  }

  /// The URL as a store keeps it: a local path made absolute (against the current
  /// directory), so a sync run from any folder finds the same remote.
  ///
  /// - Throws: `NoteStoreError.noRepositoryAtPath` when `mustExist` and a local path
  ///   holds nothing.
  static func normalized(
    _ url: String, mustExist: Bool = true, currentDirectory: String = FileManager.default.currentDirectoryPath
  ) throws -> String {
    var path: String
    if url.hasPrefix("file://") {
      path = String(url.dropFirst("file://".count))
    } else if isLocalPath(url) {
      path = url
    } else {
      return url
    }
    if path == "~" || path.hasPrefix("~/") {
      path = NSHomeDirectory() + path.dropFirst()
    }
    let absolute = path.hasPrefix("/") ? path : currentDirectory + "/" + path
    let standardized = URL(fileURLWithPath: absolute).standardizedFileURL.path
    var isDirectory: ObjCBool = false
    guard !mustExist || FileManager.default.fileExists(atPath: standardized, isDirectory: &isDirectory) && isDirectory.boolValue
    else {
      throw NoteStoreError.noRepositoryAtPath(standardized)
    }
    return url.hasPrefix("file://") ? "file://" + standardized : standardized
  }

  /// Remote names follow git's ref-name rules, kept simple.
  static func validateName(_ name: String) throws {
    let allowed = !name.isEmpty && name.count <= 64 && !name.hasPrefix(".") && !name.hasPrefix("-")
      && name.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "._-".unicodeScalars.contains($0)) }
    if !allowed { throw NoteStoreError.invalidName(name, reason: "a remote name uses letters, digits, '.', '_' and '-'") }
  }

  /// Whether the URL carries `user:password@`.
  static func hasPassword(_ url: String) -> Bool {
    guard let components = URLComponents(string: url), components.scheme != nil else { return false }
    return components.password?.isEmpty == false
  }

  /// The URL with any password replaced by `***`.
  static func redacted(_ url: String) -> String {
    guard hasPassword(url), var components = URLComponents(string: url) else { return url }
    components.password = "***"
    return components.string ?? url
  }
}
