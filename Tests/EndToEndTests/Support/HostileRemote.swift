import Foundation
import Testing

/// A bare remote shared by a victim store (`laptop`) and an honest second device
/// (`phone`), plus an attacker who writes commits straight into the remote with git
/// plumbing, the way anyone with push access could: raw tree objects
/// (`git hash-object -t tree --literally`, so git's own checks do not stop them),
/// `git commit-tree` and `git update-ref`.
final class HostileRemote {
  let sandbox: Sandbox
  let remote: String
  let laptop: String
  let phone: String
  /// A folder next to the stores that nothing may ever write into.
  let sentinel: String

  init() throws {
    sandbox = try Sandbox()
    remote = sandbox.directory + "/cloud.git"
    sentinel = sandbox.directory + "/sentinel"
    try FileManager.default.createDirectory(atPath: sentinel, withIntermediateDirectories: true)
    try #require(sandbox.git("init", "-q", "--bare", remote, in: sandbox.directory).status == 0)
    laptop = try sandbox.makeStore("laptop", device: "laptop")
    try #require(sandbox.notes("-C", laptop, "remote", "add", "origin", remote).status == 0)
    try #require(sandbox.notes("-C", laptop, "new", "Shopping", "--text", "Milk\nEggs").status == 0)
    try #require(sandbox.notes("-C", laptop, "sync").status == 0)
    try #require(sandbox.notes("clone", remote, "phone", "--device", "phone").status == 0)
    phone = sandbox.directory + "/phone"
    try #require(sandbox.notes("-C", phone, "new", "Call Anna", "--text", "Friday").status == 0)
    try #require(sandbox.notes("-C", phone, "sync").status == 0)
    try #require(sandbox.notes("-C", laptop, "sync").status == 0)
  }

  /// One entry of a raw tree: the mode as written, the name's bytes and the object.
  struct RawEntry {
    var mode: String
    var name: [UInt8]
    var id: String

    init(_ mode: String, _ name: String, _ id: String) {
      self.init(mode, Array(name.utf8), id)
    }

    init(_ mode: String, _ name: [UInt8], _ id: String) {
      self.mode = mode
      self.name = name
      self.id = id
    }

    var isTree: Bool { mode == "40000" || mode == "040000" }
  }

  /// Runs git in the remote.
  func git(_ arguments: [String], input: Data? = nil) throws -> String {
    let result = CommandRunner.run(
      "/usr/bin/git", arguments, in: remote, input: input, environment: sandbox.environment)
    try #require(result.status == 0, "git \(arguments.joined(separator: " ")) failed: \(result.stderr)")
    return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Writes a blob and returns its id.
  func blob(_ content: String) throws -> String {
    try blob(Data(content.utf8))
  }

  func blob(_ content: Data) throws -> String {
    try git(["hash-object", "-w", "--stdin"], input: content)
  }

  /// Writes a tree object from raw entries, sorted in git's order unless told not to,
  /// without any of git's checks.
  func tree(_ entries: [RawEntry], sorted: Bool = true) throws -> String {
    let ordered = sorted ? entries.sorted { Self.sortKey($0).lexicographicallyPrecedes(Self.sortKey($1)) } : entries
    var bytes = Data()
    for entry in ordered {
      bytes += Data((entry.mode + " ").utf8) + Data(entry.name) + Data([0]) + Self.rawID(entry.id)
    }
    return try git(["hash-object", "-t", "tree", "-w", "--literally", "--stdin"], input: bytes)
  }

  /// The entries of a tree already in the remote (`git ls-tree`).
  func entries(of treeish: String) throws -> [RawEntry] {
    try git(["ls-tree", treeish]).split(separator: "\n").map { line in
      let parts = line.split(separator: "\t", maxSplits: 1)
      let fields = parts[0].split(separator: " ")
      let mode = fields[0] == "040000" ? "40000" : String(fields[0])
      return RawEntry(mode, String(parts[1]), String(fields[2]))
    }
  }

  /// The tip of a device branch in the remote.
  func tip(_ device: String) throws -> String {
    try git(["rev-parse", "refs/heads/devices/\(device)"])
  }

  /// The tip of a device branch in the remote, nil when it has none yet.
  func tipIfAny(_ device: String) -> String? {
    let result = CommandRunner.run(
      "/usr/bin/git", ["rev-parse", "--verify", "-q", "refs/heads/devices/\(device)"], in: remote,
      environment: sandbox.environment)
    return result.status == 0 ? result.stdout.trimmingCharacters(in: .whitespacesAndNewlines) : nil
  }

  /// A valid package tree: a readable body and optional extra entries.
  func package(text: String = "An ordinary note", extra: [RawEntry] = []) throws -> String {
    let body = try blob("{\\rtf1\\ansi " + text + "}")
    return try tree([RawEntry("100644", "Text.rtf", body)] + extra)
  }

  /// A commit on top of `parent` whose root is `parent`'s root plus `entries`
  /// (replacing entries of the same name), published as `devices/<device>`.
  @discardableResult
  func publish(
    addingToRoot entries: [RawEntry], parent: String, device: String = "evil", message: String = "evil change"
  ) throws -> String {
    var root = try self.entries(of: parent + "^{tree}")
    let names = Set(entries.map(\.name))
    root.removeAll { names.contains($0.name) }
    let tree = try self.tree(root + entries)
    return try publish(tree: tree, parents: [parent], device: device, message: message)
  }

  /// A commit of `tree` with `parents`, published as `devices/<device>`.
  @discardableResult
  func publish(tree: String, parents: [String], device: String = "evil", message: String = "evil change") throws -> String {
    let commit = try git(["commit-tree", tree] + parents.flatMap { ["-p", $0] } + ["-m", message])
    _ = try git(["update-ref", "refs/heads/devices/\(device)", commit])
    return commit
  }

  /// A raw commit object, for headers git itself would not write.
  func rawCommit(_ text: String) throws -> String {
    try git(["hash-object", "-t", "commit", "-w", "--literally", "--stdin"], input: Data(text.utf8))
  }

  /// Whether the sentinel folder is still empty.
  var sentinelIsUntouched: Bool {
    ((try? FileManager.default.contentsOfDirectory(atPath: sentinel)) ?? ["?"]).isEmpty
  }

  /// `git fsck --strict` of a store.
  func fsck(_ store: String) -> RunResult {
    sandbox.git("fsck", "--strict", "--no-dangling", in: store)
  }

  /// Both honest devices still sync with each other: a new note on each reaches the
  /// other, and the two end on the same notes.
  func honestDevicesStillSync() throws -> Bool {
    let marker = "Proof \(UUID().uuidString.prefix(6))"
    sandbox.notes("-C", phone, "new", marker, "--text", "from the phone")
    sandbox.notes("-C", phone, "sync")
    sandbox.notes("-C", laptop, "new", marker + " back", "--text", "from the laptop")
    sandbox.notes("-C", laptop, "sync")
    sandbox.notes("-C", phone, "sync")
    let onLaptop = sandbox.notes("-C", laptop, "show", marker).stdout
    let onPhone = sandbox.notes("-C", phone, "show", marker + " back").stdout
    let laptopTree = sandbox.git("rev-parse", "HEAD^{tree}", in: laptop).stdout
    let phoneTree = sandbox.git("rev-parse", "HEAD^{tree}", in: phone).stdout
    return onLaptop == "from the phone\n" && onPhone == "from the laptop\n" && laptopTree == phoneTree
  }

  private static func sortKey(_ entry: RawEntry) -> [UInt8] {
    entry.name + (entry.isTree ? [0x2F] : [])
  }

  private static func rawID(_ hex: String) -> Data {
    var bytes = Data()
    var index = hex.startIndex
    while index < hex.endIndex {
      let next = hex.index(index, offsetBy: 2)
      bytes.append(UInt8(hex[index..<next], radix: 16) ?? 0)
      index = next
    }
    return bytes
  }
}
