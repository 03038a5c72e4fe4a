import Foundation
import Git
import RichText

/// One paragraph of a note's current text and the change that last changed it.
public struct BlameParagraph: Sendable, Hashable, Codable {
  /// The 1-based paragraph number.
  public var paragraph: Int
  /// The paragraph's plain text.
  public var text: String
  /// The commit that last changed it.
  public var commit: String
  /// The device that made that commit.
  public var device: String
  /// Its author.
  public var author: String
  /// When.
  public var date: Date
}

extension Store {
  /// Each paragraph of a note's current text with the commit, device, author and date
  /// that last changed it (its text or its formatting). Follows renames, and follows
  /// every parent of a merge that merged the text, so after two devices edited
  /// different paragraphs each paragraph names its own device.
  public func blame(_ note: NotePath) throws -> [BlameParagraph] {
    guard let head = try headCommit(), let root = try headTree(),
      let current = try git("reading \(note.name)", { try repository.treeEntry(atPath: note.path, inTree: root) }),
      current.mode == .tree
    else { throw NoteStoreError.noSuchNote(note.name, suggestions: []) }
    let index = try git("reading the history index") { try noteHistory.index() }
    guard let headPosition = index.position(of: head),
      let start = index.lastChange(path: note.path, tree: current.id, reachable: index.reachable(from: [headPosition]))
    else { throw NoteStoreError.noSuchVersion(note: note.name, id: "history", available: []) }
    var bodies: [ObjectID: [Paragraph]] = [:]
    func paragraphs(_ tree: ObjectID) throws -> [Paragraph] {
      if let known = bodies[tree] { return known }
      guard let text = try repository.treeEntry(atPath: NotePackage.textFileName, inTree: tree) else { return [] }
      let body: AttributedText
      do {
        body = try RTFReader().read(try repository.blobData(text.id)).text
      } catch {
        throw NoteStoreError.cannotLoadText(note: note.name, underlying: error)
      }
      bodies[tree] = body.paragraphs
      return body.paragraphs
    }
    let lines = try paragraphs(current.id)
    var blamed = [Int?](repeating: nil, count: lines.count)
    var pending: [Int: [(line: Int, at: Int)]] = [start: lines.indices.map { ($0, $0) }]
    try git("reading the history of \(note.name)") {
      while let next = pending.keys.max(by: { index.isNewer(index.changes[$1].commit, than: index.changes[$0].commit) }) {
        var items = pending.removeValue(forKey: next) ?? []
        let change = index.changes[next]
        guard let tree = change.tree else { continue }
        let mine = try paragraphs(tree)
        for (offset, parent) in index.commits[change.commit].parents.enumerated() where !items.isEmpty {
          if offset > 0 && change.kind != .merged { break }
          let path = index.strings[change.from >= 0 ? change.from : change.path]
          let parentCommit = index.commits[parent]
          let parentRoot = try repository.commit(parentCommit.id).tree
          guard let entry = try repository.treeEntry(atPath: path, inTree: parentRoot), entry.mode == .tree,
            let maker = index.lastChange(path: path, tree: entry.id, reachable: index.reachable(from: [parent])),
            maker != next
          else { continue }
          let matched = Self.matchParagraphs(from: try paragraphs(entry.id), to: mine)
          var rest: [(line: Int, at: Int)] = []
          for item in items {
            if let old = matched[item.at] {
              pending[maker, default: []].append((item.line, old))
            } else {
              rest.append(item)
            }
          }
          items = rest
        }
        // A restore, an undo or a resolution that brought back an existing version
        // changed nothing in it: its paragraphs belong to whoever made that version.
        if !items.isEmpty, let original = index.earlierMaker(of: tree, before: next)
        {
          pending[original, default: []].append(contentsOf: items)
          items = []
        }
        for item in items { blamed[item.line] = next }
      }
    }
    return lines.enumerated().map { number, paragraph in
      let change = blamed[number] ?? start
      let commit = index.commits[index.changes[change].commit]
      return BlameParagraph(
        paragraph: number + 1, text: paragraph.text, commit: commit.id.hex, device: index.strings[commit.device],
        author: index.strings[commit.author], date: Date(timeIntervalSince1970: TimeInterval(commit.date)))
    }
  }

  /// For each paragraph of `new`, the index of the equal paragraph of `old` it matches
  /// in a diff of the two sequences, or nil when it was added or changed.
  static func matchParagraphs(from old: [Paragraph], to new: [Paragraph]) -> [Int?] {
    var ids: [Paragraph: Int] = [:]
    func intern(_ paragraph: Paragraph) -> Int {
      if let known = ids[paragraph] { return known }
      ids[paragraph] = ids.count
      return ids.count - 1
    }
    return TokenDiff(from: old.map(intern), to: new.map(intern)).oldIndices()
  }
}
