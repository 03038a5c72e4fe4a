/// How a repository's objects are stored: loose files and packs.
public struct PackStatistics: Sendable, Hashable {
  /// The number of loose object files.
  public var looseObjects: Int
  /// Their total size on disk, in bytes.
  public var looseBytes: Int64
  /// The number of `.pack` files.
  public var packs: Int
  /// The total size of the `.pack` files, in bytes.
  public var packBytes: Int64
  /// Of the loose objects, the big blobs (``Repository/bigFileThreshold`` and over), which
  /// packing leaves loose.
  public var bigLooseObjects: Int
  /// Their total size on disk, in bytes.
  public var bigLooseBytes: Int64
  /// After packing (``Repository/finishPacking(_:)``), the loose objects it looked at and
  /// left, big blobs apart: no reference or reflog reaches them (what a write that failed
  /// left, say). Zero in a count that did not pack.
  public var leftLooseObjects = 0
  /// Their total size on disk, in bytes.
  public var leftLooseBytes: Int64 = 0

  /// Creates statistics.
  public init(
    looseObjects: Int, looseBytes: Int64, packs: Int, packBytes: Int64, bigLooseObjects: Int = 0,
    bigLooseBytes: Int64 = 0
  ) {
    self.looseObjects = looseObjects
    self.looseBytes = looseBytes
    self.packs = packs
    self.packBytes = packBytes
    self.bigLooseObjects = bigLooseObjects
    self.bigLooseBytes = bigLooseBytes
  }
}
