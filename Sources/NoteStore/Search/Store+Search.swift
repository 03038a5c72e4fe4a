import Foundation
import Git
import RichText

extension Store {
  /// Finds notes whose plain text or name holds every word of `query`, case-, accent- and
  /// width-insensitively (so `cafe` finds `Café`), and returns each matching line with its
  /// note, newest notes' order not implied: hits come by note path, then line.
  ///
  /// A word is matched as a substring of the plain text, so it is found across formatting
  /// runs (a word half in bold) and in scripts without spaces (CJK). The plain text of each
  /// body is cached by blob id under `.git/notes-search/`, so each body is read once.
  ///
  /// With `allVersions`, every body this device's history ever held is searched too (each
  /// blob once), and lines found only in old versions come with their ``SearchVersion``.
  ///
  /// - Throws: `NoteStoreError.invalidName` for a bad folder; repository errors.
  public func search(_ query: SearchQuery) throws -> [SearchHit] {
    let needles = query.words.map { Array(SearchFolding.fold($0).utf8) }.filter { !$0.isEmpty }
    guard !needles.isEmpty, let head = try headCommit(), let tree = try headTree() else { return [] }
    var folder = query.folder ?? ""
    while folder.hasSuffix("/") { folder.removeLast() }
    if !folder.isEmpty { try NotePath.validateFolder(folder) }
    let cache = PlainTextCache(path: gitDirectory + "/notes-search/plaintext")
    defer { cache.saveIfChanged() }
    let scanner = PackageScanner(repository: repository)
    let packages = try git("listing notes") { try scanner.packages(in: tree) }
    var hits: [SearchHit] = []
    var currentBlobs: Set<ObjectID> = []
    for (path, packageTree) in packages where path.isInside(folder: folder) {
      let blob = try git("reading \(path.name)") {
        try repository.treeEntries(packageTree).first { $0.name == NotePackage.textFileName && $0.mode != .tree }?.id
      }
      if let blob { currentBlobs.insert(blob) }
      let entry = try blob.map { blob in try cache.entry(for: blob) { try plainText(ofBlob: blob) } }
      hits += Self.hits(in: path, entry: entry, needles: needles, includeName: true, version: nil)
    }
    if query.allVersions {
      hits += try searchHistory(
        from: head, needles: needles, folder: folder, skipping: currentBlobs, cache: cache)
    }
    return hits
  }

  /// Hits in bodies this device's history held and the current notes no longer hold.
  private func searchHistory(
    from head: ObjectID, needles: [[UInt8]], folder: String, skipping current: Set<ObjectID>,
    cache: PlainTextCache
  ) throws -> [SearchHit] {
    var seen = current
    var hits: [SearchHit] = []
    let scanner = PackageScanner(repository: repository)
    let history = try git("walking history") { try repository.commits(from: [head]) }
    for id in history {
      let commit = try git("reading history") { try repository.commit(id) }
      let parentTree = try commit.parents.first.map { try commitTree($0) }
      let changed = try git("comparing versions") { try scanner.changedPackages(from: parentTree, to: commit.tree) }
      for packagePath in changed.sorted() {
        let path = NotePath(packagePath: packagePath)
        guard path.isInside(folder: folder) else { continue }
        let text = try git("reading \(path.name)") {
          try repository.treeEntry(atPath: path.textPath, inTree: commit.tree)
        }
        guard let blob = text?.id, text?.mode != .tree, seen.insert(blob).inserted else { continue }
        let entry = try cache.entry(for: blob) { try plainText(ofBlob: blob) }
        let version = SearchVersion(commit: id.hex, blob: blob.hex, date: commit.committer.date)
        hits += Self.hits(in: path, entry: entry, needles: needles, includeName: false, version: version)
      }
    }
    return hits
  }

  /// The plain text of an RTF body. A body that is not readable RTF is searched as the
  /// bytes it holds (as `git grep` would), so a broken note can still be found.
  private func plainText(ofBlob blob: ObjectID) throws -> String {
    let bytes = try git("reading a body") { try repository.blobData(blob) }
    do {
      return try RTFReader().read(bytes).text.plainText
    } catch {
      return String(decoding: bytes, as: UTF8.self)
    }
  }

  /// The hits of one body: nothing unless every needle is in the name or the text; then the
  /// name (when it matches and `includeName`) and every line holding a needle.
  static func hits(
    in path: NotePath, entry: PlainTextCache.Entry?, needles: [[UInt8]], includeName: Bool,
    version: SearchVersion?
  ) -> [SearchHit] {
    let folded = entry?.folded ?? []
    let name = path.name
    let foldedName = Array(SearchFolding.fold(name).utf8)
    let inText = needles.map { ByteSearch.firstIndex(of: $0, in: folded) != nil }
    let inName = needles.map { ByteSearch.firstIndex(of: $0, in: foldedName) != nil }
    guard zip(inText, inName).allSatisfy({ $0 || $1 }) else { return [] }
    var hits: [SearchHit] = []
    if includeName && inName.contains(true) {
      hits.append(
        SearchHit(
          note: name, path: path.path, line: 0, text: name,
          matches: SearchFolding.matchRanges(in: name, needles: needles), version: version))
    }
    guard let entry, inText.contains(true) else { return hits }
    // Lines of the folded text that hold a needle; folding keeps line breaks in place.
    var lineNumbers = Set<Int>()
    let newlines = folded.indices.filter { folded[$0] == UInt8(ascii: "\n") }
    for needle in needles {
      var start = 0
      while let found = ByteSearch.firstIndex(of: needle, in: folded, from: start) {
        lineNumbers.insert(Self.lineIndex(of: found, newlines: newlines))
        start = found + needle.count
      }
    }
    let lines = entry.text.split(separator: "\n", omittingEmptySubsequences: false)
    for index in lineNumbers.sorted() where index < lines.count {
      let line = String(lines[index])
      let (context, matches) = Self.context(line, needles: needles)
      hits.append(
        SearchHit(note: name, path: path.path, line: index + 1, text: context, matches: matches, version: version))
    }
    return hits
  }

  /// How many newlines come before `offset`.
  private static func lineIndex(of offset: Int, newlines: [Int]) -> Int {
    var low = 0
    var high = newlines.count
    while low < high {
      let middle = (low + high) / 2
      if newlines[middle] < offset { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// `line` cut to about 160 characters around its first match, and the matches in it.
  private static func context(_ line: String, needles: [[UInt8]]) -> (String, [Range<Int>]) {
    let limit = 160
    let matches = SearchFolding.matchRanges(in: line, needles: needles)
    guard line.count > limit, let first = matches.first else { return (line, matches) }
    let start = max(0, min(first.lowerBound - 40, line.count - limit))
    let characters = Array(line)
    let end = min(characters.count, start + limit)
    let prefix = start > 0 ? "…" : ""
    let suffix = end < characters.count ? "…" : ""
    let shift = start - prefix.count
    let cut = prefix + String(characters[start..<end]) + suffix
    let shifted = matches.compactMap { range -> Range<Int>? in
      guard range.lowerBound >= start, range.upperBound <= end else { return nil }
      return (range.lowerBound - shift)..<(range.upperBound - shift)
    }
    return (cut, shifted)
  }
}
