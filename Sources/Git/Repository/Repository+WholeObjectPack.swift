import CLibGit2
import Foundation

extension Repository {
  /// Writes `objects` (each once, in the order given) into a new pack of whole objects,
  /// with no delta search, and its index; both are durable on return.
  ///
  /// For bulk writes of new objects, as `git add` stores them whole: libgit2's pack
  /// builder always searches for deltas, and among a batch of new notes, which share
  /// little, that search was two thirds of a 10,000-note import's time for no smaller
  /// pack. Packing later (``packLooseObjects()``) combines such packs with deltas.
  ///
  /// The pack is named by its checksum, as git names packs, and appears under its final
  /// name (pack first, then index) only once both are complete on disk.
  ///
  /// - Returns: The index path.
  @discardableResult
  func writeWholeObjectPack(of objects: [ObjectID]) throws -> String {
    var seen = Set<ObjectID>()
    let unique = objects.filter { seen.insert($0).inserted }
    removeStaleTemporaryPacks()
    // No .pack or .idx suffix until the rename: git and libgit2 load every *.idx here.
    let tag = "\(getpid())_\(UInt32.random(in: 0...UInt32.max))"
    let temporaryPack = packDirectory + "/tmp_pack_" + tag
    let temporaryIndex = packDirectory + "/tmp_idx_" + tag
    var renamedPack: String?
    do {
      let checksum: [UInt8]
      var entries: [PackIndexFormat.Entry] = []
      entries.reserveCapacity(unique.count)
      do {
        let file = try FileDescriptor(
          path: temporaryPack, flags: O_WRONLY | O_CREAT | O_EXCL, mode: 0o444, function: "open")
        let descriptor = file.rawValue
        let writer = try PackStreamWriter { (bytes) throws in
          try FileDescriptor.writeAll(bytes, to: descriptor, name: "'\(temporaryPack)'")
        }
        try writer.writeHeader(count: unique.count)
        let reader = try ObjectReader(repository: self)
        for id in unique {
          let offset = writer.position
          try reader.read(id) { (type, bytes) throws in
            guard let kind = PackStreamWriter.ObjectType(type) else {
              throw GitError.synthesized(.invalid, .object, "object \(id) has no pack type", "git_odb_read")
            }
            try writer.writeObject(type: kind, data: bytes)
          }
          entries.append(PackIndexFormat.Entry(id: id, offset: offset, crc: writer.objectCRC))
        }
        checksum = try writer.finish()
        try file.sync(path: temporaryPack)
        try file.close(path: temporaryPack)
      }
      guard let index = PackIndexFormat.bytes(of: entries, packChecksum: checksum) else {
        throw GitError.synthesized(.generic, .internal, "SHA-1 of the pack index failed", "writeWholeObjectPack")
      }
      let indexFile = try FileDescriptor(
        path: temporaryIndex, flags: O_WRONLY | O_CREAT | O_EXCL, mode: 0o444, function: "open")
      try indexFile.writeAll(index, path: temporaryIndex)
      try indexFile.sync(path: temporaryIndex)
      try indexFile.close(path: temporaryIndex)

      guard let packID = ObjectID(bytes: checksum) else {
        throw GitError.synthesized(.generic, .internal, "the pack checksum is not 20 bytes", "writeWholeObjectPack")
      }
      let name = packDirectory + "/pack-" + packID.hex
      if access(name + ".pack", F_OK) == 0 && access(name + ".idx", F_OK) == 0 {
        // The same objects in the same order were packed before: that pack stays (its
        // names are synced below, in case the run that wrote it was killed before that).
        unlink(temporaryPack)
        unlink(temporaryIndex)
      } else {
        try Self.rename(temporaryPack, to: name + ".pack")
        renamedPack = name + ".pack"
        try Self.rename(temporaryIndex, to: name + ".idx")
        renamedPack = nil  // complete: from here on an error never removes it
      }
      let directory = try FileDescriptor(path: packDirectory, flags: O_RDONLY, function: "open")
      try directory.sync(path: packDirectory)
      return name + ".idx"
    } catch {
      unlink(temporaryPack)
      unlink(temporaryIndex)
      // A pack without its index is invisible to git and libgit2; it goes too.
      if let renamedPack { unlink(renamedPack) }
      throw error
    }
  }

  /// Removes what a killed ``writeWholeObjectPack(of:)`` left, once it is an hour old (a
  /// live write takes seconds, and runs under the store's lock): its temporary files, and
  /// a pack renamed into place whose index never followed. Such a pack is invisible to
  /// git and libgit2 (they find packs through their `.idx`), so it only takes room.
  private func removeStaleTemporaryPacks() {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: packDirectory) else { return }
    let cutoff = time(nil) - 3600
    let present = Set(names)
    for name in names {
      let isTemporary = name.hasPrefix("tmp_pack_") || name.hasPrefix("tmp_idx_")
      let isPackWithoutIndex =
        name.hasPrefix("pack-") && name.hasSuffix(".pack") && !present.contains(name.dropLast(5) + ".idx")
      guard isTemporary || isPackWithoutIndex else { continue }
      let path = packDirectory + "/" + name
      var info = stat()
      if lstat(path, &info) == 0 && info.st_mtim.tv_sec < cutoff { unlink(path) }
    }
  }

  private static func rename(_ source: String, to target: String) throws(GitError) {
    guard Foundation.rename(source, target) == 0 else {
      throw .system("rename", "cannot rename '\(source)' to '\(target)'")
    }
  }
}
