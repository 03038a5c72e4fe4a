import Foundation

#if canImport(Glibc)
  import Glibc
#endif

// The object store on disk: loose object files and pack files under `objects/`.
extension Repository {
  struct LooseObject {
    var id: ObjectID
    var path: String
    var size: Int64
  }

  struct PackFile {
    /// The path without extension: `…/objects/pack/pack-<hash>`.
    var stem: String
    var size: Int64
    var isKept: Bool
    var indexPath: String { stem + ".idx" }
  }

  var objectsDirectory: String { gitDirectory + "/objects" }
  var packDirectory: String { objectsDirectory + "/pack" }

  /// Every loose object file (`objects/xx/<38 hex digits>`).
  ///
  /// Read with `readdir` and `fstatat` on each fan-out directory: every write asks whether
  /// a pack is due, so this must cost little more than the system calls.
  func looseObjects() -> [LooseObject] {
    var found: [LooseObject] = []
    for directory in Self.directoryNames(objectsDirectory) where directory.utf8.count == 2 {
      let directoryPath = objectsDirectory + "/" + directory
      guard let handle = opendir(directoryPath) else { continue }
      defer { closedir(handle) }
      let descriptor = dirfd(handle)
      while let entry = readdir(handle) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
          String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        guard name.utf8.count == 38, let id = ObjectID(hex: directory + name) else { continue }
        var info = stat()
        let size = fstatat(descriptor, name, &info, 0) == 0 ? Int64(info.st_size) : 0
        found.append(LooseObject(id: id, path: directoryPath + "/" + name, size: size))
      }
    }
    return found
  }

  /// The names in a directory (`.` and `..` aside); none when it cannot be read.
  private static func directoryNames(_ path: String) -> [String] {
    guard let handle = opendir(path) else { return [] }
    defer { closedir(handle) }
    var names: [String] = []
    while let entry = readdir(handle) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return names
  }

  /// Every pack that has both its `.pack` and `.idx` file.
  func packFiles() -> [PackFile] {
    let names = Set((try? FileManager.default.contentsOfDirectory(atPath: packDirectory)) ?? [])
    return names.filter { $0.hasPrefix("pack-") && $0.hasSuffix(".pack") }.sorted().compactMap { name in
      let stem = packDirectory + "/" + String(name.dropLast(".pack".count))
      let base = String(name.dropLast(".pack".count))
      guard names.contains(base + ".idx") else { return nil }
      return PackFile(stem: stem, size: Self.fileSize(stem + ".pack"), isKept: names.contains(base + ".keep"))
    }
  }

  /// Removes a pack and its companion files. The `.pack` goes last but one, the `.idx`
  /// last, as git does, so that a crash never leaves an index without its pack readable.
  func removePack(_ pack: PackFile) {
    for suffix in [".bitmap", ".rev", ".promisor", ".pack", ".idx"] {
      unlink(pack.stem + suffix)
    }
  }

  private static func fileSize(_ path: String) -> Int64 {
    var info = stat()
    return stat(path, &info) == 0 ? Int64(info.st_size) : 0
  }
}
