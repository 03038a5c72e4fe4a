import Foundation

/// A loose object that does not read whole.
public struct DamagedObject: Sendable, Hashable {
  /// The object, as its file's name gives it.
  public var id: ObjectID
  /// Why it does not read, with the file's path.
  public var reason: String
}

extension Repository {
  /// Every loose object whose file does not inflate whole to the kind and size its
  /// header gives (``LooseObjectReader``), in id order: history a command has not read
  /// yet included. Each file is read once; a store keeps few objects loose between packs.
  ///
  /// - Throws: When the objects folder cannot be listed.
  public func damagedLooseObjects() throws -> [DamagedObject] {
    guard let reader = LooseObjectReader(objectsHome: objectsHome) else {
      throw GitError.synthesized(.generic, .odb, "libdeflate or zlib could not start", "LooseObjectReader")
    }
    let objects = objectsHome + "/objects"
    let hex = Set("0123456789abcdef")
    var damaged: [DamagedObject] = []
    for folder in try FileManager.default.contentsOfDirectory(atPath: objects).sorted()
    where folder.count == 2 && folder.allSatisfy(hex.contains) {
      let names = (try? FileManager.default.contentsOfDirectory(atPath: objects + "/" + folder)) ?? []
      for name in names.sorted() where name.count == 38 && name.allSatisfy(hex.contains) {
        guard let id = ObjectID(hex: folder + name) else { continue }
        // malloc, not allocate(byteCount:): a size no memory can hold is reported, not a crash.
        switch reader.read(id, allocate: { malloc($0) }, free: { Foundation.free($0) }) {
        case .object(_, let memory, _, _): Foundation.free(memory)
        case .unreadable(let reason): damaged.append(DamagedObject(id: id, reason: reason))
        case .absent: break  // packed and pruned since the listing
        }
      }
    }
    return damaged
  }
}
