/// Where a local remote lives: an absolute path, or a `file://` URL.
enum LocalAddress {
  /// Whether `url` names a local remote this transport serves: an absolute path, or a
  /// `file:///path` URL (no host).
  static func isLocal(_ url: String) -> Bool {
    url.hasPrefix("/") || url.lowercased().hasPrefix("file:///")
  }

  /// The repository path `url` names; the error says what is wrong with it.
  ///
  /// A path starting with `-` cannot occur (it starts with `/`), so the server programs
  /// never read it as an option.
  static func path(of url: String) throws(GitError) -> String {
    if url.hasPrefix("/") { return url }
    guard url.lowercased().hasPrefix("file://") else {
      throw .synthesized(.invalid, .net, "'\(url)' is not a local repository path or file:// URL", "file")
    }
    let path = percentDecoded(Substring(url.dropFirst("file://".count)))
    guard path.hasPrefix("/") else {
      throw .synthesized(.invalid, .net, "'\(url)' names a host; file:// URLs must be file:///path", "file")
    }
    return path
  }
}
