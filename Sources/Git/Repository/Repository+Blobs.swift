import CLibGit2
import Foundation

extension Repository {
  /// Files are copied in and out in chunks of this size, so large files never sit in memory.
  static let fileChunkSize = 1 << 20

  /// Blobs of this many bytes or more (16 MiB; ``bigFileLimit()`` when the configuration
  /// sets `core.bigFileThreshold`) are big files, as git's
  /// `core.bigFileThreshold` (512 MiB there): they stay loose files, streamed in and out,
  /// and are never loaded whole for packing or delta search, so no command needs memory in
  /// proportion to an attachment. 16 MiB keeps a pack run well under 150 MB of memory
  /// while photos and documents, the usual attachments, still get packed.
  public static let bigFileThreshold: Int64 = 16 << 20

  /// Stores `bytes` as a blob and returns its id.
  ///
  /// The corresponding libgit2 function is `git_blob_create_from_buffer`.
  public func createBlob(_ bytes: [UInt8]) throws -> ObjectID {
    var oid = git_oid()
    let result = bytes.withUnsafeBytes { git_blob_create_from_buffer(&oid, pointer, $0.baseAddress, $0.count) }
    try check(result, "git_blob_create_from_buffer")
    try notePackedWrite(ObjectID(oid), bytes: bytes.count)
    return ObjectID(oid)
  }

  /// Stores the content of the file at `path` as a blob, streaming it in 1 MiB chunks so that
  /// memory use does not grow with the file. No filters (line endings, attributes) apply.
  /// Inside ``writingObjectsIntoPacks(_:)`` a blob under ``bigFileThreshold`` joins the
  /// pack; a bigger one still streams into a loose file.
  ///
  /// - Throws: ``GitError``, also when the file changes size while it is read.
  ///
  /// The corresponding libgit2 function is `git_odb_open_wstream`.
  public func createBlob(fromFile path: String) throws -> ObjectID {
    let file = try FileDescriptor(path: path, flags: O_RDONLY, function: "open")
    let size = try file.size(path: path)
    let big = size >= (try bigFileLimit())
    let database = try big && packedWrites != nil ? openLooseDatabase() : objectDatabase()
    let stream = try OdbStream.make("git_odb_open_wstream", keepAlive: self) {
      git_odb_open_wstream(&$0, database.pointer, git_object_size_t(size), GIT_OBJECT_BLOB)
    }
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.fileChunkSize, alignment: 16)
    defer { buffer.deallocate() }
    while true {
      let count = try file.read(into: buffer, path: path)
      if count == 0 { break }
      let chunk = buffer.baseAddress?.assumingMemoryBound(to: CChar.self)
      // A loose stream that fails on a full disk sets no message: clear any earlier
      // (unrelated, non-fatal) one so the error names the system's cause instead.
      git_error_clear()
      try check(git_odb_stream_write(stream.pointer, chunk, count), "git_odb_stream_write")
    }
    var oid = git_oid()
    git_error_clear()
    try check(git_odb_stream_finalize_write(&oid, stream.pointer), "git_odb_stream_finalize_write")
    if !big { try notePackedWrite(ObjectID(oid), bytes: Int(size)) }
    return ObjectID(oid)
  }

  /// The blob id the file at `path` would get, without storing it.
  ///
  /// The corresponding libgit2 function is `git_odb_hashfile`.
  public func hashFile(_ path: String) throws -> ObjectID {
    var oid = git_oid()
    try check(git_odb_hashfile(&oid, path, GIT_OBJECT_BLOB), "git_odb_hashfile")
    return ObjectID(oid)
  }

  /// The id `bytes` would have as a blob, without writing anything.
  ///
  /// The corresponding libgit2 function is `git_odb_hash`.
  public static func blobID(of bytes: [UInt8]) throws -> ObjectID {
    GitLibrary.initialize()
    var oid = git_oid()
    let result = bytes.withUnsafeBytes { buffer in
      git_odb_hash(&oid, buffer.baseAddress, buffer.count, GIT_OBJECT_BLOB)
    }
    try check(result, "git_odb_hash")
    return ObjectID(oid)
  }

  /// The whole content of a blob.
  ///
  /// The corresponding libgit2 function is `git_blob_rawcontent`.
  public func blobData(_ id: ObjectID) throws -> [UInt8] {
    let blob = try lookupBlob(id)
    let size = Int(git_blob_rawsize(blob.pointer))
    guard size > 0, let content = git_blob_rawcontent(blob.pointer) else { return [] }
    return Array(UnsafeRawBufferPointer(start: content, count: size))
  }

  /// The size of a blob in bytes, read from the object header only.
  ///
  /// - Throws: ``GitError`` with code `.notFound` when missing, `.invalid` when not a blob.
  ///
  /// The corresponding libgit2 function is `git_odb_read_header`.
  public func blobSize(_ id: ObjectID) throws -> Int64 {
    let database = try objectDatabase()
    var oid = id.raw
    var size = 0
    var type = GIT_OBJECT_INVALID
    try check(git_odb_read_header(&size, &type, database.pointer, &oid), "git_odb_read_header")
    guard type == GIT_OBJECT_BLOB else {
      throw GitError.synthesized(.invalid, .object, "object \(id) is not a blob", "git_odb_read_header")
    }
    return Int64(size)
  }

  /// Writes a blob's content to `path`, replacing the file atomically: the bytes go to a
  /// temporary file next to it, are synced, and then renamed over `path`.
  ///
  /// Loose blobs are streamed in chunks, and so are blobs a pack holds whole (as big
  /// blobs are packed: see ``PackedBlobStream``); only a blob stored as a delta is read
  /// whole (libgit2 1.5 cannot stream out of a pack) and written in chunks.
  ///
  /// The corresponding libgit2 functions are `git_odb_open_rstream` and `git_odb_read`.
  public func writeBlob(_ id: ObjectID, toFile path: String) throws {
    let temporary = Self.temporaryPath(near: path)
    do {
      // Errors name `path`, the file the user asked for, never the temporary one.
      let file = try FileDescriptor(
        path: temporary, flags: O_WRONLY | O_CREAT | O_EXCL, function: "open", naming: "cannot write '\(path)'")
      let descriptor = file.rawValue  // borrowed by the closure; `file` still owns it
      try copyBlob(id) { (chunk) throws(GitError) in
        try FileDescriptor.writeAll(chunk, to: descriptor, name: "'\(path)'")
      }
      try file.sync(path: path)
      try file.close(path: path)
    } catch {
      unlink(temporary)
      throw error
    }
    guard rename(temporary, path) == 0 else {
      let error = GitError.system("rename", "cannot replace '\(path)'")
      unlink(temporary)
      throw error
    }
  }

  /// Writes a blob's content to the open file `descriptor` (standard output, for one), in
  /// chunks as ``writeBlob(_:toFile:)`` does; `name` names it in errors.
  public func writeBlob(_ id: ObjectID, toDescriptor descriptor: Int32, name: String) throws {
    try copyBlob(id) { (chunk) throws(GitError) in try FileDescriptor.writeAll(chunk, to: descriptor, name: name) }
  }

  /// The first `count` bytes of a blob (all of it when shorter), read without loading the
  /// rest: from a loose file or a whole packed entry as a stream, else (a delta) whole.
  public func blobPrefix(_ id: ObjectID, count: Int) throws -> [UInt8] {
    var prefix: [UInt8] = []
    try copyBlob(id, limit: count) { (chunk) throws(GitError) in prefix += chunk.prefix(count - prefix.count) }
    return prefix
  }

  /// Hands a blob's content to `write` in chunks of at most ``fileChunkSize`` bytes, up to
  /// `limit` bytes.
  private func copyBlob(
    _ id: ObjectID, limit: Int = .max, write: (UnsafeRawBufferPointer) throws(GitError) -> Void
  ) throws(GitError) {
    // Loose: inflated in chunks here (libgit2's read stream holds the whole file).
    let hex = id.hex
    let loosePath = objectsDirectory + "/" + hex.prefix(2) + "/" + hex.dropFirst(2)
    if try PackedBlobStream.copyLoose(path: loosePath, chunkSize: Self.fileChunkSize, limit: UInt64(limit), write: write) {
      return
    }
    let database = try objectDatabase()
    var oid = id.raw
    var size = 0
    var type = GIT_OBJECT_INVALID
    let stream = try? OdbStream.make("git_odb_open_rstream", keepAlive: self) {
      git_odb_open_rstream(&$0, &size, &type, database.pointer, &oid)
    }
    if let stream {
      guard type == GIT_OBJECT_BLOB else {
        throw .synthesized(.invalid, .object, "object \(id) is not a blob", "git_odb_open_rstream")
      }
      let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.fileChunkSize, alignment: 16)
      defer { buffer.deallocate() }
      var copied = 0
      while copied < limit {
        let chunk = buffer.baseAddress?.assumingMemoryBound(to: CChar.self)
        let count = Int(try check(git_odb_stream_read(stream.pointer, chunk, buffer.count), "git_odb_stream_read"))
        if count == 0 { return }
        try write(UnsafeRawBufferPointer(rebasing: buffer[..<min(count, limit - copied)]))
        copied += count
      }
      return
    }
    // Packed: a whole blob is copied out of its pack in chunks; a delta is read whole.
    if let location = try PackedBlobStream.locate(id, indexPaths: packFiles().map(\.indexPath)),
      try PackedBlobStream.copy(location, chunkSize: Self.fileChunkSize, limit: UInt64(limit), write: write)
    {
      return
    }
    let object = try OwnedHandle.make("git_odb_read", keepAlive: self, release: { git_odb_object_free($0) }) {
      git_odb_read(&$0, database.pointer, &oid)
    }
    guard git_odb_object_type(object.pointer) == GIT_OBJECT_BLOB else {
      throw .synthesized(.invalid, .object, "object \(id) is not a blob", "git_odb_read")
    }
    let length = min(git_odb_object_size(object.pointer), limit)
    guard length > 0, let data = git_odb_object_data(object.pointer) else { return }
    let content = UnsafeRawBufferPointer(start: data, count: length)
    var offset = 0
    while offset < length {
      let end = min(offset + Self.fileChunkSize, length)
      try write(UnsafeRawBufferPointer(rebasing: content[offset..<end]))
      offset = end
    }
  }

  /// A unique file name in the same directory as `path`, so the final rename stays on one file system.
  static func temporaryPath(near path: String) -> String {
    let url = URL(fileURLWithPath: path)
    let name = ".\(url.lastPathComponent).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    return url.deletingLastPathComponent().appendingPathComponent(name).path
  }
}
