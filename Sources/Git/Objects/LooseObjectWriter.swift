import CDeflate
import Foundation

/// Writes one object as a loose file (`objects/ab/cdef…`: one zlib stream of
/// `<kind> <size>`, a NUL and the content), compressed by libdeflate, for the one object
/// a note edit makes that is big: the store's root tree (400 KB at 10,000 notes).
///
/// libgit2's loose backend compresses with zlib at its fastest level, 4.6 ms for such a
/// tree on this project's machine; libdeflate's fastest level takes 2.3 ms for a stream
/// 2% bigger, which any zlib reader (git, libgit2, ``LooseObjectReader``) inflates.
///
/// The file appears under its name whole and durable, as libgit2 writes it with fsync on:
/// written to a temporary file beside it (`tmp_obj_…`, the prefix `git prune` removes
/// when a killed write leaves one), synced, renamed, and its folder synced. It is
/// read-only (0444), as git and libgit2 make object files.
enum LooseObjectWriter {
  /// git's loose-object compression level (`core.looseCompression`, 1 by default).
  static let compressionLevel: Int32 = 1

  /// Writes object `id` of `kind` whose content is `content` into `objectsDirectory`;
  /// the caller computed `id` from exactly that kind and content.
  ///
  /// - Throws: ``GitError`` naming the file and the system's reason when a folder or the
  ///   file cannot be made, written or synced; nothing is left under the object's name then.
  static func write(
    _ content: UnsafeRawBufferPointer, kind: ObjectKind, id: ObjectID, objectsDirectory: String
  ) throws(GitError) {
    let stream = try compressed(content, kind: kind, id: id)
    let hex = id.hex
    let folder = objectsDirectory + "/" + hex.prefix(2)
    let createdFolder = try makeFolder(folder)
    let temporary = folder + "/tmp_obj_\(getpid())_\(UInt32.random(in: 0...UInt32.max))"
    let target = folder + "/" + hex.dropFirst(2)
    try FileDescriptor.replace(target, with: stream, through: temporary, mode: 0o444, synced: true)
    try syncFolder(folder)
    if createdFolder { try syncFolder(objectsDirectory) }
  }

  /// The zlib stream of the object's header and content.
  private static func compressed(
    _ content: UnsafeRawBufferPointer, kind: ObjectKind, id: ObjectID
  ) throws(GitError) -> [UInt8] {
    guard var object = kind.header(size: content.count) else {
      throw .synthesized(.invalid, .object, "object \(id.hex) has no kind git stores", "LooseObjectWriter")
    }
    object.append(contentsOf: content)
    guard let compressor = libdeflate_alloc_compressor(compressionLevel) else {
      throw .synthesized(.generic, .zlib, "libdeflate could not start to write object \(id.hex)", "LooseObjectWriter")
    }
    defer { libdeflate_free_compressor(compressor) }
    let bound = libdeflate_zlib_compress_bound(compressor, object.count)
    var stream = [UInt8](repeating: 0, count: bound)
    let produced = object.withUnsafeBytes { input in
      stream.withUnsafeMutableBytes { output in
        libdeflate_zlib_compress(compressor, input.baseAddress, input.count, output.baseAddress, output.count)
      }
    }
    // The bound is enough for any input: zero means libdeflate itself failed.
    guard produced > 0 else {
      throw .synthesized(.generic, .zlib, "libdeflate could not compress object \(id.hex)", "LooseObjectWriter")
    }
    stream.removeLast(stream.count - produced)
    return stream
  }

  /// Makes `folder` when it is missing; whether it made it.
  private static func makeFolder(_ folder: String) throws(GitError) -> Bool {
    if mkdir(folder, 0o777) == 0 { return true }
    if errno == EEXIST { return false }
    throw .system("mkdir", "cannot create '\(folder)'")
  }

  /// Syncs `folder`'s entries (a rename into it, a folder made in it) to stable storage.
  private static func syncFolder(_ folder: String) throws(GitError) {
    let descriptor = try FileDescriptor(path: folder, flags: O_RDONLY | O_DIRECTORY, function: "open")
    try descriptor.sync(path: folder)
  }
}
