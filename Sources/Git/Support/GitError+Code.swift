extension GitError {
  /// A libgit2 return code (`git_error_code`). An open set: unknown codes keep their raw value.
  public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The negative libgit2 return value.
    public let rawValue: Int32

    /// Wraps a raw libgit2 return value.
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// A generic failure. The corresponding libgit2 code is `GIT_ERROR`.
    public static let generic = Code(rawValue: -1)
    /// The requested object or reference could not be found. The corresponding libgit2 code is `GIT_ENOTFOUND`.
    public static let notFound = Code(rawValue: -3)
    /// An object exists and prevents the operation. The corresponding libgit2 code is `GIT_EEXISTS`.
    public static let exists = Code(rawValue: -4)
    /// More than one object matches. The corresponding libgit2 code is `GIT_EAMBIGUOUS`.
    public static let ambiguous = Code(rawValue: -5)
    /// An output buffer is too short. The corresponding libgit2 code is `GIT_EBUFS`.
    public static let bufferTooSmall = Code(rawValue: -6)
    /// A callback asked to stop. The corresponding libgit2 code is `GIT_EUSER`.
    public static let user = Code(rawValue: -7)
    /// The operation is not allowed on a bare repository. The corresponding libgit2 code is `GIT_EBAREREPO`.
    public static let bareRepository = Code(rawValue: -8)
    /// HEAD refers to a branch with no commits. The corresponding libgit2 code is `GIT_EUNBORNBRANCH`.
    public static let unbornBranch = Code(rawValue: -9)
    /// A merge in progress prevented the operation. The corresponding libgit2 code is `GIT_EUNMERGED`.
    public static let unmerged = Code(rawValue: -10)
    /// The reference was not fast-forwardable. The corresponding libgit2 code is `GIT_ENONFASTFORWARD`.
    public static let nonFastForward = Code(rawValue: -11)
    /// A name or refspec was not valid. The corresponding libgit2 code is `GIT_EINVALIDSPEC`.
    public static let invalidSpec = Code(rawValue: -12)
    /// Checkout conflicts prevented the operation. The corresponding libgit2 code is `GIT_ECONFLICT`.
    public static let conflict = Code(rawValue: -13)
    /// A lock file prevented the operation. The corresponding libgit2 code is `GIT_ELOCKED`.
    public static let locked = Code(rawValue: -14)
    /// A reference did not have the expected value. The corresponding libgit2 code is `GIT_EMODIFIED`.
    public static let modified = Code(rawValue: -15)
    /// Authentication failed. The corresponding libgit2 code is `GIT_EAUTH`.
    public static let authentication = Code(rawValue: -16)
    /// The server certificate or host key is invalid. The corresponding libgit2 code is `GIT_ECERTIFICATE`.
    public static let certificate = Code(rawValue: -17)
    /// The patch or merge was already applied. The corresponding libgit2 code is `GIT_EAPPLIED`.
    public static let applied = Code(rawValue: -18)
    /// The requested peel is not possible. The corresponding libgit2 code is `GIT_EPEEL`.
    public static let peel = Code(rawValue: -19)
    /// Unexpected end of file. The corresponding libgit2 code is `GIT_EEOF`.
    public static let endOfFile = Code(rawValue: -20)
    /// Invalid operation or input. The corresponding libgit2 code is `GIT_EINVALID`.
    public static let invalid = Code(rawValue: -21)
    /// Uncommitted changes in the index prevented the operation. The corresponding libgit2 code is `GIT_EUNCOMMITTED`.
    public static let uncommitted = Code(rawValue: -22)
    /// The operation is not valid for a directory. The corresponding libgit2 code is `GIT_EDIRECTORY`.
    public static let directory = Code(rawValue: -23)
    /// A merge conflict exists and the operation cannot continue. The corresponding libgit2 code is `GIT_EMERGECONFLICT`.
    public static let mergeConflict = Code(rawValue: -24)
    /// A callback declined to act. The corresponding libgit2 code is `GIT_PASSTHROUGH`.
    public static let passthrough = Code(rawValue: -30)
    /// An iterator has no more items. The corresponding libgit2 code is `GIT_ITEROVER`.
    public static let iterationOver = Code(rawValue: -31)
    /// An object's hash did not match its content. The corresponding libgit2 code is `GIT_EMISMATCH`.
    public static let mismatch = Code(rawValue: -33)
    /// Unsaved index changes would be overwritten. The corresponding libgit2 code is `GIT_EINDEXDIRTY`.
    public static let indexDirty = Code(rawValue: -34)
    /// A patch could not be applied. The corresponding libgit2 code is `GIT_EAPPLYFAIL`.
    public static let applyFailed = Code(rawValue: -35)
    /// The repository is owned by another user. The corresponding libgit2 code is `GIT_EOWNER`.
    public static let owner = Code(rawValue: -36)

    private static let names: [Int32: String] = [
      -1: "GIT_ERROR", -3: "GIT_ENOTFOUND", -4: "GIT_EEXISTS", -5: "GIT_EAMBIGUOUS",
      -6: "GIT_EBUFS", -7: "GIT_EUSER", -8: "GIT_EBAREREPO", -9: "GIT_EUNBORNBRANCH",
      -10: "GIT_EUNMERGED", -11: "GIT_ENONFASTFORWARD", -12: "GIT_EINVALIDSPEC",
      -13: "GIT_ECONFLICT", -14: "GIT_ELOCKED", -15: "GIT_EMODIFIED", -16: "GIT_EAUTH",
      -17: "GIT_ECERTIFICATE", -18: "GIT_EAPPLIED", -19: "GIT_EPEEL", -20: "GIT_EEOF",
      -21: "GIT_EINVALID", -22: "GIT_EUNCOMMITTED", -23: "GIT_EDIRECTORY",
      -24: "GIT_EMERGECONFLICT", -30: "GIT_PASSTHROUGH", -31: "GIT_ITEROVER",
      -33: "GIT_EMISMATCH", -34: "GIT_EINDEXDIRTY", -35: "GIT_EAPPLYFAIL", -36: "GIT_EOWNER",
    ]

    /// The libgit2 spelling, such as `GIT_ENOTFOUND`, or the number when unknown.
    public var description: String { Self.names[rawValue] ?? "libgit2 error \(rawValue)" }

    /// Matches a thrown error against this code, so that `catch GitError.Code.notFound` works.
    public static func ~= (code: Code, error: any Error) -> Bool {
      (error as? GitError)?.code == code
    }
  }
}
