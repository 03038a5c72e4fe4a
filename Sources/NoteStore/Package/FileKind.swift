import Foundation

/// What a path in the file system is, read without following a final symlink
/// unless asked.
struct FileKind {
  /// A regular file (not a directory, symlink, device or socket).
  var isRegularFile: Bool
  /// The owner may execute it.
  var isExecutable: Bool
  /// A directory.
  var isFolder: Bool = false

  /// Reads the kind of `path`.
  /// - Throws: the file system's error when `path` cannot be read.
  static func of(_ path: String, followingLinks: Bool) throws -> FileKind {
    let target = followingLinks ? URL(fileURLWithPath: path).resolvingSymlinksInPath().path : path
    let attributes = try FileManager.default.attributesOfItem(atPath: target)
    let type = attributes[.type] as? FileAttributeType
    let permissions = (attributes[.posixPermissions] as? NSNumber)?.intValue ?? 0
    return FileKind(
      isRegularFile: type == .typeRegular, isExecutable: permissions & 0o100 != 0, isFolder: type == .typeDirectory)
  }
}
