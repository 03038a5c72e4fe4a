import Foundation
import Git

extension Store {
  /// The folder of conflict records in the tree.
  static let conflictsFolder = ".notes/conflicts"

  /// Whether a committed conflict record (`.notes/conflicts/<id>.json`) names the
  /// note.
  public func hasUnresolvedConflict(_ note: NotePath) throws -> Bool {
    guard let tree = try headTree(),
      let folder = try git("reading conflicts", { try repository.treeEntry(atPath: Store.conflictsFolder, inTree: tree) }),
      folder.mode == .tree
    else { return false }
    struct Record: Decodable { var note: String }
    for entry in try git("reading conflicts", { try repository.treeEntries(folder.id) }) where entry.name.hasSuffix(".json") {
      let data = try git("reading \(entry.name)") { try repository.blobData(entry.id) }
      if let record = try? JSONDecoder().decode(Record.self, from: Data(data)), record.note == note.path {
        return true
      }
    }
    return false
  }
}
