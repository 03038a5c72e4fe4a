import CLibGit2
import Foundation
import Synchronization

/// The CA certificates libgit2's TLS (mbedTLS) trusts, taken from git's configuration.
///
/// libgit2 ignores `SSL_CERT_FILE` and git's `http.sslCAInfo`; its CA bundle is compiled in
/// (`/etc/ssl/certs/ca-certificates.crt` on Debian). Before each https transfer this reads,
/// in order: `http.<url>.sslCAInfo` (the longest URL prefix that matches), `http.sslCAInfo`,
/// then the `GIT_SSL_CAINFO` environment variable. git itself gives the environment variable
/// precedence over the configuration; NoteStore lets the repository's configuration win,
/// because environments often set `GIT_SSL_CAINFO` to the system bundle.
///
/// The setting is global to libgit2 (`GIT_OPT_SET_SSL_CERT_LOCATIONS`) and replacing it
/// frees the CA chain a running handshake may be reading. So https transfers in one process
/// run one at a time: each holds this lock from applying its CA file until it ends.
/// NoteStore's CLI runs one transfer at a time anyway.
enum CertificateAuthority {
  /// The CA file libgit2 uses when nothing is configured (Debian's `CERT_LOCATION`).
  static let systemBundle = "/etc/ssl/certs/ca-certificates.crt"

  /// The CA file in force now; nil means libgit2's built-in default. Held for the whole of
  /// each https transfer.
  private static let applied = Mutex<String?>(nil)

  /// Makes libgit2 trust exactly `file` (nil: the system bundle), then runs `body` with no
  /// other https transfer in between.
  static func whileTrusting(_ file: String?, _ body: () throws -> Void) throws {
    try applied.withLock { (current: inout String?) throws in
      if current != file {
        if let file {
          try check(notes_git_set_ssl_cert_locations(file, nil), "git_libgit2_opts")
        } else if FileManager.default.fileExists(atPath: systemBundle) {
          try check(notes_git_set_ssl_cert_locations(systemBundle, nil), "git_libgit2_opts")
        }
        current = file
      }
      try body()
    }
  }
}

extension Repository {
  /// The CA file git's configuration names for `url`, or nil.
  func certificateAuthorityFile(for url: String) throws -> String? {
    if let specific = try urlSpecificCAInfo(for: url) { return expandingHome(specific) }
    if let general = try configString("http.sslCAInfo"), !general.isEmpty {
      return expandingHome(general)
    }
    if let environment = ProcessInfo.processInfo.environment["GIT_SSL_CAINFO"],
      !environment.isEmpty
    {
      return environment
    }
    return nil
  }

  /// `http.<prefix>.sslCAInfo` for the longest `<prefix>` that `url` starts with (at a `/`).
  private func urlSpecificCAInfo(for url: String) throws -> String? {
    let config = try configuration()
    let iterator = try OwnedHandle.make(
      "git_config_iterator_glob_new", keepAlive: self,
      release: { git_config_iterator_free($0) }
    ) { git_config_iterator_glob_new(&$0, config.pointer, "^http\\..+\\.sslcainfo$") }
    var best: (prefix: String, value: String)?
    while true {
      var entry: UnsafeMutablePointer<git_config_entry>?
      let result = git_config_next(&entry, iterator.pointer)
      if result == GIT_ITEROVER.rawValue { break }
      try check(result, "git_config_next")
      guard let entry, let name = decodeCString(entry.pointee.name),
        let value = decodeCString(entry.pointee.value)
      else { continue }
      let prefix = String(name.dropFirst("http.".count).dropLast(".sslcainfo".count))
      guard Self.url(url, matches: prefix), prefix.count > (best?.prefix.count ?? -1) else {
        continue
      }
      best = (prefix, value)
    }
    return best?.value
  }

  /// Whether `prefix` covers `url`, as git's `http.<url>.*` matching does for plain prefixes.
  static func url(_ url: String, matches prefix: String) -> Bool {
    guard url.hasPrefix(prefix) else { return false }
    if prefix.hasSuffix("/") || url.count == prefix.count { return true }
    return url.dropFirst(prefix.count).first == "/"
  }

  private func expandingHome(_ path: String) -> String {
    guard path.hasPrefix("~/"), let home = ProcessInfo.processInfo.environment["HOME"] else {
      return path
    }
    return home + path.dropFirst(1)
  }
}
