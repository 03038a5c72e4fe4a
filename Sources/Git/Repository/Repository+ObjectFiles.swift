import Foundation

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
  func looseObjects() -> [LooseObject] {
    let files = FileManager.default
    var found: [LooseObject] = []
    let fanOut = (try? files.contentsOfDirectory(atPath: objectsDirectory)) ?? []
    for directory in fanOut where directory.utf8.count == 2 {
      let directoryPath = objectsDirectory + "/" + directory
      for name in (try? files.contentsOfDirectory(atPath: directoryPath)) ?? [] {
        guard name.utf8.count == 38, let id = ObjectID(hex: directory + name) else { continue }
        let path = directoryPath + "/" + name
        found.append(LooseObject(id: id, path: path, size: Self.fileSize(path)))
      }
    }
    return found
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
