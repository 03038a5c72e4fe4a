import Foundation
import Git

/// The vetted remote-tracking branches of one remote as they were before a fetch:
/// `.git/notes-fetch`, one `<id> <reference>` line each after a `remote <name>` line.
/// It exists only while a fetch and its vetting run.
struct FetchJournal {
  let path: String

  /// Records `references` of `remote`, durably, before the fetch starts.
  func write(remote: String, references: [String: ObjectID]) throws {
    var text = "remote \(remote)\n"
    for (name, id) in references.sorted(by: { $0.key < $1.key }) { text += "\(id.hex) \(name)\n" }
    do {
      try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    } catch {
      throw NoteStoreError.cannotWriteFile(path: path, underlying: error)
    }
  }

  /// What an interrupted fetch recorded, or nil when none was interrupted (or the
  /// journal is unreadable: then the next fetch vets against the branches as they
  /// are, and the sync's own check of each tip still refuses a hostile one).
  func read() -> (remote: String, references: [String: ObjectID])? {
    guard let data = FileManager.default.contents(atPath: path) else { return nil }
    var lines = String(decoding: data, as: UTF8.self).split(separator: "\n")[...]
    guard let first = lines.popFirst(), first.hasPrefix("remote ") else { return nil }
    var references: [String: ObjectID] = [:]
    for line in lines {
      let parts = line.split(separator: " ", maxSplits: 1)
      guard parts.count == 2, let id = ObjectID(hex: String(parts[0])) else { return nil }
      references[String(parts[1])] = id
    }
    return (String(first.dropFirst("remote ".count)), references)
  }

  func remove() {
    try? FileManager.default.removeItem(atPath: path)
  }
}
