import Git

extension Store {
  /// Notes, and files of one note, whose names differ only in case (``CaseInsensitiveNames``).
  ///
  /// `notes` never makes such a pair itself, but two devices that each created one offline,
  /// or a folder made by hand and saved, can bring one in. Nothing is lost on Linux; a
  /// case-insensitive file system (macOS's and Windows' by default) holds each pair as one
  /// file, so a checkout there would show one of the two. Each pair is one problem, named
  /// by its second name in path order, with the way out.
  func caseTwinProblems(in tree: ObjectID) throws -> [VerificationProblem] {
    var problems: [VerificationProblem] = []
    let packages = try git("listing notes") { try PackageScanner(repository: repository).packages(in: tree) }
    var notes = CaseInsensitiveNames([String]())
    for (path, packageTree) in packages {
      if let twin = notes.twin(of: path.name) {
        problems.append(
          VerificationProblem(
            note: path.name,
            problem: "its name differs from \(twin)'s only in case, which macOS and Windows hold as one note; "
              + "rename one (`notes rename`)"))
      }
      notes.insert(path.name)
      problems += try caseTwinFiles(in: packageTree, prefix: "").map { VerificationProblem(note: path.name, problem: $0) }
    }
    return problems
  }

  /// The files and folders of a package whose names differ only in case from another's
  /// in the same folder.
  private func caseTwinFiles(in tree: ObjectID, prefix: String) throws -> [String] {
    var problems: [String] = []
    var names = CaseInsensitiveNames([String]())
    for entry in try git("reading a package", { try repository.treeEntries(tree) }) {
      if let twin = names.twin(of: entry.name) {
        problems.append(
          "\(prefix + entry.name) and \(prefix + twin) differ only in case, which macOS and Windows hold as one file; "
            + "rename one (`notes detach` and `notes attach` for an attachment)")
      }
      names.insert(entry.name)
      if entry.mode == .tree { problems += try caseTwinFiles(in: entry.id, prefix: prefix + entry.name + "/") }
    }
    return problems
  }
}
