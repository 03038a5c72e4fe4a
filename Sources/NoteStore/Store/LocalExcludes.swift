import Foundation

/// The files operating systems and editors leave in folders on their own (Finder's
/// `.DS_Store`, AppleDouble `._name` files on shared drives, LibreOffice's lock files,
/// Windows' `Thumbs.db`), named in a store's `.git/info/exclude`: a save, a status or
/// plain git never take one for part of a note. (A note file may not start with a
/// dot anyway, so one such file in a package made every save and sync fail.)
enum LocalExcludes {
  /// The line that marks the block as written, so it is written once.
  static let marker = "# notes: files the operating system makes in folders, never part of a note"
  static let patterns = [".DS_Store", "._*", ".~lock.*#", "Thumbs.db"]

  /// Adds the patterns to `gitDirectory/info/exclude` unless they are there. Best
  /// effort: a store on a read-only disk still opens (such a file then stops a save
  /// with an error that names it, as before).
  static func ensure(in gitDirectory: String) {
    let path = gitDirectory + "/info/exclude"
    let existing = FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) } ?? ""
    guard !existing.contains(marker) else { return }
    var text = existing
    if !text.isEmpty, !text.hasSuffix("\n") { text += "\n" }
    text += ([marker] + patterns).joined(separator: "\n") + "\n"
    try? FileManager.default.createDirectory(atPath: gitDirectory + "/info", withIntermediateDirectories: true)
    try? text.write(toFile: path, atomically: true, encoding: .utf8)
  }
}
