import Foundation
import Testing

/// Three honest devices, a friendly plain-git device and an attacker share one remote.
/// Each round one of them writes (the attacker a random hostile tree from
/// ``HostileTree``, the friend a valid note made with git plumbing), then a random
/// honest device syncs and is often killed with SIGKILL, at a random moment or inside
/// its branch move. The counts that must stay zero: edits lost, stores stuck, hostile
/// paths adopted. `NOTES_SYNC_FUZZ_ROUNDS` sets the rounds (20 here, 200 in `make fuzz`);
/// `NOTES_TEST_SEED` replays a run.
@Suite("Sync under hostile trees and kills, seeded")
struct SyncFuzzTests {
  static let rounds = Int(ProcessInfo.processInfo.environment["NOTES_SYNC_FUZZ_ROUNDS"] ?? "") ?? 20

  @Test("mixed valid and hostile trees from three devices with random kill -9: nothing lost, nothing stuck, nothing hostile adopted")
  func hostileTreesAndKills() throws {
    var random = SeededRandom.fromEnvironment()
    print("SyncFuzzTests seed \(random.seed), \(Self.rounds) rounds (replay with NOTES_TEST_SEED=\(random.seed))")
    let world = try HostileRemote()
    let sandbox = world.sandbox
    try #require(sandbox.notes("clone", world.remote, "tablet", "--device", "tablet").status == 0)
    let devices = [world.laptop, world.phone, sandbox.directory + "/tablet"]
    // So that the oversized attachment of ``HostileTree/oversizedBlob`` is over the limit.
    for device in devices { sandbox.git("config", "notes.maxBlobSize", "100000", in: device) }
    let hostile = HostileTree.allCases
    var acknowledged: [String] = []
    var friendly: [String] = []
    var friendTip: String?
    var kills = 0
    var killsInsideMove = 0
    for round in 0..<Self.rounds {
      let roll = Int.random(in: 0..<100, using: &random)
      if roll < 45 {
        let device = devices[Int.random(in: 0..<devices.count, using: &random)]
        let title = "Round \(round)"
        let saved = sandbox.notes("-C", device, "new", title, "--text", "written in round \(round)")
        #expect(saved.status == 0, "round \(round): \(saved.stderr)")
        if saved.status == 0 { acknowledged.append(title) }
      } else if roll < 75 {
        let tree = hostile[Int.random(in: 0..<hostile.count, using: &random)]
        let parentDevice = ["laptop", "phone", "tablet"][Int.random(in: 0..<3, using: &random)]
        let parent = try world.tipIfAny(parentDevice) ?? world.tip("laptop")
        // Each hostile commit goes to a branch of its own, so none hides another.
        try tree.publish(on: world, parent: parent)
        _ = try world.git(["branch", "-f", "devices/evil\(round)", "devices/evil"])
        _ = try world.git(["update-ref", "-d", "refs/heads/devices/evil"])
      } else {
        typealias E = HostileRemote.RawEntry
        let title = "Friend \(round)"
        let package = try world.package(text: "from plain git in round \(round)")
        friendTip = try world.publish(
          addingToRoot: [E("40000", title + ".note", package)], parent: try friendTip ?? world.tip("laptop"),
          device: "friend", message: "Add \(title)")
        friendly.append(title)
      }
      let syncing = devices[Int.random(in: 0..<devices.count, using: &random)]
      if Bool.random(using: &random) {
        let plan: KillPlan =
          Bool.random(using: &random) ? .insideMove : .afterDelay(Double.random(in: 0...0.3, using: &random))
        if try plan.run(["-C", syncing, "sync"], store: syncing, environment: sandbox.environment) { killsInsideMove += 1 }
        kills += 1
      } else {
        let sync = sandbox.notes("-C", syncing, "sync")
        #expect([0, 3].contains(sync.status), "round \(round): sync exited \(sync.status): \(sync.stderr)")
        // After a whole command (which finishes what a killed one left), nothing
        // hostile is in the objects either.
        let fsck = world.fsck(syncing)
        #expect(fsck.status == 0, "round \(round): git fsck --strict: \(fsck.stdout)\(fsck.stderr)")
      }
    }
    var stuck = 0
    for _ in 0..<3 {
      for device in devices {
        let sync = sandbox.notes("-C", device, "sync")
        if ![0, 3].contains(sync.status) { stuck += 1 }
      }
    }
    var lost = 0
    var adopted = 0
    let markers = ["Evil.note", "Esc", "GIT~1", "0123456789abcdef", "fedcba9876543210", ".g\u{200C}it", ".git/", ".GIT", ".Git"]
    for device in devices {
      let listed = sandbox.notes("-C", device, "list", "--json").stdoutData
      let names = Set(
        (try JSONSerialization.jsonObject(with: listed) as? [[String: Any]] ?? []).compactMap { $0["name"] as? String })
      lost += (acknowledged + friendly).filter { !names.contains($0) }.count
      let paths = sandbox.git("ls-tree", "-r", "--name-only", "HEAD", in: device).stdout
      let hostilePaths = paths.split(separator: "\n").filter { path in markers.contains { path.contains($0) } }
      if !hostilePaths.isEmpty { print("hostile paths adopted on \(device): \(hostilePaths)") }
      adopted += hostilePaths.count
      #expect(world.fsck(device).status == 0)
    }
    print("SyncFuzzTests: \(Self.rounds) rounds, \(acknowledged.count) edits, \(friendly.count) plain-git notes, \(kills) kills (\(killsInsideMove) inside a move); lost \(lost), stuck \(stuck), hostile adopted \(adopted)")
    #expect(lost == 0)
    #expect(stuck == 0)
    #expect(adopted == 0)
    #expect(world.sentinelIsUntouched)
    let trees = Set(devices.map { sandbox.git("rev-parse", "HEAD^{tree}", in: $0).stdout })
    #expect(trees.count == 1, "the devices did not converge")
  }
}
