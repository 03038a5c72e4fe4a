import Foundation
import Git

/// Checks trees and commits that come from outside this device (a fetch, a clone)
/// before any of them is merged, fast-forwarded or checked out (DESIGN §9). It meets
/// git's `fsck --strict` tree and commit checks and `verify_path`'s spellings of
/// `.git`, and adds NoteStore's own: no control characters in names, nesting and file
/// sizes within ``TreeLimits``, well-formed packages and conflict records.
///
/// Trees are read as raw bytes, so a crafted tree that libgit2 would normalize or
/// refuse to parse is still judged by what it holds. Parts that equal a trusted tree
/// (the one already on this device's branch) are not read again.
struct TreeInspector {
  let repository: Repository
  /// The largest file a tree may hold (`notes.maxBlobSize`).
  var maximumBlobSize: Int64 = TreeLimits.defaultMaximumBlobSize
  /// Large trees parsed before in this process, shared with other readers: a tree's
  /// bytes never change under its id, so its entries are judged the same either way.
  /// Without it, one inspection keeps the last two large trees it read (a commit's root
  /// tree is read again as the trusted tree of the next one).
  var trees: ParsedTreeCache? = nil

  /// What a folder is, which decides the rules for its entries.
  private enum Place: Hashable {
    case root, folder, package, attachments, packageOther, notesFolder, conflicts, other
  }

  private struct Visit: Hashable {
    var tree: ObjectID
    var place: Place
    var depth: Int
  }

  /// The first broken rule in the commits reachable from `tip` and not from
  /// `trusted`: each commit's header, and each tree object once. Nil when all of it
  /// is sound.
  func firstViolation(inHistoryOf tip: ObjectID, trusted: [ObjectID]) throws -> TreeViolation? {
    let fresh: [ObjectID]
    do {
      fresh = try repository.commits(from: [tip], hiding: trusted)
    } catch {
      // libgit2's walk stops at a commit it cannot parse; name that one as git's fsck would.
      return firstMalformedCommit(from: tip, trusted: Set(trusted))
        ?? TreeViolation(commit: tip.hex, path: "", rule: .missingObject, detail: "\(error)")
    }
    let freshSet = Set(fresh)
    var context = Context(commit: tip, seen: [], trees: trees ?? ParsedTreeCache(capacity: 2))
    // The trees of the fresh commits already found sound, by commit.
    var soundTrees: [ObjectID: ObjectID] = [:]
    // Oldest first, so the first report is the commit that broke the rule first.
    for commit in fresh.reversed() {
      let header: CommitHeader
      switch readCommit(commit) {
      case .failure(let violation): return violation
      case .success(let parsed): header = parsed
      }
      // Where this tree equals its first parent's, trusted or fresh and found sound
      // already, it need not be read again: each fetched commit costs what it changed.
      // Other fresh parents' folders are in `seen` already.
      var trustedTree: ObjectID?
      if let parent = header.parents.first, let sound = soundTrees[parent] {
        trustedTree = sound
      } else if let parent = header.parents.first, !freshSet.contains(parent) {
        do {
          trustedTree = try repository.commit(parent).tree
        } catch {
          return TreeViolation(commit: commit.hex, path: "", rule: .missingObject, detail: "parent \(parent.hex.prefix(12))")
        }
      }
      context.commit = commit
      if let violation = firstViolation(in: header.tree, comparedWith: trustedTree, context: &context) {
        return violation
      }
      soundTrees[commit] = header.tree
    }
    return nil
  }

  /// The first broken rule in `tree` (the tree of `commit`), reading only the
  /// folders that differ from `trustedTree`.
  func firstViolation(in tree: ObjectID, commit: ObjectID, comparedWith trustedTree: ObjectID?) throws -> TreeViolation? {
    var context = Context(commit: commit, seen: [], trees: trees ?? ParsedTreeCache(capacity: 2))
    return firstViolation(in: tree, comparedWith: trustedTree, context: &context)
  }

  private func firstViolation(in tree: ObjectID, comparedWith trustedTree: ObjectID?, context: inout Context) -> TreeViolation? {
    if tree == trustedTree { return nil }
    return walk(tree, trusted: trustedTree, path: "", place: .root, depth: 0, context: &context)
  }

  private struct Context {
    var commit: ObjectID
    var seen: Set<Visit>
    /// The large trees read before.
    let trees: ParsedTreeCache
  }

  private func walk(
    _ tree: ObjectID, trusted: ObjectID?, path: String, place: Place, depth: Int, context: inout Context
  ) -> TreeViolation? {
    let commit = context.commit
    if tree == trusted { return nil }
    let visit = Visit(tree: tree, place: place, depth: depth)
    if context.seen.contains(visit) { return nil }
    if depth > TreeLimits.maximumDepth {
      return TreeViolation(commit: commit.hex, path: path, rule: .tooDeep, detail: "")
    }
    let entries: ParsedTree
    switch readTree(tree, context: context) {
    case .failure(let problem): return TreeViolation(commit: commit.hex, path: path, rule: problem.rule, detail: problem.detail)
    case .success(let parsed): entries = parsed
    }
    func violation(_ rule: TreeRule, _ index: Int?, _ detail: String = "") -> TreeViolation {
      let at = index.map { path.isEmpty ? entries.nameText($0) : path + "/" + entries.nameText($0) } ?? path
      return TreeViolation(commit: commit.hex, path: at, rule: rule, detail: detail)
    }
    var trustedEntries: ParsedTree? = nil
    if let trusted, case .success(let parsed) = readTree(trusted, context: context) { trustedEntries = parsed }
    // Names and modes are read where they lie in `entries` and `trustedEntries`: both
    // live to the end of the walk of this folder.
    defer { withExtendedLifetime((entries, trustedEntries)) {} }
    let trustedCount = trustedEntries?.count ?? 0
    var trustedIndex = 0
    let pathBytes = path.utf8.count
    // Whether a file was seen: a folder of the same name sorts after it, perhaps not next to it.
    var hasFiles = false
    // Whether a file the trusted tree does not hold was seen. Until then, a folder the
    // trusted tree holds as it is needs no search for a file of its name: such a file
    // would be in the trusted tree too, beside the same folder, which it was judged
    // without (a fetched root of 10,000 notes with one edit is not searched 10,000 times).
    var hasChangedFiles = false
    let foldersHaveRules = Self.placesWithFolderRules.contains(place)
    for index in 0..<entries.count {
      // The trusted tree's entry of the same name and kind, found by walking both in order.
      var known: Int?
      if let trustedEntries {
        while trustedIndex < trustedCount {
          let order = trustedEntries.order(trustedIndex, entries, index)
          if order < 0 {
            trustedIndex += 1
            continue
          }
          if order == 0 { known = trustedIndex }
          break
        }
      }
      // An entry the trusted tree holds as it is (name, mode and object) was judged with
      // it, as an equal folder is: a fetched commit's names cost only where it changed.
      let unchanged = known.map { trustedEntries?.isSame($0, as: entries, index) ?? false } ?? false
      let name = entries.name(index)
      if !unchanged, let rule = EntryNameRules.violation(of: name) { return violation(rule, index) }
      if pathBytes + name.count + 1 > TreeLimits.maximumPathBytes { return violation(.pathTooLong, nil) }
      if index > 0 {
        let order = entries.order(index - 1, entries, index)
        if order == 0 || Self.areEqual(entries.name(index - 1), name) { return violation(.duplicateEntries, index) }
        if order > 0 { return violation(.treeNotSorted, index) }
      }
      // The entries before this one are in strict order now, so a file of its name is
      // found by binary search among them.
      let kind = entries.kind(index)
      if kind.sortsAsFolder && hasFiles && (!unchanged || hasChangedFiles)
        && entries.holdsNonFolder(named: name, before: index)
      {
        return violation(.duplicateEntries, index)
      }
      // For a folder, a file or an executable, the same kind means the same mode bytes,
      // so `unchanged` says the trusted tree holds the same object of the same kind.
      switch kind {
      case .folder:
        // Only inside a package, its attachments and the conflicts folder does a
        // folder's name break a rule: the 10,000 folders of a root are not spelled out.
        if foldersHaveRules {
          let name = entries.nameText(index)
          if let rule = packageRule(name: name, isFolder: true, in: place) { return violation(rule, index, "'\(name)' is a folder") }
        }
        if unchanged { continue }
        let name = entries.nameText(index)
        let inner = self.place(of: name, in: place)
        let entryPath = path.isEmpty ? name : path + "/" + name
        let trustedInner = known.flatMap { known in
          trustedEntries.flatMap { $0.kind(known) == .folder ? $0.id(known) : nil }
        }
        if let found = walk(
          entries.id(index), trusted: trustedInner, path: entryPath, place: inner, depth: depth + 1, context: &context)
        {
          return found
        }
      case .file, .executable:
        hasFiles = true
        if !unchanged { hasChangedFiles = true }
        if place != .root && place != .folder || Self.isFixedName(name) {
          let text = entries.nameText(index)
          if let rule = packageRule(name: text, isFolder: false, in: place) {
            return violation(rule, index, "'\(text)' is a file")
          }
        }
        if unchanged { continue }
        let id = entries.id(index)
        if let found = checkBlob(id, name: entries.nameText(index), place: place, violation: { violation($0, index, $1) }) {
          return found
        }
      case .zeroPaddedFolder:
        return violation(.zeroPaddedFilemode, index, "040000")
      case .symbolicLink:
        return violation(.badFilemode, index, "a symbolic link")
      case .gitlink:
        return violation(.badFilemode, index, "a submodule (gitlink)")
      case .unknown:
        return violation(.badFilemode, index, "mode \(String(decoding: entries.mode(index), as: UTF8.self))")
      }
    }
    context.seen.insert(visit)
    return nil
  }

  /// Whether two names are the same bytes.
  private static func areEqual(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
    guard a.count == b.count else { return false }
    guard let x = a.baseAddress, let y = b.baseAddress else { return true }
    return memcmp(x, y, a.count) == 0
  }

  /// The places where ``packageRule(name:isFolder:in:)`` can refuse a folder.
  private static let placesWithFolderRules: Set<Place> = [.package, .attachments, .conflicts]

  /// Names whose kind a package or the conflicts folder fixes.
  private static let fixedNames: [[UInt8]] = [
    Array(NotePackage.attachmentsFolderName.utf8), Array(NotePackage.textFileName.utf8),
  ]

  /// Whether `name` is one of ``fixedNames``.
  private static func isFixedName(_ name: UnsafeRawBufferPointer) -> Bool {
    fixedNames.contains { fixed in fixed.withUnsafeBytes { areEqual($0, name) } }
  }

  private struct Problem: Error {
    var rule: TreeRule
    var detail: String
  }

  /// A tree object, read raw, or from the trees read before.
  private func readTree(_ id: ObjectID, context: Context) -> Result<ParsedTree, Problem> {
    let read: ParsedTreeCache.Read
    do {
      read = try context.trees.read(id, in: repository)
    } catch {
      return .failure(Problem(rule: .missingObject, detail: "folder \(id.hex.prefix(12)): \(error)"))
    }
    switch read {
    case .tree(let tree): return .success(tree)
    case .notATree(let kind): return .failure(Problem(rule: .badType, detail: "a folder entry names a \(kind)"))
    case .malformed: return .failure(Problem(rule: .badTree, detail: ""))
    }
  }

  /// The first rule file `id`, named `name`, breaks in `place`.
  private func checkBlob(
    _ id: ObjectID, name: String, place: Place, violation: (TreeRule, String) -> TreeViolation
  ) -> TreeViolation? {
    let header: (kind: ObjectKind, size: Int64)
    do {
      header = try repository.objectHeader(id)
    } catch {
      return violation(.missingObject, "file \(id.hex.prefix(12)): \(error)")
    }
    guard header.kind == .blob else { return violation(.badType, "a file entry names a \(header.kind)") }
    if header.size > maximumBlobSize {
      return violation(.blobTooLarge, "\(header.size) bytes, the limit is \(maximumBlobSize)")
    }
    if place == .conflicts {
      let recordPath = ConflictRecord.folder + "/" + name
      if let problem = ConflictRecordCheck.problem(recordPath: recordPath, blob: id, repository: repository) {
        return violation(.badConflictRecord, problem)
      }
    }
    return nil
  }

  /// The rule a package's fixed entries break: `Text.rtf` must be a file,
  /// `Attachments` a folder, and an attachment a file; a conflict record a file.
  private func packageRule(name: String, isFolder: Bool, in place: Place) -> TreeRule? {
    switch place {
    case .package:
      if name == NotePackage.textFileName && isFolder { return .badPackage }
      if name == NotePackage.attachmentsFolderName && !isFolder { return .badPackage }
    case .attachments:
      if isFolder { return .badPackage }
    case .conflicts:
      if isFolder { return .badConflictRecord }
    default:
      break
    }
    return nil
  }

  private func place(of name: String, in parent: Place) -> Place {
    switch parent {
    case .root:
      if name == ".notes" { return .notesFolder }
      return Self.isPackageName(name) ? .package : .folder
    case .folder:
      return Self.isPackageName(name) ? .package : .folder
    case .notesFolder:
      return name == "conflicts" ? .conflicts : .other
    case .package:
      return name == NotePackage.attachmentsFolderName ? .attachments : .packageOther
    case .attachments, .packageOther, .conflicts, .other:
      return .other
    }
  }

  static func isPackageName(_ name: String) -> Bool {
    !name.hasPrefix(".") && name.hasSuffix(NotePath.packageExtension) && name.count > NotePath.packageExtension.count
  }

  // MARK: - Commits

  private struct CommitHeader {
    var tree: ObjectID
    var parents: [ObjectID]
  }

  /// The first commit from `tip` back (parents read from the raw objects, at most
  /// `limit` commits, stopping at `trusted`) whose header is malformed; nil when none is.
  private func firstMalformedCommit(from tip: ObjectID, trusted: Set<ObjectID>, limit: Int = 100_000) -> TreeViolation? {
    var queue = [tip]
    var seen: Set<ObjectID> = [tip]
    while let commit = queue.popLast(), seen.count <= limit {
      switch readCommit(commit) {
      case .failure(let violation) where violation.rule == .badCommit: return violation
      case .failure: return nil
      case .success(let header):
        for parent in header.parents where !trusted.contains(parent) && seen.insert(parent).inserted {
          queue.append(parent)
        }
      }
    }
    return nil
  }

  /// Parses a commit's header as git's `fsck` does: `tree`, then `parent` lines,
  /// then `author` and `committer` with well-formed identities.
  private func readCommit(_ id: ObjectID) -> Result<CommitHeader, TreeViolation> {
    func bad(_ detail: String) -> Result<CommitHeader, TreeViolation> {
      .failure(TreeViolation(commit: id.hex, path: "", rule: .badCommit, detail: detail))
    }
    let object: (kind: ObjectKind, bytes: [UInt8])
    do {
      object = try repository.rawObject(id)
    } catch {
      return .failure(TreeViolation(commit: id.hex, path: "", rule: .missingObject, detail: "\(error)"))
    }
    guard object.kind == .commit else { return bad("not a commit") }
    let headerBytes = object.bytes.split(separator: 0x0A, maxSplits: 64, omittingEmptySubsequences: false)
    var lines = headerBytes.prefix { !$0.isEmpty }.map { String(decoding: $0, as: UTF8.self) }[...]
    guard let treeLine = lines.popFirst(), treeLine.hasPrefix("tree "),
      let tree = Self.objectID(treeLine.dropFirst(5))
    else { return bad("no valid tree line") }
    var parents: [ObjectID] = []
    while let line = lines.first, line.hasPrefix("parent ") {
      guard let parent = Self.objectID(line.dropFirst(7)) else { return bad("invalid parent line") }
      parents.append(parent)
      lines.removeFirst()
    }
    guard let author = lines.popFirst(), author.hasPrefix("author "), Self.isIdentity(author.dropFirst(7)) else {
      return bad("missing or malformed author")
    }
    guard let committer = lines.popFirst(), committer.hasPrefix("committer "), Self.isIdentity(committer.dropFirst(10))
    else { return bad("missing or malformed committer") }
    return .success(CommitHeader(tree: tree, parents: parents))
  }

  /// Forty lowercase hexadecimal digits, as git writes ids in headers.
  private static func objectID(_ text: Substring) -> ObjectID? {
    guard text.utf8.count == 40, text.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) })
    else { return nil }
    return ObjectID(hex: String(text))
  }

  /// `Name <email> 1700000000 +0100`, as `fsck_ident` wants it.
  private static func isIdentity(_ text: Substring) -> Bool {
    guard let open = text.firstIndex(of: "<"), let close = text[open...].firstIndex(of: ">") else { return false }
    if text[..<open].contains(">") || text[text.index(after: open)..<close].contains("<") { return false }
    let rest = text[text.index(after: close)...]
    let parts = rest.split(separator: " ", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0].isEmpty, let seconds = parts[1].first, seconds.isNumber,
      parts[1].allSatisfy({ $0.isASCII && $0.isNumber }), parts[1].count <= 18
    else { return false }
    if parts[1].count > 1 && parts[1].hasPrefix("0") { return false }
    let zone = parts[2]
    guard zone.count == 5, let sign = zone.first, sign == "+" || sign == "-",
      zone.dropFirst().allSatisfy({ $0.isASCII && $0.isNumber })
    else { return false }
    return true
  }
}
