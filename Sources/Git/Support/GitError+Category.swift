extension GitError {
  /// The part of libgit2 that reported an error (`git_error_t`, the error "class").
  public struct Category: RawRepresentable, Hashable, Sendable {
    /// The libgit2 error class number.
    public let rawValue: Int32

    /// Wraps a raw libgit2 error class.
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// No class was set. The corresponding libgit2 class is `GIT_ERROR_NONE`.
    public static let none = Category(rawValue: 0)
    /// Out of memory. The corresponding libgit2 class is `GIT_ERROR_NOMEMORY`.
    public static let noMemory = Category(rawValue: 1)
    /// An operating-system call failed. The corresponding libgit2 class is `GIT_ERROR_OS`.
    public static let os = Category(rawValue: 2)
    /// Invalid input. The corresponding libgit2 class is `GIT_ERROR_INVALID`.
    public static let invalid = Category(rawValue: 3)
    /// References. The corresponding libgit2 class is `GIT_ERROR_REFERENCE`.
    public static let reference = Category(rawValue: 4)
    /// Compression. The corresponding libgit2 class is `GIT_ERROR_ZLIB`.
    public static let zlib = Category(rawValue: 5)
    /// Repositories. The corresponding libgit2 class is `GIT_ERROR_REPOSITORY`.
    public static let repository = Category(rawValue: 6)
    /// Configuration. The corresponding libgit2 class is `GIT_ERROR_CONFIG`.
    public static let config = Category(rawValue: 7)
    /// The object database. The corresponding libgit2 class is `GIT_ERROR_ODB`.
    public static let odb = Category(rawValue: 9)
    /// The index. The corresponding libgit2 class is `GIT_ERROR_INDEX`.
    public static let index = Category(rawValue: 10)
    /// Objects. The corresponding libgit2 class is `GIT_ERROR_OBJECT`.
    public static let object = Category(rawValue: 11)
    /// Networking. The corresponding libgit2 class is `GIT_ERROR_NET`.
    public static let net = Category(rawValue: 12)
    /// Trees. The corresponding libgit2 class is `GIT_ERROR_TREE`.
    public static let tree = Category(rawValue: 14)
    /// Pack indexing. The corresponding libgit2 class is `GIT_ERROR_INDEXER`.
    public static let indexer = Category(rawValue: 15)
    /// TLS. The corresponding libgit2 class is `GIT_ERROR_SSL`.
    public static let ssl = Category(rawValue: 16)
    /// Checkout. The corresponding libgit2 class is `GIT_ERROR_CHECKOUT`.
    public static let checkout = Category(rawValue: 20)
    /// Merging. The corresponding libgit2 class is `GIT_ERROR_MERGE`.
    public static let merge = Category(rawValue: 22)
    /// SSH. The corresponding libgit2 class is `GIT_ERROR_SSH`.
    public static let ssh = Category(rawValue: 23)
    /// Filters. The corresponding libgit2 class is `GIT_ERROR_FILTER`.
    public static let filter = Category(rawValue: 24)
    /// A callback failed. The corresponding libgit2 class is `GIT_ERROR_CALLBACK`.
    public static let callback = Category(rawValue: 26)
    /// The file system. The corresponding libgit2 class is `GIT_ERROR_FILESYSTEM`.
    public static let filesystem = Category(rawValue: 30)
    /// HTTP. The corresponding libgit2 class is `GIT_ERROR_HTTP`.
    public static let http = Category(rawValue: 34)
    /// Internal libgit2 failure. The corresponding libgit2 class is `GIT_ERROR_INTERNAL`.
    public static let `internal` = Category(rawValue: 35)
  }
}
