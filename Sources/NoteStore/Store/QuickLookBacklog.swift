import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The packages whose QuickLook files a big change left to render later
/// (`.git/notes-quicklook/pending`, one package path a line): derived data, so a file
/// that does not parse is discarded, and a package listed twice or gone since is
/// harmless (the renderer reads the current tree, and stamps skip what is up to date).
///
/// Read and written only under the store lock.
struct QuickLookBacklog {
  /// The first line of the file; a file without it is discarded.
  static let header = "NSQLP01"

  let path: String

  init(gitDirectory: String) {
    path = gitDirectory + "/notes-quicklook/pending"
  }

  /// The package paths waiting, in order; empty when there is no file or it is damaged.
  func pending() -> [String] {
    guard let data = FileManager.default.contents(atPath: path) else { return [] }
    let lines = String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    guard lines.first == Self.header else { return [] }
    return lines.dropFirst().filter { !$0.isEmpty && !$0.hasPrefix("/") && $0.hasSuffix(".note") }
  }

  /// Adds `packages` after those already waiting (each path once).
  func append(_ packages: [String]) throws {
    var seen = Set<String>()
    let all = (pending() + packages).filter { seen.insert($0).inserted }
    try replace(with: all)
  }

  /// Replaces the list with `packages`; an empty list removes the file.
  func replace(with packages: [String]) throws {
    guard !packages.isEmpty else {
      if unlink(path) != 0 && errno != ENOENT {
        throw NoteStoreError.cannotWriteFile(path: path, underlying: POSIXErrorDescription(code: errno))
      }
      return
    }
    let text = ([Self.header] + packages).joined(separator: "\n") + "\n"
    try ReplacedFile.write(Array(text.utf8), to: path)
  }
}
