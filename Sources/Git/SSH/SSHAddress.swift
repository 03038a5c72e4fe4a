/// Where an ssh remote lives: the parts of an `ssh://` URL or an scp-like `[user@]host:path`,
/// read the way git reads them.
///
/// `host` may be an alias from `~/.ssh/config`; OpenSSH resolves it, not this code.
struct SSHAddress: Equatable, Sendable {
  var user: String?
  var host: String
  var port: Int?
  var path: String

  /// The URL schemes that name an ssh remote, lower-case, without `://`.
  static let schemes = ["ssh", "ssh+git", "git+ssh"]

  /// Whether libgit2 gives a transfer to `url` to the ssh transport: an ssh scheme
  /// (`ssh://`, `ssh+git://`, `git+ssh://`), or no `scheme://` at all and a `:` (scp-like
  /// `[user@]host:path`). Local paths are not asked here: they go to ``LocalTransport``
  /// before libgit2 looks at the URL.
  static func isSSH(_ url: String) -> Bool {
    let lowered = url.lowercased()
    if schemes.contains(where: { lowered.hasPrefix($0 + "://") }) { return true }
    return !url.contains("://") && url.contains(":")
  }

  /// The destination argument for ssh: `user@host`, or `host` alone.
  var destination: String { user.map { "\($0)@\(host)" } ?? host }

  /// Parses `url`; the error says what is wrong with it.
  ///
  /// Like git, a host, user or path that starts with `-` is refused: ssh would read it as an
  /// option (`-oProxyCommand=…`).
  init(parsing url: String) throws(GitError) {
    let lowered = url.lowercased()
    if let scheme = Self.schemes.first(where: { lowered.hasPrefix($0 + "://") }) {
      self = try Self.parseURL(String(url.dropFirst(scheme.count + 3)), original: url)
    } else {
      self = try Self.parseSCP(url)
    }
    guard !host.isEmpty else { throw Self.invalid(url, "it names no host") }
    guard !path.isEmpty else { throw Self.invalid(url, "it names no repository path") }
    guard !destination.hasPrefix("-"), !host.hasPrefix("-") else {
      throw Self.invalid(url, "the host '\(destination)' starts with '-' and would be read as an ssh option")
    }
    guard !path.hasPrefix("-") else {
      throw Self.invalid(url, "the path '\(path)' starts with '-'")
    }
  }

  init(user: String?, host: String, port: Int?, path: String) {
    self.user = user
    self.host = host
    self.port = port
    self.path = path
  }

  /// `ssh://[user@]host[:port]/path`, after the scheme. `/~user/x` means `~user/x`, as in git.
  private static func parseURL(_ rest: String, original: String) throws(GitError) -> SSHAddress {
    guard let slash = rest.firstIndex(of: "/") else {
      throw invalid(original, "it names no repository path")
    }
    var authority = Substring(rest[..<slash])
    var path = percentDecoded(rest[slash...])
    if path.hasPrefix("/~") { path.removeFirst() }
    var user: String?
    if let at = authority.lastIndex(of: "@") {
      user = percentDecoded(authority[..<at])
      authority = authority[authority.index(after: at)...]
    }
    let (host, portText) = splitHostAndPort(authority)
    return SSHAddress(user: user, host: host, port: try port(portText, original), path: path)
  }

  /// `[user@]host:path`, where no `/` comes before the `:`; `[host:port]:path` and
  /// `[ipv6]:path` as in git.
  private static func parseSCP(_ url: String) throws(GitError) -> SSHAddress {
    var hostEnd = url.startIndex
    if url.hasPrefix("["), let close = url.firstIndex(of: "]") {
      hostEnd = url.index(after: close)
    } else if let at = url.firstIndex(of: "@"), url[url.index(after: at)...].hasPrefix("[") {
      hostEnd = url[at...].firstIndex(of: "]").map { url.index(after: $0) } ?? url.endIndex
    }
    guard let colon = url[hostEnd...].firstIndex(of: ":"),
      !url[..<colon].contains("/")
    else { throw invalid(url, "it is neither an ssh:// URL nor of the form [user@]host:path") }
    var hostPart = Substring(url[..<colon])
    let path = String(url[url.index(after: colon)...])
    var port: Int?
    if hostPart.hasPrefix("["), hostPart.hasSuffix("]") {
      hostPart = hostPart.dropFirst().dropLast()
      // git: `[host:port]` carries a port; an address with more colons is IPv6.
      if hostPart.filter({ $0 == ":" }).count == 1, let portColon = hostPart.lastIndex(of: ":") {
        port = try self.port(hostPart[hostPart.index(after: portColon)...], url)
        hostPart = hostPart[..<portColon]
      }
    }
    var user: String?
    if let at = hostPart.lastIndex(of: "@") {
      user = String(hostPart[..<at])
      hostPart = hostPart[hostPart.index(after: at)...]
    }
    if hostPart.hasPrefix("["), hostPart.hasSuffix("]") { hostPart = hostPart.dropFirst().dropLast() }
    return SSHAddress(user: user, host: String(hostPart), port: port, path: path)
  }

  /// Splits `host:port` or `[ipv6]:port`; the port text is nil when absent.
  private static func splitHostAndPort(_ authority: Substring) -> (String, Substring?) {
    if authority.hasPrefix("["), let close = authority.firstIndex(of: "]") {
      let host = String(authority[authority.index(after: authority.startIndex)..<close])
      let after = authority[authority.index(after: close)...]
      return (host, after.hasPrefix(":") ? after.dropFirst() : nil)
    }
    guard let colon = authority.lastIndex(of: ":") else { return (String(authority), nil) }
    return (String(authority[..<colon]), authority[authority.index(after: colon)...])
  }

  private static func port(_ text: Substring?, _ url: String) throws(GitError) -> Int? {
    guard let text, !text.isEmpty else { return nil }
    guard let port = Int(text), (1...65535).contains(port) else {
      throw invalid(url, "the port '\(text)' is not a number from 1 to 65535")
    }
    return port
  }

  private static func invalid(_ url: String, _ reason: String) -> GitError {
    .synthesized(.invalid, .ssh, "'\(url)' is not a usable ssh address: \(reason)", "ssh")
  }
}
