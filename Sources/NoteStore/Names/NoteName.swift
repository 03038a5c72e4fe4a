/// Where a note lives in the store: its package path, such as `Shopping.note` or
/// `Work/Plan.note`, and its display name (`Shopping`, `Work/Plan`).
public struct NotePath: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// The package extension.
  public static let packageExtension = ".note"

  /// The package directory relative to the store root, such as `Work/Plan.note`.
  public let path: String

  /// Makes a path from a package directory path; it must end in `.note`.
  init(packagePath: String) {
    path = packagePath
  }

  /// The path of a new note called `name`: a title (`Idea`), or folders and a title
  /// (`Work/Idea`, `Work/2026/Plan`), each folder following a note name's rules.
  /// - Throws: `NoteStoreError.invalidName` when the title or a folder breaks the rules.
  public init(newNoteNamed name: String) throws(NoteStoreError) {
    guard let slash = name.lastIndex(of: "/") else {
      try EntryName.validate(name, suffix: NotePath.packageExtension)
      path = name + NotePath.packageExtension
      return
    }
    let folder = String(name[..<slash])
    let title = String(name[name.index(after: slash)...])
    if title.isEmpty { throw .invalidName(name, reason: "a note name cannot end with '/'") }
    try NotePath.validateFolder(folder)
    try EntryName.validate(title, suffix: NotePath.packageExtension)
    path = folder + "/" + title + NotePath.packageExtension
  }

  /// Checks a folder path (`Work` or `Work/2026`): every part follows the rules of a note
  /// name and none ends in `.note` (it would read as a note).
  /// - Throws: `NoteStoreError.invalidName` naming the part and the rule.
  public static func validateFolder(_ folder: String) throws(NoteStoreError) {
    if folder.isEmpty { throw .invalidName(folder, reason: "a folder name cannot be empty") }
    for part in folder.split(separator: "/", omittingEmptySubsequences: false).map(String.init) {
      if part.isEmpty {
        throw .invalidName(folder, reason: "a folder path cannot have an empty part (\"//\" or a leading '/')")
      }
      try EntryName.validate(part)
      if part.hasSuffix(packageExtension) {
        throw .invalidName(part, reason: "a folder name cannot end in '\(packageExtension)'")
      }
    }
  }

  /// The same note in `folder` (`""` for the top level), keeping its title.
  /// - Throws: `NoteStoreError.invalidName` when the folder breaks the rules.
  public func moved(toFolder folder: String) throws(NoteStoreError) -> NotePath {
    if folder.isEmpty { return NotePath(packagePath: title + NotePath.packageExtension) }
    try NotePath.validateFolder(folder)
    return NotePath(packagePath: folder + "/" + title + NotePath.packageExtension)
  }

  /// Whether the note is in `folder` or one of its subfolders (`""` holds every note).
  public func isInside(folder: String) -> Bool {
    folder.isEmpty || path.hasPrefix(folder + "/")
  }

  /// The name the user sees: the path without `.note`.
  public var name: String { PackageSuffix.droppingExtension(path) }

  /// The last component of the name (`Plan` for `Work/Plan.note`).
  public var title: String {
    name.split(separator: "/").last.map(String.init) ?? name
  }

  /// The folder that holds the package, or "" at the top level.
  public var folder: String {
    guard let slash = path.lastIndex(of: "/") else { return "" }
    return String(path[..<slash])
  }

  /// The path of the body file.
  public var textPath: String { path + "/" + NotePackage.textFileName }

  /// The path of the attachments folder.
  public var attachmentsPath: String { path + "/" + NotePackage.attachmentsFolderName }

  /// The same note renamed to `newName`, in the same folder.
  func renamed(to newName: String) throws(NoteStoreError) -> NotePath {
    try EntryName.validate(newName, suffix: NotePath.packageExtension)
    let prefix = folder.isEmpty ? "" : folder + "/"
    return NotePath(packagePath: prefix + newName + NotePath.packageExtension)
  }

  public var description: String { name }

  public static func < (lhs: NotePath, rhs: NotePath) -> Bool { lhs.path < rhs.path }
}
