import Foundation
import Git

extension Store {
  /// Hits in the old versions of every note, read through the history index: the
  /// versions reachable from this device's branch and from every fetched device branch,
  /// each package version once, each body blob once (its plain text cached by blob id), and
  /// only lines the note's current text does not hold, each reported for the newest
  /// version that held it. Hits come by note path (as it is now), then newest first.
  func searchOldVersions(
    from head: ObjectID, needles: [[UInt8]], folder: String, current: [String: BlobKey], cache: PlainTextCache,
    memo: FoldMemo
  ) throws -> [SearchHit] {
    let index = try git("reading the history index") { try noteHistory.index() }
    guard let position = index.position(of: head) else { return [] }
    let heads = [position] + index.tips.compactMap { index.position(of: $0.commit) }.filter { $0 != position }
    var shown: [String: Set<Substring>] = [:]
    // Versions come newest first, so the first version of a note that holds a body names
    // it; later versions with the same body (an attachment changed, a restore) add nothing.
    var searched: Set<BodyInNote> = []
    var byNote: [String: [SearchHit]] = [:]
    for version in index.packageVersions(reachableFrom: heads) {
      let path = NotePath(packagePath: version.currentPath)
      guard path.isInside(folder: folder) else { continue }
      let found = try cache.body(ofPackage: version.tree) {
        try git("reading \(path.name)") {
          try repository.treeEntries(version.tree).first { $0.name == NotePackage.textFileName && $0.mode != .tree }?.id
        }
      }
      guard let blob = found, blob != current[path.path] else { continue }
      guard searched.insert(BodyInNote(blob: blob, note: path.path)).inserted else { continue }
      let folded = try cache.folded(for: blob) { try plainText(ofBlob: $0) }
      let change = index.changes[version.change]
      let commit = index.commits[change.commit]
      let old = SearchVersion(
        commit: commit.id.hex, blob: blob.id.hex, date: Date(timeIntervalSince1970: TimeInterval(commit.date)),
        device: index.strings[commit.device], id: ConflictRecord.versionID(tree: version.tree),
        name: NotePath(packagePath: version.path).name)
      var text = Self.noText
      let hits = try Self.hits(
        in: path, folded: folded, needles: needles, includeName: false, version: old, memo: memo
      ) {
        text = try cache.entry(for: blob) { try plainText(ofBlob: $0) }.text
        return text
      }
      guard !hits.isEmpty else { continue }
      if shown[path.path] == nil {
        let now = try current[path.path].map { blob in try cache.entry(for: blob) { try plainText(ofBlob: $0) } }
        shown[path.path] = Set(Self.lines(of: now?.text ?? UnsafeBufferPointer(start: nil, count: 0)))
      }
      let lines = Self.lines(of: text)
      for hit in hits where hit.line >= 1 && hit.line <= lines.count {
        guard shown[path.path, default: []].insert(lines[hit.line - 1]).inserted else { continue }
        byNote[path.path, default: []].append(hit)
      }
    }
    return byNote.keys.sorted().flatMap { byNote[$0] ?? [] }
  }

  private struct BodyInNote: Hashable {
    var blob: BlobKey
    var note: String
  }

  /// The lines of a UTF-8 text.
  private static func lines(of text: UnsafeBufferPointer<UInt8>) -> [Substring] {
    String(decoding: text, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
  }
}
