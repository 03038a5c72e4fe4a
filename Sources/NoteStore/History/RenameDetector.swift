import Foundation
import Git
import RichText

/// Pairs the packages a commit removed with the ones it added, as `git -M` pairs
/// files: exactly when the package trees are equal, else by how much of the body's
/// text the two share (at least half, by bytes), so a note renamed and edited in one
/// commit is still a rename. The text is compared, not the RTF: the header every body
/// begins with (font and colour tables) is most of a short note's bytes, and would
/// pair any two short notes.
struct RenameDetector {
  /// The least share of the larger body two packages must have in common.
  static let threshold = 0.5
  /// Past this many candidate pairs, only exact renames are found (as git's rename limit).
  static let pairLimit = 400

  let repository: Repository
  let summaries: PackageSummaries

  /// (removed path, added path) pairs, each path used once.
  func renames(removed: [(path: String, tree: ObjectID)], added: [(path: String, tree: ObjectID)]) throws -> [(from: String, to: String)] {
    var result: [(from: String, to: String)] = []
    var usedRemoved = Set<String>()
    var usedAdded = Set<String>()
    var addedByTree: [ObjectID: [String]] = [:]
    for item in added { addedByTree[item.tree, default: []].append(item.path) }
    for item in removed {
      if let target = addedByTree[item.tree]?.first(where: { !usedAdded.contains($0) }) {
        result.append((item.path, target))
        usedRemoved.insert(item.path)
        usedAdded.insert(target)
      }
    }
    let restRemoved = removed.filter { !usedRemoved.contains($0.path) }
    let restAdded = added.filter { !usedAdded.contains($0.path) }
    guard !restRemoved.isEmpty, !restAdded.isEmpty, restRemoved.count * restAdded.count <= Self.pairLimit else {
      return result
    }
    var scored: [(score: Double, from: String, to: String)] = []
    for old in restRemoved {
      for new in restAdded {
        let score = try similarity(old.tree, new.tree)
        if score >= Self.threshold { scored.append((score, old.path, new.path)) }
      }
    }
    scored.sort { ($0.score, $1.from, $1.to) > ($1.score, $0.from, $0.to) }
    for pair in scored where !usedRemoved.contains(pair.from) && !usedAdded.contains(pair.to) {
      result.append((pair.from, pair.to))
      usedRemoved.insert(pair.from)
      usedAdded.insert(pair.to)
    }
    return result
  }

  /// The share of the larger package body the two have in common, 0…1.
  func similarity(_ a: ObjectID, _ b: ObjectID) throws -> Double {
    let x = try summaries.summary(of: a)
    let y = try summaries.summary(of: b)
    if x.text == y.text { return x.text == nil && x.attachments != y.attachments ? 0 : 1 }
    guard let textA = x.text, let textB = y.text else { return 0 }
    return Self.chunkSimilarity(try summaries.comparableText(of: textA), try summaries.comparableText(of: textB))
  }

  /// Bytes in common between two texts, compared in chunks that end at a line feed or
  /// after 64 bytes (as git's rename detection does), over the larger size.
  static func chunkSimilarity(_ a: [UInt8], _ b: [UInt8]) -> Double {
    let larger = max(a.count, b.count)
    guard larger > 0 else { return 1 }
    var counts: [[UInt8]: Int] = [:]
    for chunk in chunks(a) { counts[chunk, default: 0] += 1 }
    var common = 0
    for chunk in chunks(b) {
      if let count = counts[chunk], count > 0 {
        counts[chunk] = count - 1
        common += chunk.count
      }
    }
    return Double(common) / Double(larger)
  }

  private static func chunks(_ bytes: [UInt8]) -> [[UInt8]] {
    var result: [[UInt8]] = []
    var start = 0
    for index in bytes.indices where bytes[index] == UInt8(ascii: "\n") || index - start == 63 {
      result.append(Array(bytes[start...index]))
      start = index + 1
    }
    if start < bytes.count { result.append(Array(bytes[start...])) }
    return result
  }
}

/// What a package tree holds that history cares about: the body blob and the
/// attachments, cached by tree id.
final class PackageSummaries {
  struct Summary: Hashable {
    var text: ObjectID?
    var attachments: [String: ObjectID]
  }

  private let repository: Repository
  private var cache: [ObjectID: Summary] = [:]
  private var texts: [ObjectID: [UInt8]] = [:]

  init(repository: Repository) {
    self.repository = repository
  }

  func summary(of tree: ObjectID) throws -> Summary {
    if let known = cache[tree] { return known }
    let entries = try repository.treeEntries(tree)
    let text = entries.first { $0.name == NotePackage.textFileName && $0.mode != .tree }?.id
    var attachments: [String: ObjectID] = [:]
    if let folder = entries.first(where: { $0.name == NotePackage.attachmentsFolderName && $0.mode == .tree }) {
      for entry in try repository.treeEntries(folder.id) where entry.mode == .blob || entry.mode == .executable {
        attachments[entry.name] = entry.id
      }
    }
    let summary = Summary(text: text, attachments: attachments)
    if cache.count > 50_000 { cache.removeAll(keepingCapacity: true) }
    cache[tree] = summary
    return summary
  }

  /// What renames compare of a body: its plain text as UTF-8, or the RTF bytes as they
  /// are when they do not read as RTF.
  func comparableText(of body: ObjectID) throws -> [UInt8] {
    if let known = texts[body] { return known }
    let bytes = try repository.blobData(body)
    let text = (try? RTFReader().read(bytes).text.plainText).map { Array($0.utf8) } ?? bytes
    if texts.count > 1_000 { texts.removeAll(keepingCapacity: true) }
    texts[body] = text
    return text
  }
}
