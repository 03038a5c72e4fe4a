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

  /// The path of a new top-level note called `name`.
  /// - Throws: `NoteStoreError.invalidName` when the name breaks the rules.
  public init(newNoteNamed name: String) throws(NoteStoreError) {
    try EntryName.validate(name, suffix: NotePath.packageExtension)
    path = name + NotePath.packageExtension
  }

  /// The name the user sees: the path without `.note`.
  public var name: String { String(path.dropLast(NotePath.packageExtension.count)) }

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
