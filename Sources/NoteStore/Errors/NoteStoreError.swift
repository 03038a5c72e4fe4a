import Foundation
import Git
#if canImport(Glibc)
  import Glibc
#endif

/// Everything that can go wrong in a store, each case naming the note (or the store)
/// and the cause, with a message a user can act on.
///
/// The cases follow the error codes of the *Learning Swift* Notes app
/// (`CannotAccessDocument`, `CannotLoadText`, …), plus the store's own.
public enum NoteStoreError: Error, CustomStringConvertible, CustomDebugStringConvertible {
  /// No store at or above `path`.
  case noStore(path: String)
  /// A store already exists at `path`.
  case storeExists(path: String)
  /// The repository at `path` is not a NoteStore store (or of a newer format).
  case notAStore(path: String, reason: String)
  /// A device name breaks the rules (`[A-Za-z0-9._-]{1,64}`).
  case invalidDeviceName(String)
  /// A note or attachment name breaks the rules (DESIGN §2).
  case invalidName(String, reason: String)
  /// No note matches `query`; `suggestions` are the nearest names.
  case noSuchNote(String, suggestions: [String])
  /// More than one note starts with `query`.
  case ambiguousNote(String, candidates: [String])
  /// A note with this name exists already.
  case noteExists(String)
  /// A note whose name differs from this one only in case exists (`existing`): macOS and
  /// Windows keep the two as one folder.
  case noteNameDiffersOnlyInCase(String, existing: String)
  /// The note has no attachment of that name.
  case noSuchAttachment(note: String, name: String, available: [String])
  /// The note's package could not be read.
  case cannotAccessDocument(note: String, underlying: any Error)
  /// The note's body is not readable RTF.
  case cannotLoadText(note: String, underlying: any Error)
  /// The note's attachments could not be read.
  case cannotAccessAttachments(note: String, underlying: any Error)
  /// The body could not be saved.
  case cannotSaveText(note: String, underlying: any Error)
  /// An attachment could not be saved.
  case cannotSaveAttachment(note: String, name: String, underlying: any Error)
  /// A file to attach or save is larger than `notes.maxBlobSize`, the largest file a
  /// device takes from a sync: the other devices would refuse every change after it.
  case fileTooLarge(note: String, file: String, bytes: Int64, limit: Int64, saving: Bool)
  /// A file given by the user could not be read.
  case cannotReadFile(path: String, underlying: any Error)
  /// A file could not be written.
  case cannotWriteFile(path: String, underlying: any Error)
  /// Another writer holds the store lock.
  case storeLocked(path: String, waitedSeconds: Double)
  /// The note has edits in the working tree that are not saved yet.
  case unsavedChanges(note: String)
  /// A note's hand edit in the working tree cannot be committed (`underlying` says why);
  /// it stays as it is, unsaved.
  indirect case handEditNotSaved(note: String, underlying: NoteStoreError)
  /// A package in the working tree is malformed (a symlink, a misplaced file …).
  case malformedPackage(note: String, reason: String)
  /// The note has no version with that id.
  case noSuchVersion(note: String, id: String, available: [String])
  /// A date (`show --at`, `restore --to`, `diff`) from before the note's first version.
  case noVersionYet(note: String, at: String, first: Date)
  /// The note has no unresolved conflict.
  case noConflict(note: String)
  /// The note has unresolved conflict versions, which a rename, a move or a deletion
  /// would leave behind under its old name: it must be resolved first.
  case unresolvedConflict(note: String, action: String)
  /// `--keep-mine` found no version from this device.
  case noVersionFromDevice(note: String, device: String)
  /// `--keep-theirs` with more than one other version.
  case ambiguousResolution(note: String, versions: [String])
  /// The store has no remote to sync with.
  case noRemotes
  /// No remote has this name.
  case noSuchRemote(String, available: [String])
  /// A remote with this name exists already.
  case remoteExists(String)
  /// The remote's branch of this device is not in this device's history.
  case deviceNameInUse(device: String, remote: String)
  /// The versions of a conflict cannot be merged.
  case notMergeable(note: String, reason: String)
  /// `resolve --done` while the text still has conflict markers.
  case markersRemain(note: String, lines: Int)
  /// Two histories share no commit (two stores made by separate `notes init`).
  case unrelatedHistories
  /// A merge or fast-forward would delete more notes than the fail-safe allows.
  case massDelete(device: String?, deleting: Int, of: Int)
  /// A commit from outside (`device`'s, when known) breaks a rule on trees
  /// (DESIGN §9) and was not adopted.
  case untrustedTree(device: String?, violation: TreeViolation)
  /// A conflict record in the store cannot be read.
  case malformedConflictRecord(path: String, reason: String)
  /// The record of the changes the last sync refused (derived data) cannot be read.
  case damagedRefusalRecord(path: String, reason: String)
  /// This device's own branch on the remote breaks a rule on trees.
  case untrustedTreeFromRejection(RejectedChange)
  /// A plain git operation (merge, rebase, cherry-pick …) is under way in the store.
  case gitOperationInProgress(operation: String, path: String)
  /// HEAD is on another branch than this device's.
  case headNotOnDeviceBranch(head: String, branch: String)
  /// A local remote's branch holds a commit that cannot be read, and libgit2 reads
  /// every branch of a local remote for any fetch.
  case remoteHoldsUnreadableCommit(remote: String, branches: [String], detail: String)
  /// A remote given as a local path names no folder.
  case noRepositoryAtPath(String)
  /// A killed push left a lock file for this device's branch on the remote.
  case staleRemoteLock(remote: String, lockPath: String)
  /// The note's body cannot be read, so a plain-text edit has nothing to lay over.
  case unreadableBody(note: String, underlying: any Error)
  /// The repository itself failed (libgit2's message inside).
  case repository(operation: String, underlying: any Error)

  public var description: String {
    switch self {
    case .noStore(let path):
      return "no notes store at \(path) or any parent directory (run `notes init` to make one, or use -C DIR)"
    case .storeExists(let path):
      return "a store already exists at \(path)"
    case .notAStore(let path, let reason):
      return "\(path) is not a notes store: \(reason)"
    case .invalidDeviceName(let name):
      return "invalid device name \"\(name)\": use 1 to 64 letters, digits, '.', '_' or '-'"
    case .invalidName(let name, let reason):
      return "invalid name \"\(Self.printable(name))\": \(reason)"
    case .noSuchNote(let query, let suggestions):
      var text = "no note named \"\(Self.printable(query))\""
      if !suggestions.isEmpty {
        text += "; did you mean " + suggestions.map { "\"\($0)\"" }.joined(separator: ", ") + "?"
      }
      return text
    case .ambiguousNote(let query, let candidates):
      return "\"\(query)\" matches several notes: "
        + candidates.map { "\"\($0)\"" }.joined(separator: ", ")
    case .noteExists(let name):
      return "a note named \"\(name)\" exists already"
    case .noteNameDiffersOnlyInCase(let name, let existing):
      return "a note named \"\(existing)\" exists already, and \"\(name)\" differs from it only in case: "
        + "macOS and Windows keep the two as one folder; choose another name"
    case .noSuchAttachment(let note, let name, let available):
      let list = available.isEmpty ? "it has none" : "it has " + available.joined(separator: ", ")
      return "note \"\(note)\" has no attachment named \"\(Self.printable(name))\" (\(list))"
    case .cannotAccessDocument(let note, let underlying):
      return "cannot read note \"\(note)\": \(underlying)" + Self.damageHint(underlying)
    case .cannotLoadText(let note, let underlying):
      return "cannot read the text of note \"\(note)\": \(underlying)"
    case .cannotAccessAttachments(let note, let underlying):
      return "cannot read the attachments of note \"\(note)\": \(underlying)"
    case .cannotSaveText(let note, let underlying):
      return "cannot save the text of note \"\(note)\": \(underlying)"
    case .cannotSaveAttachment(let note, let name, let underlying):
      return "cannot save attachment \"\(name)\" of note \"\(note)\": \(underlying)"
    case .fileTooLarge(let note, let file, let bytes, let limit, let saving):
      return (saving ? "cannot save \(file) in note \"\(note)\"" : "cannot attach \(file) to note \"\(note)\"") + ": it is \(Self.mebibytes(bytes)), over notes.maxBlobSize "
        + "(\(Self.mebibytes(limit))), the largest file the other devices take from a sync; raise the limit on "
        + "every device and on the remote's hook first (git config notes.maxBlobSize 1g)"
    case .cannotReadFile(let path, let underlying):
      return "cannot read \(path): \(Self.reason(underlying))"
    case .cannotWriteFile(let path, let underlying):
      return "cannot write \(path): \(Self.reason(underlying))"
    case .storeLocked(let path, let waited):
      return "the store at \(path) is locked by another notes command (waited \(Self.seconds(waited)); "
        + "try again, or raise --wait)"
    case .unsavedChanges(let note):
      return "note \"\(note)\" has unsaved changes in the working tree; run `notes save` first, "
        + "or `notes restore \(ShellWord.quoted(note))` to discard them"
    case .handEditNotSaved(let note, let underlying):
      return "\(underlying); or discard the hand edit with `notes restore \(ShellWord.quoted(note))`"
    case .malformedPackage(let note, let reason):
      return "note \"\(note)\" is malformed: \(reason)"
    case .noSuchVersion(let note, let id, let available):
      return "note \"\(note)\" has no version \"\(id)\""
        + (available.isEmpty ? "" : " (versions: " + available.joined(separator: ", ") + ")")
    case .noVersionYet(let note, let at, let first):
      return "note \"\(note)\" did not exist yet at \"\(at)\": its first version is from "
        + ISO8601DateFormatter().string(from: first) + "; `notes log \(note)` lists them all"
    case .noConflict(let note):
      return "note \"\(note)\" has no unresolved conflict"
    case .unresolvedConflict(let note, let action):
      return "note \"\(note)\" has unresolved conflict versions: resolve them before you \(action) it "
        + "(`notes conflicts` lists them; `notes resolve` with --keep-mine, --keep-theirs, --version ID or --merge)"
    case .noVersionFromDevice(let note, let device):
      return "note \"\(note)\" has no conflict version from this device (\(device)); choose one with --version ID"
    case .ambiguousResolution(let note, let versions):
      return "note \"\(note)\" has \(versions.count) versions, so \"theirs\" is ambiguous; choose one with --version ID:\n  "
        + versions.joined(separator: "\n  ")
    case .noRemotes:
      return "this store has no remote; add one with `notes remote add NAME URL`"
    case .noSuchRemote(let name, let available):
      return "no remote named \"\(name)\"" + (available.isEmpty ? "" : " (remotes: " + available.joined(separator: ", ") + ")")
    case .remoteExists(let name):
      return "a remote named \"\(name)\" exists already"
    case .deviceNameInUse(let device, let remote):
      return "\(remote) has commits on devices/\(device) that this machine does not have: another machine "
        + "seems to use the device name \"\(device)\"; nothing was pushed and your commits stay here "
        + "(give one machine another name with `git config notes.device NAME` and a new `notes clone`)"
    case .notMergeable(let note, let reason):
      return "the versions of \"\(note)\" cannot be merged: \(reason)"
    case .markersRemain(let note, let lines):
      return "\"\(note)\" still has \(lines) conflict marker line\(lines == 1 ? "" : "s"); edit them away "
        + "with `notes edit \(note)`, or resolve anyway with --force"
    case .unrelatedHistories:
      return "the histories share no commit: this store and the remote were made separately; "
        + "make a device with `notes clone URL` instead of `notes init`"
    case .massDelete(let device, let deleting, let total):
      return "taking the changes of \(device.map { "device " + TerminalText.escaped($0) } ?? "the remote") would delete "
        + "\(deleting) of \(total) notes, so they were not taken "
        + "(run `notes sync --allow-mass-delete` if that is what you want)"
    case .untrustedTree(let device, let violation):
      return "refused \(device.map { "the changes of device " + TerminalText.escaped($0) } ?? "a commit from outside"): "
        + "\(violation); nothing of it was taken or will be pushed"
    case .malformedConflictRecord(let path, let reason):
      return "the conflict record \(path) is malformed: \(reason); see its history with `git log -p -- \(path)`, "
        + "then fix or remove it with git and commit"
    case .damagedRefusalRecord(let path, let reason):
      return "the record of the changes the last sync refused (\(path)) cannot be read: \(reason); "
        + "`notes sync` checks the remotes again and writes it anew"
    case .untrustedTreeFromRejection(let rejected):
      return rejected.reason
    case .gitOperationInProgress(let operation, let path):
      return "\(operation) made with plain git is under way in this store (\(path)); finish or abort it "
        + "with git first, so notes does not commit over it"
    case .headNotOnDeviceBranch(let head, let branch):
      return "HEAD is on \(head), not on this device's branch \(branch); run `git checkout \(branch)` "
        + "(after committing or stashing your git work) before using notes"
    case .remoteHoldsUnreadableCommit(let remote, let branches, let detail):
      return "nothing can be fetched from \(remote): its branch \(branches.map(TerminalText.escaped).joined(separator: ", ")) "
        + "holds a commit that cannot be read (\(detail)), and a local remote is read whole; remove that branch "
        + "on the remote (`git update-ref -d BRANCH` there) and sync again"
    case .noRepositoryAtPath(let path):
      return "no git repository at \(path): the folder does not exist (make one with `git init --bare \(path)`)"
    case .staleRemoteLock(let remote, let lockPath):
      return "\(remote) holds a stale lock file \(lockPath), left by a push that was interrupted; "
        + "nothing was pushed. Make sure no push is running, remove that file on the remote, and sync again"
    case .unreadableBody(let note, let underlying):
      return "the body of note \"\(note)\" is not readable RTF (\(Self.reason(underlying))), so there is no "
        + "formatting to lay a plain-text edit over; replace it with `notes write \(note) --rtf-file FILE`, "
        + "or bring back an earlier version with `notes versions \(note)` and `notes resolve`/`restore`"
    case .repository(let operation, let underlying):
      return "\(operation) failed: \(underlying)" + Self.damageHint(underlying) + Self.lockHint(underlying)
    }
  }

  public var debugDescription: String {
    switch self {
    case .cannotAccessDocument(_, let underlying), .cannotLoadText(_, let underlying),
      .cannotAccessAttachments(_, let underlying), .cannotSaveText(_, let underlying),
      .cannotSaveAttachment(_, _, let underlying), .cannotReadFile(_, let underlying),
      .cannotWriteFile(_, let underlying), .repository(_, let underlying), .unreadableBody(_, let underlying):
      return description + "\n  caused by: " + String(reflecting: underlying)
    case .handEditNotSaved(_, let underlying):
      return description + underlying.debugDescription.dropFirst(underlying.description.count)
    default:
      return description
    }
  }

  /// What to do about `error` when it says the object database is damaged, as a
  /// parenthesis to append; empty otherwise.
  static func damageHint(_ error: any Error) -> String {
    guard looksDamaged(error) else { return "" }
    return " (the store's object database looks damaged: `git fsck` names the broken objects; "
      + "`notes clone` from a remote makes a healthy copy)"
  }

  /// What to do about a git lock file that stopped a write: notes removes only those a
  /// killed notes writer left (``StoreLock``), never one that plain git may be holding.
  static func lockHint(_ error: any Error) -> String {
    guard let git = error as? GitError, git.code == .locked || git.message.contains("failed to lock file") else { return "" }
    return " (another git process holds that lock file; if none is running, remove the file and try again)"
  }

  /// Whether an error says the object database is damaged: a zlib failure, an object
  /// that will not inflate or parse, or one that is missing.
  static func looksDamaged(_ error: any Error) -> Bool {
    if let git = error as? GitError, git.category == .zlib { return true }
    let text = "\(error)".lowercased()
    return ["inflate", "corrupt", "object not found", "no match for id", "failed to parse", "invalid object", "too far back",
      "incorrect header check", "invalid pack", "invalid stored block", "invalid code", "is damaged"].contains { text.contains($0) }
  }

  static func printable(_ name: String) -> String {
    String(
      name.unicodeScalars.map { scalar -> String in
        scalar.properties.generalCategory == .control
          ? "\\u{" + String(scalar.value, radix: 16) + "}" : String(scalar)
      }.joined())
  }

  /// A size in MiB, with one decimal under 10.
  static func mebibytes(_ bytes: Int64) -> String {
    let value = Double(bytes) / Double(1 << 20)
    return value < 10 ? String(format: "%.1f MiB", value) : "\(Int(value.rounded())) MiB"
  }

  /// The cause of a file-system error in one short phrase (`No such file or
  /// directory`), never Foundation's `Error Domain=… UserInfo={…}` dump.
  static func reason(_ error: any Error) -> String {
    if let posix = error as? POSIXErrorDescription { return posix.text }
    if let store = error as? NoteStoreError { return store.description }
    if let notRegular = error as? NotARegularFile { return notRegular.description }
    if let git = error as? GitError, git.category == .os { return git.message }
    if let posix = error as? POSIXError { return String(cString: strerror(posix.code.rawValue)) }
    let ns = error as NSError
    if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain,
      let text = strerror(Int32(underlying.code))
    {
      return String(cString: text)
    }
    if ns.domain == NSPOSIXErrorDomain, let text = strerror(Int32(ns.code)) { return String(cString: text) }
    if ns.domain == NSCocoaErrorDomain, let known = cocoaReasons[ns.code] { return known }
    if ns.domain == NSCocoaErrorDomain { return "file error \(ns.code)" }
    return "\(error)"
  }

  /// Foundation's file error codes, as the errno text they stand for.
  private static let cocoaReasons: [Int: String] = [
    CocoaError.fileNoSuchFile.rawValue: "No such file or directory",
    CocoaError.fileReadNoSuchFile.rawValue: "No such file or directory",
    CocoaError.fileReadNoPermission.rawValue: "Permission denied",
    CocoaError.fileWriteNoPermission.rawValue: "Permission denied",
    CocoaError.fileWriteOutOfSpace.rawValue: "No space left on device",
    CocoaError.fileWriteFileExists.rawValue: "File exists",
    CocoaError.fileReadTooLarge.rawValue: "File too large",
    CocoaError.fileWriteVolumeReadOnly.rawValue: "Read-only file system",
    CocoaError.fileReadInvalidFileName.rawValue: "Invalid file name",
    CocoaError.fileWriteInvalidFileName.rawValue: "Invalid file name",
    CocoaError.fileLocking.rawValue: "The file is locked",
    CocoaError.fileReadCorruptFile.rawValue: "The file is damaged",
    CocoaError.fileReadUnknown.rawValue: "The file cannot be read",
    CocoaError.fileWriteUnknown.rawValue: "The file cannot be written",
  ]

  static func seconds(_ value: Double) -> String {
    value == value.rounded() ? "\(Int(value)) s" : String(format: "%.1f s", value)
  }
}

/// An errno turned into an error with its `strerror` text.
struct POSIXErrorDescription: Error, CustomStringConvertible {
  var code: Int32
  var text: String { String(cString: strerror(code)) }
  var description: String { text }

  /// The current `errno`.
  static func current() -> POSIXErrorDescription { POSIXErrorDescription(code: errno) }
}
