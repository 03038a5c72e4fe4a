import Foundation
import Git
import Testing

/// The pack a push builds under the push's own pack settings (a delta window capped by
/// memory, kept out of every config file): big flat trees still go as deltas, the remote's
/// git accepts and reads the result, and the device's configuration is as it was.
@Suite("Pushes of big flat trees")
struct PushPackTests {
  /// Commits `count` commits on `device`'s branch whose root trees hold `entries` files each,
  /// every commit changing one entry, as a flat store's edits do. Returns the tips.
  private func commitFlatTrees(on device: Device, in sandbox: Sandbox, entries: Int, count: Int) throws -> [ObjectID] {
    let blob = try git(device.path, "hash-object", "-w", "/dev/null")
    var listing = (0..<entries).map { "100644 blob \(blob)\tnote-\(String(format: "%05d", $0)).txt" }
    var tips: [ObjectID] = []
    var parent = try git(device.path, "rev-parse", "HEAD")
    for index in 0..<count {
      try sandbox.write("edit-\(index).txt", "edit \(index)\n")
      let changed = try git(device.path, "hash-object", "-w", sandbox.file("edit-\(index).txt"))
      listing[index * 7 % entries] = "100644 blob \(changed)\tnote-\(String(format: "%05d", index * 7 % entries)).txt"
      try sandbox.write("listing.txt", listing.joined(separator: "\n") + "\n")
      let tree = try runCommand(["sh", "-c", "git -C '\(device.path)' mktree < '\(sandbox.file("listing.txt"))'"])
      parent = try git(device.path, "commit-tree", tree, "-p", parent, "-m", "edit \(index)")
      try git(device.path, "update-ref", device.branch, parent)
      tips.append(try #require(ObjectID(hex: parent)))
    }
    return tips
  }

  @Test(
    "a push of many big root trees sends them as deltas, and the remote's fsck --full accepts the pack",
    arguments: [Transport.path, .fileURL, .gitDaemon])
  func bigTreesGoAsDeltas(_ transport: Transport) throws {
    let sandbox = try Sandbox()
    let served = try ServedRepository(transport, in: sandbox)
    // Keep what arrives as a pack (git would unpack so few objects into loose ones).
    try git(served.bare, "config", "receive.unpackLimit", "1")
    let laptop = try Device("laptop", in: sandbox, reaching: served)
    try laptop.repository.addRemote(name: "origin", url: served.url, fetchRefspec: deviceFetchRefspec)
    let configBefore = try Data(contentsOf: URL(fileURLWithPath: laptop.path + "/.git/config"))
    let tips = try commitFlatTrees(on: laptop, in: sandbox, entries: 4000, count: 12)

    try laptop.repository.push(remote: "origin", refspecs: [laptop.pushRefspec], options: testOptions(timeout: 120))

    #expect(try served.tip(laptop.branch) == tips.last)
    try git(served.bare, "fsck", "--full", "--strict")
    #expect(try git(served.bare, "rev-list", "--count", laptop.branch) == String(tips.count + 1))
    // Every root tree but the first arrived as a delta (each is about 170 KB whole).
    let packs = try FileManager.default.contentsOfDirectory(atPath: served.bare + "/objects/pack")
      .filter { $0.hasSuffix(".idx") }
    var deltifiedTrees = 0
    for pack in packs {
      let listing = try git(served.bare, "verify-pack", "-v", served.bare + "/objects/pack/" + pack)
      deltifiedTrees += listing.split(separator: "\n").filter { line in
        let fields = line.split(separator: " ", omittingEmptySubsequences: true)
        // `sha1 type size size-in-pack offset depth base`: seven fields for a delta.
        return fields.count >= 7 && fields[1] == "tree"
      }.count
    }
    #expect(deltifiedTrees >= tips.count - 1, "root trees sent as deltas: \(deltifiedTrees) of \(tips.count)")
    // The settings were the push's own: the device's config file and chain are unchanged.
    #expect(try Data(contentsOf: URL(fileURLWithPath: laptop.path + "/.git/config")) == configBefore)
    #expect(try laptop.repository.configInt("pack.windowMemory") == nil)
  }

  @Test("a user's own pack.windowMemory is what the push uses", arguments: [Transport.fileURL])
  func usersSettingWins(_ transport: Transport) throws {
    let sandbox = try Sandbox()
    let served = try ServedRepository(transport, in: sandbox)
    let laptop = try Device("laptop", in: sandbox, reaching: served)
    try laptop.repository.addRemote(name: "origin", url: served.url, fetchRefspec: deviceFetchRefspec)
    try git(laptop.path, "config", "pack.windowMemory", "64m")
    let tips = try commitFlatTrees(on: laptop, in: sandbox, entries: 500, count: 3)

    try laptop.repository.push(remote: "origin", refspecs: [laptop.pushRefspec], options: testOptions(timeout: 120))

    #expect(try served.tip(laptop.branch) == tips.last)
    try git(served.bare, "fsck", "--full")
    #expect(try laptop.repository.configInt("pack.windowMemory") == 64 << 20)
  }
}
