import Git

extension Store {
  /// Registers `notes` as git's merge driver and diff text converter for `*.rtf`
  /// (`.gitattributes` names them `notes-rtf`), so plain `git merge`, `git diff` and
  /// `git log -p` in the store are RTF-aware.
  ///
  /// - Parameter notesCommand: how git should run `notes`, shell-quoted (an absolute
  ///   path is safest).
  public func registerGitDrivers(notesCommand: String) throws {
    try git("registering the git drivers") {
      try repository.setConfig("merge.notes-rtf.name", to: "NoteStore rich-text merge")
      try repository.setConfig("merge.notes-rtf.driver", to: "\(notesCommand) merge-driver %O %A %B %L %P")
      try repository.setConfig("diff.notes-rtf.textconv", to: "\(notesCommand) textconv")
    }
  }
}
