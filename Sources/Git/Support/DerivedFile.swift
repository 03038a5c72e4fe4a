import Foundation

/// Files of derived data (caches, stamps, indexes that can be rebuilt), replaced whole:
/// the new bytes go to a temporary file beside the old one, which is renamed over it, so
/// a reader sees the old file or the new one. Nothing is synced to the disk unless asked:
/// a crash may lose the new file or leave it short or zeroed, which each reader of such a
/// file checks for (a header, a checksum, lengths that must fit) and answers by rebuilding. git does
/// not sync its own index either; a save must not wait on the disk for a cache.
public enum DerivedFile {
  /// Replaces the file at `path` with `bytes`.
  ///
  /// - Parameter durably: sync the new bytes to the disk before the rename, for a derived
  ///   file whose reader cannot tell a short or empty one (a QuickLook preview, which a
  ///   stamp elsewhere says is current, and which `notes.quicklook commit` commits).
  /// - Throws: ``GitError`` (category `.os`) naming the file and the system's reason; the
  ///   temporary file is gone then, and the old file is as it was.
  public static func replace(_ bytes: [UInt8], at path: String, durably: Bool = false) throws(GitError) {
    // One name per process, overwritten if a killed one left it.
    try FileDescriptor.replace(
      path, with: bytes, through: path + ".tmp-\(getpid())", creation: O_TRUNC, mode: 0o666, synced: durably)
  }
}
