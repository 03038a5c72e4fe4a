import Foundation

/// What the last pack left loose because nothing reaches it (`.git/notes-pack-leftover`):
/// a write that failed after writing its objects (a hook refused the commit, the disk
/// filled), a commit reset away. Packing never takes such objects, so counting them
/// would make the automatic pack due after every command, for nothing; the count of
/// loose objects that makes a pack due leaves them out.
///
/// Derived data: a file that does not parse counts as nothing left.
struct PackLeftover: Equatable {
  static let header = "NSPL01"

  var objects: Int
  var bytes: Int64

  static func path(gitDirectory: String) -> String { gitDirectory + "/notes-pack-leftover" }

  /// The record at `path`; none when missing or damaged.
  static func read(at path: String) -> PackLeftover {
    guard let data = FileManager.default.contents(atPath: path) else { return PackLeftover(objects: 0, bytes: 0) }
    let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
    guard lines.count == 2, lines[0] == header else { return PackLeftover(objects: 0, bytes: 0) }
    let numbers = lines[1].split(separator: " ")
    guard numbers.count == 2, let objects = Int(numbers[0]), let bytes = Int64(numbers[1]), objects >= 0, bytes >= 0
    else { return PackLeftover(objects: 0, bytes: 0) }
    return PackLeftover(objects: objects, bytes: bytes)
  }

  /// Records this at `path` (nothing left: the file goes).
  func write(to path: String) throws {
    if objects == 0 && bytes == 0 {
      try? FileManager.default.removeItem(atPath: path)
      return
    }
    try ReplacedFile.write(Array("\(Self.header)\n\(objects) \(bytes)\n".utf8), to: path)
  }
}
