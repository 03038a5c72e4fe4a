import Git
import RichText

/// One thing wrong with a committed note.
public struct VerificationProblem: Sendable, Hashable, Codable {
  /// The note's name, or the store path for problems outside notes.
  public var note: String
  /// What is wrong.
  public var problem: String
}

extension Store {
  /// Checks every committed package (a readable RTF body, attachments that are plain
  /// files with valid names, no symlinks or submodules, valid names, no two names that
  /// differ only in case), the history's commits, and every loose object, earlier
  /// versions' included.
  ///
  /// - Returns: the problems found (the store's own under "."); empty when all is well.
  public func verify() throws -> [VerificationProblem] {
    guard let head = try headCommit() else { return [] }
    let tree: ObjectID
    do {
      tree = try commitTree(head)
    } catch {
      return [VerificationProblem(note: ".", problem: "the current commit cannot be read: \(Store.describe(error))")]
    }
    // Case twins are reported here, not by `verify --staged` (the pre-commit hook): one
    // brought in by a sync must not stop every commit, the rename that fixes it included.
    return try verifyHistory(from: head) + verifyLooseObjects() + verify(tree: tree, namingCaseTwins: true)
  }

  /// Every loose object that does not read whole, history included, as a problem of the
  /// store: a damaged object fails whichever command reads it next.
  private func verifyLooseObjects() throws -> [VerificationProblem] {
    try git("checking loose objects") { try repository.damagedLooseObjects() }.map { damaged in
      VerificationProblem(
        note: ".",
        problem: damaged.reason + "; `git fsck` names every broken object, `notes clone` from a remote makes a healthy copy")
    }
  }

  /// Every commit of the device branch's history, read (and so hash-checked) once:
  /// the history `list`, `versions` and `log` walk.
  private func verifyHistory(from head: ObjectID) throws -> [VerificationProblem] {
    do {
      for id in try repository.commits(from: [head]) { _ = try repository.commit(id) }
      return []
    } catch {
      return [
        VerificationProblem(
          note: ".",
          problem: Store.describe(NoteStoreError.repository(operation: "reading the history", underlying: error)))
      ]
    }
  }

  /// The problems of every package in `tree`, as ``verify()`` finds them, with names
  /// that differ only in case (``CaseInsensitiveNames``) when `namingCaseTwins`. A tree
  /// that cannot be read at all is one problem, of the store itself.
  func verify(tree: ObjectID, namingCaseTwins: Bool = false) throws -> [VerificationProblem] {
    do {
      return try verifyReadable(tree: tree, namingCaseTwins: namingCaseTwins)
    } catch {
      return [
        VerificationProblem(
          note: ".", problem: "the current tree cannot be read: \(Store.describe(error))")
      ]
    }
  }

  private func verifyReadable(tree: ObjectID, namingCaseTwins: Bool) throws -> [VerificationProblem] {
    var problems: [VerificationProblem] = []
    if try git("reading .notes/format", { try repository.treeEntry(atPath: StoreLayout.formatPath, inTree: tree) }) == nil {
      problems.append(VerificationProblem(note: StoreLayout.formatPath, problem: "missing"))
    }
    do {
      _ = try ConflictBook(repository: repository).records(in: tree)
    } catch let error as NoteStoreError {
      if case .malformedConflictRecord(let path, let reason) = error {
        problems.append(VerificationProblem(note: path, problem: reason))
      } else {
        problems.append(VerificationProblem(note: ConflictRecord.folder, problem: error.description))
      }
    }
    let scanner = PackageScanner(repository: repository)
    var names = CaseInsensitiveNames([String]())
    for (path, packageTree) in try git("listing notes", { try scanner.packages(in: tree) }) {
      if namingCaseTwins, let twin = names.twin(of: path.name) {
        problems.append(VerificationProblem(note: path.name, problem: Self.caseTwinNote(twin)))
      }
      names.insert(path.name)
      do {
        problems += try verifyPackage(path, tree: packageTree, namingCaseTwins: namingCaseTwins)
          .map { VerificationProblem(note: path.name, problem: $0) }
      } catch {
        problems.append(
          VerificationProblem(
            note: path.name,
            problem: Self.unreadableObjects(Store.describe(error))))
      }
    }
    return problems
  }

  /// A package's problem when its objects cannot be read, said once with the way out.
  private static func unreadableObjects(_ cause: String) -> String {
    let hint = cause.contains("git fsck") ? "" : "; the object database is damaged: `git fsck` names the broken objects"
    return "its objects cannot be read (\(cause))" + hint
  }

  private func verifyPackage(_ path: NotePath, tree: ObjectID, namingCaseTwins: Bool) throws -> [String] {
    var problems: [String] = []
    do {
      try EntryName.validate(path.title, suffix: NotePath.packageExtension)
    } catch {
      problems.append("\(error)")
    }
    let entries = try git("reading \(path.name)") { try repository.treeEntries(tree) }
    if let text = entries.first(where: { $0.name == NotePackage.textFileName }) {
      if text.mode != .blob && text.mode != .executable {
        problems.append("\(NotePackage.textFileName) is not a file")
      } else {
        do {
          let result = try RTFReader().read(try repository.blobData(text.id))
          if result.unclosedGroups > 0 {
            problems.append("\(CutOffBody(openGroups: result.unclosedGroups, refused: false))")
          }
        } catch let error as RTFError {
          problems.append("the body is not readable RTF: \(error)")
        } catch {
          problems.append("the body cannot be read: \(error)")
        }
      }
    } else {
      problems.append("it has no \(NotePackage.textFileName)")
    }
    problems += try entryProblems(tree: tree, prefix: "", namingCaseTwins: namingCaseTwins)
    return problems
  }

  /// Symlinks, submodules and bad names anywhere in a package, attachments that are
  /// folders, and with `namingCaseTwins` names of one folder that differ only in case.
  private func entryProblems(tree: ObjectID, prefix: String, namingCaseTwins: Bool) throws -> [String] {
    var problems: [String] = []
    var names = CaseInsensitiveNames([String]())
    for entry in try git("reading a package", { try repository.treeEntries(tree) }) {
      let path = prefix + entry.name
      if namingCaseTwins, let twin = names.twin(of: entry.name) {
        problems.append(Self.caseTwinFile(path, prefix + twin))
      }
      names.insert(entry.name)
      switch entry.mode {
      case .link: problems.append("\(path) is a symbolic link")
      case .commit: problems.append("\(path) is a submodule")
      case .tree:
        if prefix == NotePackage.attachmentsFolderName + "/" {
          problems.append("\(path) is a folder inside \(NotePackage.attachmentsFolderName)")
        }
        problems += try entryProblems(tree: entry.id, prefix: path + "/", namingCaseTwins: namingCaseTwins)
      case .blob, .executable:
        // Read every byte: libgit2 checks each object's hash as it reads, so a damaged
        // pack or loose object shows here.
        _ = try git("reading \(path)") { try repository.blobData(entry.id) }
      }
      do {
        try EntryName.validate(entry.name)
      } catch {
        problems.append("\(path): \(error)")
      }
    }
    return problems
  }

  // MARK: - Names that differ only in case

  // `notes` never makes such a pair itself, but two devices that each created one
  // offline, or a folder made by hand and saved, can bring one in. Nothing is lost on
  // Linux; a case-insensitive file system (macOS's and Windows' by default) holds the
  // pair as one file, so a checkout there would show one of the two. Each pair is one
  // problem, named by its second name in path order, with the way out.

  /// The problem of a note whose name differs from `twin`'s only in case.
  private static func caseTwinNote(_ twin: String) -> String {
    "its name differs from \(twin)'s only in case, which macOS and Windows hold as one note; rename one (`notes rename`)"
  }

  /// The problem of two files or folders of one package, `path` and `twin`, that differ
  /// only in case.
  private static func caseTwinFile(_ path: String, _ twin: String) -> String {
    "\(path) and \(twin) differ only in case, which macOS and Windows hold as one file; "
      + "rename one (`notes detach` and `notes attach` for an attachment)"
  }
}
