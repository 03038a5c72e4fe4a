import Foundation
import Testing

@Suite("Sync under faults")
struct SyncFaultTests {
  @Test("sync killed with SIGKILL at random points loses no acknowledged save; fsck stays clean; the next sync completes")
  func killedSync() throws {
    let sandbox = try Sandbox()
    let remote = sandbox.directory + "/remote.git"
    sandbox.git("init", "-q", "--bare", remote, in: sandbox.directory)
    let laptop = try sandbox.makeStore("laptop", device: "laptop")
    sandbox.notes("-C", laptop, "remote", "add", "origin", remote)
    sandbox.notes("-C", laptop, "new", "Log", "--text", "start")
    #expect(sandbox.notes("-C", laptop, "sync").status == 0)
    #expect(sandbox.notes("clone", remote, "phone", "--device", "phone").status == 0)
    let phone = sandbox.directory + "/phone"
    var acknowledged: [String] = []
    var generator = SeededRandom.fromEnvironment()
    print("killedSync seed \(generator.seed) (replay with NOTES_TEST_SEED=\(generator.seed))")
    var insideMove = 0
    for round in 0..<10 {
      let device = round.isMultiple(of: 2) ? laptop : phone
      let title = "Round \(round)"
      let saved = sandbox.notes("-C", device, "new", title, "--text", "saved in round \(round)")
      #expect(saved.status == 0)
      acknowledged.append(title)
      // Every third round the kill lands inside the sync's branch move. The other device
      // first pushes a note of its own, whole, so that this sync has a merge to make
      // whatever the earlier kills cut short (one that landed before a push, as they do on
      // a slow machine, left nothing new for this device).
      let plan: KillPlan = round % 3 == 2 ? .insideMove : .afterDelay(Double.random(in: 0.0...0.25, using: &generator))
      if case .insideMove = plan {
        let other = device == laptop ? phone : laptop
        let elsewhere = "Round \(round) elsewhere"
        let written = sandbox.notes("-C", other, "new", elsewhere, "--text", "saved beside round \(round)")
        #expect(written.status == 0, "\(written.stderr)")
        acknowledged.append(elsewhere)
        let pushed = sandbox.notes("-C", other, "sync")
        #expect(pushed.status == 0, "round \(round): \(pushed.stderr)")
      }
      let landed = try plan.run(["-C", device, "sync"], store: device, environment: sandbox.environment)
      // (A random-moment kill may land inside a move too; only the planned ones count.)
      if case .insideMove = plan {
        #expect(landed, "round \(round): the kill \(plan) did not land inside the move")
        insideMove += landed ? 1 : 0
      }
      for store in [laptop, phone] {
        let fsck = sandbox.git("fsck", "--strict", in: store)
        #expect(fsck.status == 0, "round \(round): \(fsck.stderr)")
      }
      #expect(sandbox.git("fsck", in: remote).status == 0, "round \(round): remote")
    }
    #expect(insideMove == 3, "only \(insideMove) of 3 kills landed inside a branch move")
    // Two rounds of syncs settle everything: every acknowledged note is on both devices.
    for _ in 0..<2 {
      for store in [laptop, phone] {
        let result = sandbox.notes("-C", store, "sync")
        #expect(result.status == 0, "\(result.stderr)")
      }
    }
    for store in [laptop, phone] {
      let listed = sandbox.notes("-C", store, "list", "--json").stdoutData
      let names = Set(
        (try JSONSerialization.jsonObject(with: listed) as? [[String: Any]] ?? []).compactMap { $0["name"] as? String })
      for title in acknowledged {
        #expect(names.contains(title), "\(title) missing on \(store)")
      }
      #expect(sandbox.git("status", "--porcelain", in: store).stdout.isEmpty)
    }
  }

  @Test(
    "a full disk fails the write with a clear error and leaves the store as it was",
    .enabled(if: SmallDisk.canMount, "mounting a 2 MB tmpfs needs root and /usr/bin/mount"))
  func fullDisk() throws {
    let sandbox = try Sandbox()
    let mountPoint = sandbox.directory + "/small"
    try FileManager.default.createDirectory(atPath: mountPoint, withIntermediateDirectories: true)
    let mounted = CommandRunner.run(
      "/usr/bin/mount", ["-t", "tmpfs", "-o", "size=2m", "tmpfs", mountPoint], in: sandbox.directory,
      environment: sandbox.environment)
    try #require(mounted.status == 0, "mount failed although the probe mounted: \(mounted.stderr)")
    defer { _ = CommandRunner.run("/usr/bin/umount", ["-l", mountPoint], in: sandbox.directory, environment: sandbox.environment) }
    let store = mountPoint + "/store"
    #expect(sandbox.notes("init", store, "--device", "laptop").status == 0)
    #expect(sandbox.notes("-C", store, "new", "Small", "--text", "fits").status == 0)
    let head = sandbox.head(store)
    // Compressible: the blob fits, the working-tree copy does not.
    let repetitive = try sandbox.writeFile("big.bin", Data(repeating: 7, count: 4 * 1024 * 1024))
    // Random: the blob itself does not fit.
    var generator = SystemRandomNumberGenerator()
    let random = try sandbox.writeFile("random.bin", Data((0..<(3 * 1024 * 1024)).map { _ in UInt8.random(in: 0...255, using: &generator) }))
    // Random and smaller: the blob and its copy fit, the pack that would follow does not.
    let medium = try sandbox.writeFile("medium.bin", Data((0..<(600 * 1024)).map { _ in UInt8.random(in: 0...255, using: &generator) }))
    for file in [repetitive, random, medium] {
      let result = sandbox.notes("-C", store, "attach", "Small", file)
      #expect(result.status == 1)
      #expect(result.stderr.contains("No space left on device"), "\(result.stderr)")
      #expect(sandbox.head(store) == head)
      #expect(sandbox.git("status", "--porcelain", in: store).stdout.isEmpty)
    }
    #expect(sandbox.notes("-C", store, "show", "Small").stdout == "fits\n")
    #expect(sandbox.git("fsck", in: store).status == 0)
    #expect(sandbox.notes("-C", store, "attachments", "Small").stdout.isEmpty)
  }
}

/// Whether this machine lets the tests mount a small tmpfs (root, and `mount` present),
/// found out once by mounting one.
enum SmallDisk {
  static let canMount: Bool = {
    guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/mount") else { return false }
    let point = FileManager.default.temporaryDirectory.appendingPathComponent("notes-tmpfs-probe-\(getpid())").path
    guard (try? FileManager.default.createDirectory(atPath: point, withIntermediateDirectories: true)) != nil else {
      return false
    }
    defer { try? FileManager.default.removeItem(atPath: point) }
    let environment = ["PATH": "/usr/bin:/bin"]
    let mounted = CommandRunner.run("/usr/bin/mount", ["-t", "tmpfs", "-o", "size=1m", "tmpfs", point], in: "/", environment: environment)
    guard mounted.status == 0 else { return false }
    _ = CommandRunner.run("/usr/bin/umount", [point], in: "/", environment: environment)
    return true
  }()
}
