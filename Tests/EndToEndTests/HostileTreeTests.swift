import Foundation
import Testing

/// Trees an attacker can push to a shared remote, each breaking one rule that
/// `notes sync` must enforce before it adopts anything (DESIGN §9).
enum HostileTree: String, CaseIterable, Sendable, CustomTestStringConvertible {
  case dotDotInNote, dotInNote, dotGitAtRoot, dotGitUpper, dotGitMixed, dotGitTrailingSpace, dotGitTrailingDot
  case dotGitShortName, dotGitHFSIgnorable, dotGitNTFSStream, nestedTooDeep, symlinkBody, symlinkAttachment
  case symlinkAttachmentsFolder, symlinkNote, gitlink, bodyIsFolder, duplicateEntries, fileAndFolderSameName
  case zeroPaddedMode, unsortedEntries, controlCharacterName, escapeSequenceNoteName, oversizedBlob
  case garbageConflictRecord, misplacedConflictRecord, conflictRecordOutsideTree, malformedCommitAuthor
  case attachmentsIsFile, folderInsideAttachments, invalidUTF8Name, fileBesideUnchangedNote

  var testDescription: String { rawValue }

  /// The rule the sync must name.
  var rule: String {
    switch self {
    case .dotDotInNote: "hasDotdot"
    case .dotInNote: "hasDot"
    case .dotGitAtRoot, .dotGitUpper, .dotGitMixed, .dotGitTrailingSpace, .dotGitTrailingDot, .dotGitShortName,
      .dotGitHFSIgnorable, .dotGitNTFSStream:
      "hasDotgit"
    case .nestedTooDeep: "tooDeep"
    case .symlinkBody, .symlinkAttachment, .symlinkAttachmentsFolder, .symlinkNote, .gitlink: "badFilemode"
    case .bodyIsFolder, .attachmentsIsFile, .folderInsideAttachments: "badPackage"
    case .duplicateEntries, .fileAndFolderSameName, .fileBesideUnchangedNote: "duplicateEntries"
    case .zeroPaddedMode: "zeroPaddedFilemode"
    case .unsortedEntries: "treeNotSorted"
    case .controlCharacterName, .escapeSequenceNoteName, .invalidUTF8Name: "badName"
    case .oversizedBlob: "blobTooLarge"
    case .garbageConflictRecord, .misplacedConflictRecord, .conflictRecordOutsideTree: "badConflictRecord"
    case .malformedCommitAuthor: "badCommit"
    }
  }

  /// Publishes the hostile commit as `devices/evil` on top of `parent`.
  func publish(on remote: HostileRemote, parent: String) throws {
    typealias E = HostileRemote.RawEntry
    let payload = try remote.blob("root:x:0:0::/root:/bin/sh\n")
    func note(_ extra: [E]) throws {
      try remote.publish(addingToRoot: [E("40000", "Evil.note", try remote.package(extra: extra))], parent: parent)
    }
    func atRoot(_ name: [UInt8], tree: Bool = true) throws {
      let inner = try remote.tree([E("100644", "config", payload)])
      try remote.publish(addingToRoot: [E(tree ? "40000" : "100644", name, tree ? inner : payload)], parent: parent)
    }
    switch self {
    case .dotDotInNote: try note([E("40000", "sub", try remote.tree([E("100644", "..", payload)]))])
    case .dotInNote: try note([E("100644", ".", payload)])
    case .dotGitAtRoot: try atRoot(Array(".git".utf8))
    case .dotGitUpper: try atRoot(Array(".GIT".utf8))
    case .dotGitMixed: try atRoot(Array(".Git".utf8))
    case .dotGitTrailingSpace: try atRoot(Array(".git ".utf8))
    case .dotGitTrailingDot: try atRoot(Array(".git.".utf8))
    case .dotGitShortName: try atRoot(Array("GIT~1".utf8))
    case .dotGitHFSIgnorable: try atRoot(Array(".g\u{200C}it".utf8))
    case .dotGitNTFSStream: try atRoot(Array(".git::$INDEX_ALLOCATION".utf8))
    case .nestedTooDeep:
      var inner = try remote.tree([E("100644", "deep.txt", payload)])
      for _ in 0..<300 { inner = try remote.tree([E("40000", "d", inner)]) }
      try note([E("40000", "Attachments2", inner)])
    case .symlinkBody:
      let link = try remote.blob("/etc/passwd")
      let package = try remote.tree([E("120000", "Text.rtf", link)])
      try remote.publish(addingToRoot: [E("40000", "Evil.note", package)], parent: parent)
    case .symlinkAttachment:
      try note([E("40000", "Attachments", try remote.tree([E("120000", "passwd", try remote.blob("/etc/passwd"))]))])
    case .symlinkAttachmentsFolder: try note([E("120000", "Attachments", try remote.blob("/etc"))])
    case .symlinkNote:
      try remote.publish(addingToRoot: [E("120000", "Evil.note", try remote.blob("/etc"))], parent: parent)
    case .gitlink: try note([E("160000", "module", try remote.tip("laptop"))])
    case .bodyIsFolder:
      let package = try remote.tree([E("40000", "Text.rtf", try remote.tree([E("100644", "x", payload)]))])
      try remote.publish(addingToRoot: [E("40000", "Evil.note", package)], parent: parent)
    case .duplicateEntries:
      try note([E("100644", "twice.txt", payload), E("100644", "twice.txt", try remote.blob("other"))])
    case .fileAndFolderSameName:
      try note([E("100644", "same", payload), E("100644", "same-x", payload), E("40000", "same", try remote.tree([E("100644", "y", payload)]))])
    case .fileBesideUnchangedNote:
      // A file named as a note the victim already has, whose folder stays as it was: the
      // folder is unchanged, the file beside it is not.
      let root = try remote.entries(of: parent + "^{tree}") + [E("100644", "Shopping.note", payload)]
      try remote.publish(tree: try remote.tree(root), parents: [parent])
    case .zeroPaddedMode: try note([E("040000", "padded", try remote.tree([E("100644", "y", payload)]))])
    case .unsortedEntries:
      let body = try remote.blob("{\\rtf1\\ansi x}")
      let package = try remote.tree([E("100644", "zzz", payload), E("100644", "Text.rtf", body)], sorted: false)
      try remote.publish(addingToRoot: [E("40000", "Evil.note", package)], parent: parent)
    case .controlCharacterName: try note([E("100644", "bell\u{07}.txt", payload)])
    case .escapeSequenceNoteName:
      try remote.publish(addingToRoot: [E("40000", "Esc\u{1B}[31mRED.note", try remote.package())], parent: parent)
    case .invalidUTF8Name: try note([E("100644", [0x66, 0xFF, 0xFE], payload)])
    case .oversizedBlob:
      try note([E("40000", "Attachments", try remote.tree([E("100644", "big.bin", try remote.blob(Data(count: 300_000)))]))])
    case .garbageConflictRecord:
      try publishRecord(on: remote, parent: parent, name: "0123456789abcdef.json", content: "{not json")
    case .misplacedConflictRecord:
      let record = #"{"base":"0000000000000000000000000000000000000000","current":"aaaaaaaaaaaa","note":"Shopping.note","versions":[{"commit":"0000000000000000000000000000000000000000","device":"evil","id":"aaaaaaaaaaaa","modified":"2026-11-29T10:00:00Z","tree":"0000000000000000000000000000000000000000"}]}"#
      try publishRecord(on: remote, parent: parent, name: "0123456789abcdef.json", content: record + "\n")
    case .conflictRecordOutsideTree:
      let record = #"{"base":"0000000000000000000000000000000000000000","current":"aaaaaaaaaaaa","note":"../../outside.note","versions":[{"commit":"0000000000000000000000000000000000000000","device":"evil","id":"aaaaaaaaaaaa","modified":"2026-11-29T10:00:00Z","tree":"0000000000000000000000000000000000000000"}]}"#
      try publishRecord(on: remote, parent: parent, name: "fedcba9876543210.json", content: record + "\n")
    case .malformedCommitAuthor:
      let tree = try remote.git(["rev-parse", parent + "^{tree}"])
      let commit = try remote.rawCommit(
        "tree \(tree)\nparent \(parent)\nauthor Mallory <mallory@example.com 1700000000 +0000\n"
          + "committer Mallory <mallory@example.com> 1700000000 +0000\n\nno closing bracket\n")
      _ = try remote.git(["update-ref", "refs/heads/devices/evil", commit])
    case .attachmentsIsFile: try note([E("100644", "Attachments", payload)])
    case .folderInsideAttachments:
      let attachments = try remote.tree([E("40000", "folder", try remote.tree([E("100644", "y", payload)]))])
      try note([E("40000", "Attachments", attachments)])
    }
  }

  private func publishRecord(on remote: HostileRemote, parent: String, name: String, content: String) throws {
    typealias E = HostileRemote.RawEntry
    let conflicts = try remote.tree([E("100644", name, try remote.blob(content))])
    var notesFolder = try remote.entries(of: parent + ":.notes")
    notesFolder.removeAll { $0.name == Array("conflicts".utf8) }
    let folder = try remote.tree(notesFolder + [E("40000", "conflicts", conflicts)])
    try remote.publish(addingToRoot: [E("40000", ".notes", folder)], parent: parent)
  }
}

@Suite("Sync never trusts what it fetches")
struct HostileTreeTests {
  @Test(
    "a hostile commit on another device's branch is refused by name, nothing of it is adopted, and both honest devices still sync",
    arguments: HostileTree.allCases, [true, false])
  func hostileCommitIsRefused(_ hostile: HostileTree, fastForward: Bool) throws {
    let world = try HostileRemote()
    if hostile == .oversizedBlob {
      for store in [world.laptop, world.phone] {
        let set = world.sandbox.git("config", "notes.maxBlobSize", "100000", in: store)
        try #require(set.status == 0, "git config notes.maxBlobSize: \(set.stderr)")
      }
    }
    let parent = try world.tip("laptop")
    try hostile.publish(on: world, parent: parent)
    if !fastForward {
      // The victim moved on, so the hostile branch needs a merge rather than a fast-forward.
      world.sandbox.notes("-C", world.laptop, "new", "Local", "--text", "written before the sync")
    }
    let before = world.sandbox.git("rev-parse", "HEAD", in: world.laptop).stdout
    let sync = world.sandbox.notes("-C", world.laptop, "sync", "--json")
    #expect(sync.status == 3, "\(sync.stderr)")
    #expect(sync.stderr.contains("device evil"), "\(sync.stderr)")
    #expect(sync.stderr.contains(hostile.rule), "\(sync.stderr)")
    #expect(!sync.stderr.contains("\u{1B}"), "an escape sequence reached the terminal")
    let report = try #require(try JSONSerialization.jsonObject(with: sync.stdoutData) as? [String: Any])
    let rejected = try #require(report["rejected"] as? [[String: Any]])
    #expect(rejected.first?["device"] as? String == "evil")
    #expect(rejected.first?["rule"] as? String == hostile.rule)
    // Nothing of it in the store: not merged, not listed, not in the objects, not pushed.
    #expect(world.sandbox.git("rev-parse", "HEAD", in: world.laptop).stdout == before)
    #expect(!world.sandbox.notes("-C", world.laptop, "list").stdout.contains("Evil"))
    #expect(world.sentinelIsUntouched)
    let fsck = world.fsck(world.laptop)
    #expect(fsck.status == 0, "git fsck --strict: \(fsck.stdout)\(fsck.stderr)")
    let pushed = world.sandbox.git("rev-parse", "refs/heads/devices/laptop", in: world.remote).stdout
    #expect(pushed == before)
    #expect(try world.honestDevicesStillSync())
    // The next sync says the same again: the store is not stuck.
    let again = world.sandbox.notes("-C", world.laptop, "sync")
    #expect(again.status == 3 && again.stderr.contains(hostile.rule), "\(again.stderr)")
  }

  @Test("a malformed commit at a branch tip of a local remote arrives through git-upload-pack, is refused as badCommit, and the honest devices keep syncing with the branch still there")
  func malformedCommitOnLocalRemote() throws {
    let world = try HostileRemote()
    try HostileTree.malformedCommitAuthor.publish(on: world, parent: try world.tip("laptop"))
    world.sandbox.notes("-C", world.laptop, "new", "Still", "--text", "works")
    let sync = world.sandbox.notes("-C", world.laptop, "sync")
    #expect(sync.status == 3, "\(sync.stderr)")
    #expect(sync.stderr.contains("device evil") && sync.stderr.contains("badCommit"), "\(sync.stderr)")
    #expect(!sync.stderr.contains("update-ref -d"), "\(sync.stderr)")
    let head = world.sandbox.git("rev-parse", "HEAD", in: world.laptop).stdout
    #expect(world.sandbox.git("rev-parse", "refs/heads/devices/laptop", in: world.remote).stdout == head)
    #expect(world.fsck(world.laptop).status == 0)
    #expect(try world.honestDevicesStillSync())
    #expect(world.sandbox.git("rev-parse", "--verify", "-q", "refs/heads/devices/evil", in: world.remote).status == 0)
  }

  @Test("a clone leaves out a hostile device with its reason, says so and exits 3 (done in part), and its checkout holds nothing of it")
  func cloneLeavesOutHostileDevice() throws {
    let world = try HostileRemote()
    try HostileTree.dotDotInNote.publish(on: world, parent: try world.tip("laptop"))
    let clone = world.sandbox.notes("clone", world.remote, "tablet", "--device", "tablet")
    #expect(clone.status == 3, "\(clone.stderr)")
    #expect(clone.stderr.contains("device evil") && clone.stderr.contains("hasDotdot"), "\(clone.stderr)")
    #expect(clone.stderr.contains("Refused changes from evil"), "\(clone.stderr)")
    let tablet = world.sandbox.directory + "/tablet"
    #expect(!FileManager.default.fileExists(atPath: tablet + "/Evil.note"))
    #expect(world.sandbox.notes("-C", tablet, "show", "Call Anna").stdout == "Friday\n")
    #expect(world.fsck(tablet).status == 0)
    #expect(world.sentinelIsUntouched)
  }

  @Test("a fast-forward that deletes most notes is refused like a merge, and --allow-mass-delete takes it")
  func massDeleteOnFastForward() throws {
    let world = try HostileRemote()
    let many = (0..<30).map { "Note \($0)" }
    for title in many { world.sandbox.notes("-C", world.laptop, "new", title, "--text", title) }
    #expect(world.sandbox.notes("-C", world.laptop, "sync").status == 0)
    let parent = try world.tip("laptop")
    var root = try world.entries(of: parent + "^{tree}")
    root.removeAll { String(decoding: $0.name, as: UTF8.self).hasPrefix("Note ") }
    try world.publish(tree: try world.tree(root), parents: [parent], message: "delete almost everything")
    let refused = world.sandbox.notes("-C", world.laptop, "sync")
    #expect(refused.status == 3, "\(refused.stderr)")
    #expect(refused.stderr.contains("would delete 30 of 32 notes"), "\(refused.stderr)")
    #expect(world.sandbox.notes("-C", world.laptop, "show", "Note 7").status == 0)
    let allowed = world.sandbox.notes("-C", world.laptop, "sync", "--allow-mass-delete")
    #expect(allowed.status == 0, "\(allowed.stderr)")
    #expect(world.sandbox.notes("-C", world.laptop, "show", "Note 7").status == 1)
  }

  @Test("a body no reader can parse arrives with a warning; show recovers its words, write --text says how to repair")
  func unreadableBodyArrives() throws {
    let world = try HostileRemote()
    typealias E = HostileRemote.RawEntry
    let body = try world.blob("{\\rtf1 " + String(repeating: "{", count: 5000) + "Deep words" + String(repeating: "}", count: 5000) + "}")
    let package = try world.tree([E("100644", "Text.rtf", body)])
    try world.publish(addingToRoot: [E("40000", "Damaged.note", package)], parent: try world.tip("laptop"))
    let sync = world.sandbox.notes("-C", world.laptop, "sync")
    #expect(sync.status == 0, "\(sync.stderr)")
    #expect(sync.stderr.contains("warning") && sync.stderr.contains("Damaged"), "\(sync.stderr)")
    let show = world.sandbox.notes("-C", world.laptop, "show", "Damaged")
    #expect(show.status == 0)
    #expect(show.stdout.contains("Deep words"))
    #expect(show.stderr.contains("not readable RTF"))
    let write = world.sandbox.notes("-C", world.laptop, "write", "Damaged", "--text", "new words")
    #expect(write.status == 1)
    #expect(write.stderr.contains("--rtf-file"), "\(write.stderr)")
  }
}
