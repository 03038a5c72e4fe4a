import Foundation
import Testing

/// `notes status` names the devices whose changes the last sync (or clone) refused,
/// with the reason and what to do, until a sync takes them or no longer finds them.
@Suite("Status names the devices a sync refused")
struct StatusRefusedDevicesTests {
  private func refused(_ sandbox: Sandbox, _ store: String) throws -> (entries: [[String: Any]], upToDate: Bool?) {
    let result = sandbox.notes("-C", store, "status", "--json")
    #expect(result.status == 0, "\(result.stderr)")
    let report = try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any])
    return (try #require(report["refused"] as? [[String: Any]]), report["upToDate"] as? Bool)
  }

  private func record(_ store: String) -> String { store + "/.git/notes-refused.json" }

  @Test(
    "after a sync refuses a hostile device, status names it with the rule and what to do, in text and JSON, until a sync no longer finds it"
  )
  func hostileDeviceNamedUntilGone() throws {
    let world = try HostileRemote()
    try HostileTree.dotDotInNote.publish(on: world, parent: try world.tip("laptop"))
    #expect(world.sandbox.notes("-C", world.laptop, "sync").status == 3)

    let text = world.sandbox.notes("-C", world.laptop, "status")
    #expect(text.status == 0, "\(text.stderr)")
    #expect(text.stdout.contains("Refused by the last sync"), "\(text.stdout)")
    #expect(text.stdout.contains("  on origin: refused the changes of device evil"), "\(text.stdout)")
    #expect(text.stdout.contains("hasDotdot"), "\(text.stdout)")
    #expect(text.stdout.contains("repair or remove the branch devices/evil on origin"), "\(text.stdout)")
    #expect(!text.stdout.contains("Everything is saved"), "\(text.stdout)")
    let (entries, upToDate) = try refused(world.sandbox, world.laptop)
    #expect(entries.count == 1)
    #expect(entries.first?["device"] as? String == "evil")
    #expect(entries.first?["remote"] as? String == "origin")
    #expect(entries.first?["rule"] as? String == "hasDotdot")
    #expect((entries.first?["action"] as? String)?.contains("`notes sync`") == true)
    #expect(upToDate == false)

    // A second sync refuses it again: still named.
    #expect(world.sandbox.notes("-C", world.laptop, "sync").status == 3)
    #expect(try refused(world.sandbox, world.laptop).entries.count == 1)

    _ = try world.git(["update-ref", "-d", "refs/heads/devices/evil"])
    #expect(world.sandbox.notes("-C", world.laptop, "sync").status == 0)
    let cleared = world.sandbox.notes("-C", world.laptop, "status")
    #expect(!cleared.stdout.contains("Refused"), "\(cleared.stdout)")
    #expect(cleared.stdout.contains("Everything is saved, merged and pushed."), "\(cleared.stdout)")
    let after = try refused(world.sandbox, world.laptop)
    #expect(after.entries.isEmpty && after.upToDate == true)
    #expect(!FileManager.default.fileExists(atPath: record(world.laptop)))
  }

  @Test("a sync that cannot reach the remote keeps naming the device that remote's branch brought")
  func unreachableRemoteKeepsRefusal() throws {
    let world = try HostileRemote()
    try HostileTree.symlinkNote.publish(on: world, parent: try world.tip("laptop"))
    #expect(world.sandbox.notes("-C", world.laptop, "sync").status == 3)
    let away = world.remote + ".away"
    try FileManager.default.moveItem(atPath: world.remote, toPath: away)
    #expect(world.sandbox.notes("-C", world.laptop, "sync").status == 3)
    #expect(try refused(world.sandbox, world.laptop).entries.map { $0["rule"] as? String } == ["badFilemode"])
    try FileManager.default.moveItem(atPath: away, toPath: world.remote)
    _ = try world.git(["update-ref", "-d", "refs/heads/devices/evil"])
    #expect(world.sandbox.notes("-C", world.laptop, "sync").status == 0)
    #expect(try refused(world.sandbox, world.laptop).entries.isEmpty)
  }

  @Test("a clone that leaves out a hostile device records it, and status on the new device names it")
  func cloneRecordsRefusal() throws {
    let world = try HostileRemote()
    try HostileTree.dotGitUpper.publish(on: world, parent: try world.tip("laptop"))
    #expect(world.sandbox.notes("clone", world.remote, "tablet", "--device", "tablet").status == 3)
    let tablet = world.sandbox.directory + "/tablet"
    let text = world.sandbox.notes("-C", tablet, "status").stdout
    #expect(text.contains("on origin: refused the changes of device evil") && text.contains("hasDotgit"), "\(text)")
    #expect(try refused(world.sandbox, tablet).entries.count == 1)
  }

  @Test("a refused device whose name a shell would run is shown escaped, with no command to paste")
  func hostileDeviceNameNeverBecomesACommand() throws {
    let world = try HostileRemote()
    let marker = world.sandbox.directory + "/pwned"
    let device = "$(touch${IFS}\(marker))\u{202E}x"
    typealias E = HostileRemote.RawEntry
    let evil = try world.package(extra: [E("100644", "..", try world.blob("x"))])
    try world.publish(addingToRoot: [E("40000", "Evil.note", evil)], parent: try world.tip("laptop"), device: device)
    #expect(world.sandbox.notes("-C", world.laptop, "sync").status == 3)
    let text = world.sandbox.notes("-C", world.laptop, "status").stdout
    #expect(text.contains("Refused by the last sync"), "\(text)")
    #expect(!text.contains("\u{202E}"), "the name is escaped: \(text)")
    #expect(!text.contains("git update-ref"), "no command is offered for such a name: \(text)")
    #expect(text.contains("no device can have that name"), "\(text)")
    let entries = try refused(world.sandbox, world.laptop).entries
    let action = try #require(entries.first?["action"] as? String)
    #expect(!action.contains("git update-ref") && !action.contains("\u{202E}"), "\(action)")
    #expect(!FileManager.default.fileExists(atPath: marker))
  }

  @Test("a mass delete the sync refused is named with --allow-mass-delete as the way to take it, and gone once taken")
  func massDeleteNamedWithItsRemedy() throws {
    let world = try HostileRemote()
    for index in 0..<30 { world.sandbox.notes("-C", world.laptop, "new", "Note \(index)", "--text", "x") }
    #expect(world.sandbox.notes("-C", world.laptop, "sync").status == 0)
    let parent = try world.tip("laptop")
    var root = try world.entries(of: parent + "^{tree}")
    root.removeAll { String(decoding: $0.name, as: UTF8.self).hasPrefix("Note ") }
    try world.publish(tree: try world.tree(root), parents: [parent], message: "delete almost everything")
    #expect(world.sandbox.notes("-C", world.laptop, "sync").status == 3)

    let text = world.sandbox.notes("-C", world.laptop, "status").stdout
    #expect(text.contains("would delete 30 of 32 notes"), "\(text)")
    #expect(text.contains("run `notes sync --allow-mass-delete`"), "\(text)")
    // A fetch checks trees, not mass deletes: the refusal stays as the sync found it.
    world.sandbox.notes("-C", world.laptop, "fetch")
    #expect(try refused(world.sandbox, world.laptop).entries.map { $0["rule"] as? String } == ["massDelete"])

    #expect(world.sandbox.notes("-C", world.laptop, "sync", "--allow-mass-delete").status == 0)
    #expect(try refused(world.sandbox, world.laptop).entries.isEmpty)
  }

  @Test("a damaged record makes status warn and go on, and the next sync writes it anew")
  func damagedRecord() throws {
    let world = try HostileRemote()
    try HostileTree.symlinkNote.publish(on: world, parent: try world.tip("laptop"))
    #expect(world.sandbox.notes("-C", world.laptop, "sync").status == 3)
    try Data([0, 0, 0]).write(to: URL(fileURLWithPath: record(world.laptop)))
    let status = world.sandbox.notes("-C", world.laptop, "status")
    #expect(status.status == 0)
    #expect(status.stderr.contains("notes-refused.json") && status.stderr.contains("`notes sync`"), "\(status.stderr)")
    #expect(world.sandbox.notes("-C", world.laptop, "sync").status == 3)
    #expect(try refused(world.sandbox, world.laptop).entries.count == 1)
  }
}
