import Foundation

extension Repository {
  /// Every object id the reflogs name (`logs/HEAD` and `logs/refs/…`, old and new ids),
  /// as git's repack counts them reachable.
  ///
  /// Packing needs them: a commit this device wrote stays loose until a pack, and once
  /// a fetched pack holds a commit built on it (another device merged it) the branch
  /// moves to that packed commit, and a walk from the references stops there. The
  /// reflog of the branch still names the loose commit, so the walk starts there too.
  /// Lines that do not parse are skipped: a reflog is a log, not a record to trust.
  func reflogObjectIDs() -> Set<ObjectID> {
    // HEAD's reflog is the worktree's; the references' are shared.
    let logs = objectsHome + "/logs"
    var files = [gitDirectory + "/logs/HEAD"]
    if let walker = FileManager.default.enumerator(atPath: logs + "/refs") {
      for case let path as String in walker { files.append(logs + "/refs/" + path) }
    }
    var ids = Set<ObjectID>()
    for file in files {
      guard let data = FileManager.default.contents(atPath: file) else { continue }
      data.withUnsafeBytes { raw in
        let bytes = raw.bindMemory(to: UInt8.self)
        var start = 0
        while start < bytes.count {
          var end = start
          while end < bytes.count && bytes[end] != UInt8(ascii: "\n") { end += 1 }
          // "<old 40 hex> <new 40 hex> <name> <email> <time> <zone>\t<message>"
          if end - start > 81 && bytes[start + 40] == UInt8(ascii: " ") && bytes[start + 81] == UInt8(ascii: " ") {
            for offset in [start, start + 41] {
              let hex = String(decoding: UnsafeBufferPointer(rebasing: bytes[offset..<offset + 40]), as: UTF8.self)
              if let id = ObjectID(hex: hex), !id.isZero { ids.insert(id) }
            }
          }
          start = end + 1
        }
      }
    }
    return ids
  }
}
