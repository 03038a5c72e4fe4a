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
  /// With `allVersions`, every body the history index knows for every note (deleted and
  /// renamed ones included) is searched too, each blob once, and lines that only old
  /// versions hold come after the current hits with their ``SearchVersion``.
  ///
  /// - Throws: `NoteStoreError.invalidName` for a bad folder; repository errors.
  public func search(_ query: SearchQuery) throws -> [SearchHit] {
    try searchCountingReads(query).hits
  }

  /// ``search(_:)``, with how many bodies it read from git (those not already cached).
  func searchCountingReads(_ query: SearchQuery) throws -> (hits: [SearchHit], bodiesRead: Int) {
    let needles = query.words.map { Array(SearchFolding.fold($0).utf8) }.filter { !$0.isEmpty }
    guard !needles.isEmpty, let head = try headCommit(), let tree = try headTree() else { return ([], 0) }
    var folder = query.folder ?? ""
    while folder.hasSuffix("/") { folder.removeLast() }
    if !folder.isEmpty { try NotePath.validateFolder(folder) }
    let cache = PlainTextCache(path: gitDirectory + "/notes-search/plaintext")
    defer { cache.saveIfChanged() }
    let scanner = PackageScanner(repository: repository)
    let packages = try git("listing notes") { try scanner.packages(in: tree) }
    var hits: [SearchHit] = []
    var currentBlobs: [String: BlobKey] = [:]
    let memo = FoldMemo()
    for (path, packageTree) in packages where path.isInside(folder: folder) {
      let blob = try cache.body(ofPackage: packageTree) {
        try git("reading \(path.name)") {
          try repository.treeEntries(packageTree).first { $0.name == NotePackage.textFileName && $0.mode != .tree }?.id
        }
      }
      if let blob { currentBlobs[path.path] = blob }
      let folded = try blob.map { blob in try cache.folded(for: blob) { try plainText(ofBlob: $0) } }
      hits += try Self.hits(
        in: path, folded: folded ?? Self.noText, needles: needles, includeName: true, version: nil, memo: memo
      ) {
        try blob.map { blob in try cache.entry(for: blob) { try plainText(ofBlob: $0) }.text } ?? Self.noText
      }
    }
    if query.allVersions {
      hits += try searchOldVersions(
        from: head, needles: needles, folder: folder, current: currentBlobs, cache: cache, memo: memo)
    }
    return (hits, cache.bodiesRead)
  }

  /// The plain text of an RTF body. A body that is not readable RTF is searched as the
  /// bytes it holds (as `git grep` would), so a broken note can still be found.
  func plainText(ofBlob blob: ObjectID) throws -> String {
    let bytes = try git("reading a body") { try repository.blobData(blob) }
    do {
      return try RTFReader().read(bytes).text.plainText
    } catch {
      return String(decoding: bytes, as: UTF8.self)
    }
  }

  /// No text (a package without a body).
  static var noText: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: nil, count: 0) }

  /// The hits of one body, given its folded text (and its text, asked for only when the
  /// folded text holds a needle): nothing unless every needle is in the name or the text;
  /// then the name (when it matches and `includeName`) and every line holding a needle.
  static func hits(
    in path: NotePath, folded: UnsafeBufferPointer<UInt8>, needles: [[UInt8]], includeName: Bool,
    version: SearchVersion?, memo: FoldMemo, text: () throws -> UnsafeBufferPointer<UInt8>
  ) rethrows -> [SearchHit] {
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
          matches: SearchFolding.matchRanges(in: name, needles: needles, memo: memo), version: version))
    }
    guard inText.contains(true) else { return hits }
    let text = try text()
    // Lines of the folded text that hold a needle; folding keeps line breaks in place, so
    // line N of the folded text is line N of the text.
    // For each such line, where its first match starts in the folded line (bytes).
    var firstMatch: [Int: Int] = [:]
    let foldedBreaks = Self.lineBreaks(in: folded)
    for needle in needles {
      var start = 0
      while let found = ByteSearch.firstIndex(of: needle, in: folded, from: start) {
        let line = Self.lineIndex(of: found, newlines: foldedBreaks)
        let offset = found - (line == 0 ? 0 : foldedBreaks[line - 1] + 1)
        firstMatch[line] = min(firstMatch[line] ?? offset, offset)
        start = found + needle.count
      }
    }
    let breaks = Self.lineBreaks(in: text)
    for (index, offset) in firstMatch.sorted(by: { $0.key < $1.key }) where index <= breaks.count {
      let start = index == 0 ? 0 : breaks[index - 1] + 1
      let end = index < breaks.count ? breaks[index] : text.count
      let (context, matches) = Self.context(
        UnsafeBufferPointer(rebasing: text[start..<end]), needles: needles, near: offset, memo: memo)
      hits.append(
        SearchHit(note: name, path: path.path, line: index + 1, text: context, matches: matches, version: version))
    }
    return hits
  }

  /// The offsets of the line breaks in `bytes`.
  private static func lineBreaks(in bytes: UnsafeBufferPointer<UInt8>) -> [Int] {
    var breaks: [Int] = []
    var start = 0
    let newline = [UInt8(ascii: "\n")]
    while let found = ByteSearch.firstIndex(of: newline, in: bytes, from: start) {
      breaks.append(found)
      start = found + 1
    }
    return breaks
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

  /// `line` (UTF-8) cut to about 160 characters around its first match, and the matches in
  /// it. ASCII lines, the common case, are matched on their bytes directly.
  private static func context(
    _ bytes: UnsafeBufferPointer<UInt8>, needles: [[UInt8]], near offset: Int, memo: FoldMemo
  ) -> (String, [Range<Int>]) {
    let limit = 160
    if bytes.allSatisfy({ $0 < 0x80 }) {
      let lowered = bytes.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
      var matches: [Range<Int>] = []
      for needle in needles {
        var start = 0
        while let found = ByteSearch.firstIndex(of: needle, in: lowered, from: start) {
          matches.append(found..<(found + needle.count))
          start = found + needle.count
        }
      }
      matches.sort { $0.lowerBound < $1.lowerBound }
      let line = Array(bytes)
      guard line.count > limit, let first = matches.first else {
        return (String(decoding: line, as: UTF8.self), matches)
      }
      let start = max(0, min(first.lowerBound - 40, line.count - limit))
      let end = min(line.count, start + limit)
      let prefix = start > 0 ? "…" : ""
      let shift = start - (prefix.isEmpty ? 0 : 1)
      let cut = prefix + String(decoding: line[start..<end], as: UTF8.self) + (end < line.count ? "…" : "")
      let shifted = matches.compactMap { range -> Range<Int>? in
        guard range.lowerBound >= start, range.upperBound <= end else { return nil }
        return (range.lowerBound - shift)..<(range.upperBound - shift)
      }
      return (cut, shifted)
    }
    // A long line is cut first around the folded match's offset (folding changes lengths
    // only a little), so the character-by-character work stays within a window.
    var window = bytes[...]
    var cutBefore = false
    var cutAfter = false
    if bytes.count > 4 * limit {
      var lower = bytes.startIndex + max(0, offset - limit)
      while lower > bytes.startIndex && bytes[lower] & 0xC0 == 0x80 { lower -= 1 }
      var upper = min(bytes.endIndex, lower + 3 * limit)
      while upper < bytes.endIndex && bytes[upper] & 0xC0 == 0x80 { upper += 1 }
      window = bytes[lower..<upper]
      cutBefore = lower > bytes.startIndex
      cutAfter = upper < bytes.endIndex
    }
    let line = String(decoding: window, as: UTF8.self)
    let folded = SearchFolding.foldWithOffsets(line, memo: memo)
    let matches = SearchFolding.matchRanges(folded: folded.bytes, origin: folded.origin, needles: needles)
    // Characters are cut by the byte offsets the folding recorded: no string indexing.
    let starts = folded.starts
    let count = starts.count - 1
    guard count > limit || cutBefore || cutAfter, let first = matches.first else {
      return ((cutBefore ? "…" : "") + line + (cutAfter ? "…" : ""), matches.map { cutBefore ? ($0.lowerBound + 1)..<($0.upperBound + 1) : $0 })
    }
    let start = max(0, min(first.lowerBound - 40, count - limit))
    let end = min(count, start + limit)
    let prefix = start > 0 || cutBefore ? "…" : ""
    let suffix = end < count || cutAfter ? "…" : ""
    let shift = start - prefix.count
    let utf8 = Array(line.utf8)
    let cut = prefix + String(decoding: utf8[starts[start]..<starts[end]], as: UTF8.self) + suffix
    let shifted = matches.compactMap { range -> Range<Int>? in
      guard range.lowerBound >= start, range.upperBound <= end else { return nil }
      return (range.lowerBound - shift)..<(range.upperBound - shift)
    }
    return (cut, shifted)
  }
}
