import Foundation
import Git
import Testing

/// Pushes to local remotes go through git's `git-receive-pack` with a pack NoteStore builds
/// from the pushed commits' tree differences (deltas of big trees against their parents'
/// trees, thin against what the remote has). Each history here is pushed twice from the
/// same start: by `Repository.push` and by `git push`; the remotes must then hold the same
/// tips and reach the same objects, and git's own checks must pass on ours
/// (`receive.fsckObjects` while receiving, `git fsck --strict` afterwards).
@Suite("Direct pushes to local remotes", .serialized)
struct DirectPushTests {
  init() throws {
    try #require(LocalTransportOnce.isUsingGitPrograms, "git-receive-pack not found: install git")
  }

  @Test("a seeded random history (edits, additions, deletions, folders, a merge) reaches the remote as git push sends it",
    arguments: [
      (seed: UInt64(1), commits: 6), (seed: 2, commits: 130),
      // Deleted, and edited, the note the phone edited before the fixture spared it.
      (seed: 11_354_051_703_386_767_038, commits: 40), (seed: 10_768_841_494_988_095_343, commits: 40),
      (seed: UInt64.random(in: 3...UInt64.max), commits: 40),
    ])
  func randomHistory(seed: UInt64, commits: Int) throws {
    print("DirectPushTests.randomHistory seed \(seed), \(commits) commits")
    let history = try RandomHistory(seed: seed)
    try history.edit(commits / 2)
    try history.mergeOtherDevice()
    try history.edit(commits - commits / 2)
    try history.pushBothWays()
    // A second push builds on what the first left on the remote.
    try history.edit(3)
    try history.pushBothWays()
    // Nothing new: the push still succeeds and changes nothing.
    try history.pushBothWays()
  }

  @Test("a push of more commits than a delta chain holds sends no big tree whole: a chain starts again from where it began")
  func longPushRestartsChains() throws {
    let history = try RandomHistory(seed: 5)
    let packs = history.served.bare + "/objects/pack"
    let before = Set(try FileManager.default.contentsOfDirectory(atPath: packs))
    try history.edit(130)
    try history.pushBothWays()
    let received = try FileManager.default.contentsOfDirectory(atPath: packs)
      .filter { $0.hasSuffix(".pack") && !before.contains($0) }
    try #require(received.count == 1, "packs received: \(received)")
    // verify-pack -v: "id type size packed offset [depth base]"; a whole object has 5 fields.
    let objects = try git(history.served.bare, "verify-pack", "-v", packs + "/" + received[0])
      .split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
      .filter { $0.count >= 5 && $0[0].count == 40 }
    // The root trees (over 300 notes: 12 KB each), and the size of each as git reads it.
    let roots = Set(try git(history.served.bare, "log", "--format=%T", history.branch).split(separator: "\n").map(String.init))
    let rootTrees = objects.filter { roots.contains($0[0]) }
    #expect(rootTrees.count >= 130)
    for tree in rootTrees.prefix(1) {
      #expect((Int(try git(history.served.bare, "cat-file", "-s", tree[0])) ?? 0) >= 4096)
    }
    // The one whole root tree is the remote's own, appended by git-receive-pack to
    // complete the thin pack; every pushed root tree is a delta, at most 50 deep.
    #expect(rootTrees.filter { $0.count == 5 }.count == 1)
    #expect(objects.compactMap { $0.count == 7 ? Int($0[5]) : nil }.allSatisfy { $0 <= 50 })
  }

  @Test("a push that would lose the remote's commits is refused before anything is sent")
  func nonFastForwardRefused() throws {
    let history = try RandomHistory(seed: 7)
    try git(history.work, "push", "-q", history.served.bare, "HEAD:refs/heads/devices/laptop")
    try git(history.work, "commit", "-q", "--allow-empty", "-m", "only here")
    try git(history.work, "push", "-q", history.served.bare, "HEAD:refs/heads/devices/laptop")
    try git(history.work, "reset", "-q", "--hard", "HEAD~1")
    try git(history.work, "commit", "-q", "--allow-empty", "-m", "diverged")
    let repository = try Repository.open(at: history.work)
    try repository.addRemote(name: "origin", url: history.served.bare, fetchRefspec: deviceFetchRefspec)
    let error = try #require(throws: TransferError.self) {
      try repository.push(remote: "origin", refspecs: [history.refspec], options: testOptions())
    }
    guard case .nonFastForward = error else {
      Issue.record("expected a non-fast-forward refusal, got \(error)")
      return
    }
  }
}

/// A repository with a flat root of notes and a folder, a bare remote it was pushed to,
/// and a copy of that remote for `git push` to the same start.
final class RandomHistory {
  let sandbox: Sandbox
  let served: ServedRepository
  let work: String
  let reference: String
  let branch = "refs/heads/devices/laptop"
  var refspec: String { "\(branch):\(branch)" }
  /// The URL `Repository.push` reaches the served remote by: its path, unless a test
  /// serves it another way (ssh).
  var originURL: String
  private var generator: SeededGenerator
  private var notes: [String] = []
  private var serial = 0

  init(seed: UInt64) throws {
    generator = SeededGenerator(seed: seed)
    sandbox = try Sandbox()
    served = try ServedRepository(.path, in: sandbox)
    originURL = served.bare
    work = sandbox.file("work")
    reference = sandbox.file("reference.git")
    try git(sandbox.path, "init", "-q", "-b", "devices/laptop", work)
    for index in 0..<300 { try writeNote("Note \(index).note") }
    for index in 0..<12 { try writeNote("Work/Plan \(index).note") }
    try git(work, "add", "-A")
    try git(work, "commit", "-q", "-m", "start")
    try git(work, "push", "-q", served.bare, "HEAD:\(branch)")
    // Another device's branch, diverging from the start, on the remote.
    try git(work, "checkout", "-q", "-b", "phone")
    try writeNote("Note 1.note")
    try writeNote("Phone only.note")
    try git(work, "add", "-A")
    try git(work, "commit", "-q", "-m", "on the phone")
    try git(work, "push", "-q", served.bare, "phone:refs/heads/devices/phone")
    try git(work, "checkout", "-q", "devices/laptop")
    // The laptop's edits never touch what the phone wrote: the merge of its branch
    // would conflict (an edit of Note 1), or an edit would add or delete a note the
    // laptop's tree does not hold (Phone only).
    notes.removeAll { $0 == "Note 1.note" || $0 == "Phone only.note" }
    for bare in [served.bare] { try git(bare, "config", "receive.fsckObjects", "true") }
    try FileManager.default.copyItem(atPath: served.bare, toPath: reference)
  }

  /// `count` commits of random edits.
  func edit(_ count: Int) throws {
    for _ in 0..<count {
      let roll = Int.random(in: 0..<10, using: &generator)
      switch roll {
      case 0 where notes.count > 20:
        let index = Int.random(in: 0..<notes.count, using: &generator)
        try FileManager.default.removeItem(atPath: work + "/" + notes.remove(at: index))
      case 1:
        try writeNote("New \(serial).note")
      case 2:
        try writeNote("Work/Plan \(Int.random(in: 0..<12, using: &generator)).note")
      case 3:
        let name = notes[Int.random(in: 0..<notes.count, using: &generator)]
        try sandbox.write("work/\(name)/Attachments/a\(serial).txt", "attachment \(serial)\n")
      default:
        try writeNote(notes[Int.random(in: 0..<notes.count, using: &generator)])
      }
      try git(work, "add", "-A")
      try git(work, "commit", "-q", "--allow-empty", "-m", "edit \(serial)")
    }
  }

  /// Merges the other device's branch, as a sync does.
  func mergeOtherDevice() throws {
    try git(work, "merge", "-q", "--no-edit", "phone")
  }

  /// Pushes the branch to the served remote with `Repository.push` and to the reference
  /// copy with `git push`, then compares them.
  func pushBothWays() throws {
    let repository = try Repository.open(at: work)
    if try repository.remoteURL("origin") == nil {
      try repository.addRemote(name: "origin", url: originURL, fetchRefspec: deviceFetchRefspec)
    }
    try repository.push(remote: "origin", refspecs: [refspec], options: testOptions())
    try git(work, "push", "-q", reference, "\(branch):\(branch)")
    let tip = try git(work, "rev-parse", branch)
    #expect(try git(served.bare, "rev-parse", branch) == tip)
    #expect(try repository.referenceTarget("refs/remotes/origin/devices/laptop")?.hex == tip)
    #expect(try reachable(served.bare) == reachable(reference))
    try git(served.bare, "fsck", "--strict", "--no-dangling")
  }

  private func reachable(_ bare: String) throws -> [String] {
    try git(bare, "rev-list", "--objects", "--all").split(separator: "\n")
      .map { String($0.prefix(40)) }.sorted()
  }

  private func writeNote(_ name: String) throws {
    serial += 1
    let lines = Int.random(in: 1..<6, using: &generator)
    let body = (0..<lines).map { "line \($0) of \(name), edit \(serial)" }.joined(separator: "\\par\n")
    try sandbox.write("work/\(name)/Text.rtf", "{\\rtf1\\ansi \(body)}\n")
    if !notes.contains(name) { notes.append(name) }
  }
}

/// SplitMix64: the same numbers for the same seed, so a failing history can be replayed.
struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
