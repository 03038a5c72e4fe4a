import Foundation
import Testing

@Suite("Sync cases that used to stop a store")
struct SyncSafetyTests {
  @Test("a stale lock file that a killed push left on the remote is named, with the path to remove, and the next sync after removing it pushes")
  func staleRemoteLock() throws {
    let world = try HostileRemote()
    let lock = world.remote + "/refs/heads/devices/laptop.lock"
    #expect(FileManager.default.createFile(atPath: lock, contents: Data()))
    world.sandbox.notes("-C", world.laptop, "new", "Unpushed", "--text", "waits for the lock")
    let blocked = world.sandbox.notes("-C", world.laptop, "sync")
    #expect(blocked.status == 3)
    #expect(blocked.stderr.contains("stale lock") && blocked.stderr.contains(lock), "\(blocked.stderr)")
    #expect(!blocked.stderr.contains("make a new clone"))
    try FileManager.default.removeItem(atPath: lock)
    #expect(world.sandbox.notes("-C", world.laptop, "sync").status == 0)
    #expect(world.sandbox.notes("-C", world.phone, "sync").status == 0)
    #expect(world.sandbox.notes("-C", world.phone, "show", "Unpushed").stdout == "waits for the lock\n")
  }

  @Test("a device cloned from an empty remote and a store made by init join on their first syncs")
  func emptyRemoteThenFirstDevice() throws {
    let sandbox = try Sandbox()
    let remote = sandbox.directory + "/cloud.git"
    #expect(sandbox.git("init", "-q", "--bare", remote, in: sandbox.directory).status == 0)
    #expect(sandbox.notes("clone", remote, "phone", "--device", "phone").status == 0)
    let phone = sandbox.directory + "/phone"
    let laptop = try sandbox.makeStore("laptop", device: "laptop")
    #expect(sandbox.notes("-C", laptop, "remote", "add", "origin", remote).status == 0)
    sandbox.notes("-C", laptop, "new", "From laptop", "--text", "l")
    sandbox.notes("-C", phone, "new", "From phone", "--text", "p")
    #expect(sandbox.notes("-C", laptop, "sync").status == 0)
    let phoneSync = sandbox.notes("-C", phone, "sync")
    #expect(phoneSync.status == 0, "\(phoneSync.stderr)")
    #expect(sandbox.notes("-C", laptop, "sync").status == 0)
    for store in [laptop, phone] {
      #expect(sandbox.notes("-C", store, "show", "From laptop").stdout == "l\n")
      #expect(sandbox.notes("-C", store, "show", "From phone").stdout == "p\n")
    }
    #expect(sandbox.git("rev-parse", "HEAD^{tree}", in: laptop).stdout == sandbox.git("rev-parse", "HEAD^{tree}", in: phone).stdout)
  }

  @Test("two stores made separately with init join through one remote; a note of the same name on both becomes a conflict")
  func independentStoresJoin() throws {
    let sandbox = try Sandbox()
    let remote = sandbox.directory + "/cloud.git"
    #expect(sandbox.git("init", "-q", "--bare", remote, in: sandbox.directory).status == 0)
    let laptop = try sandbox.makeStore("laptop", device: "laptop")
    let desktop = try sandbox.makeStore("desktop", device: "desktop")
    for store in [laptop, desktop] { #expect(sandbox.notes("-C", store, "remote", "add", "origin", remote).status == 0) }
    sandbox.notes("-C", laptop, "new", "Plans", "--text", "laptop plans")
    sandbox.notes("-C", desktop, "new", "Plans", "--text", "desktop plans")
    sandbox.notes("-C", desktop, "new", "Desk", "--text", "only here")
    #expect(sandbox.notes("-C", laptop, "sync").status == 0)
    let join = sandbox.notes("-C", desktop, "sync", "--json")
    #expect(join.status == 0, "\(join.stderr)")
    let report = try #require(try JSONSerialization.jsonObject(with: join.stdoutData) as? [String: Any])
    #expect(report["conflicts"] as? [String] == ["Plans"])
    #expect(sandbox.notes("-C", laptop, "sync").status == 0)
    #expect(sandbox.notes("-C", laptop, "show", "Desk").stdout == "only here\n")
    let versions = sandbox.notes("-C", laptop, "conflicts", "--json")
    let conflicts = try #require(try JSONSerialization.jsonObject(with: versions.stdoutData) as? [[String: Any]])
    #expect((conflicts.first?["versions"] as? [Any])?.count == 2)
  }

  @Test("a remote given as a relative path is stored absolute, so syncing from another folder finds it")
  func relativeRemotePaths() throws {
    let sandbox = try Sandbox()
    #expect(sandbox.git("init", "-q", "--bare", "cloud.git", in: sandbox.directory).status == 0)
    let laptop = try sandbox.makeStore("laptop", device: "laptop")
    #expect(sandbox.notes("-C", "laptop", "remote", "add", "origin", "cloud.git").status == 0)
    #expect(sandbox.git("config", "remote.origin.url", in: laptop).stdout == sandbox.directory + "/cloud.git\n")
    sandbox.notes("-C", laptop, "new", "Far", "--text", "away")
    #expect(sandbox.notes("sync", in: laptop).status == 0)
    #expect(sandbox.notes("clone", "cloud.git", "phone", "--device", "phone").status == 0)
    let phone = sandbox.directory + "/phone"
    #expect(sandbox.git("config", "remote.origin.url", in: phone).stdout == sandbox.directory + "/cloud.git\n")
    #expect(sandbox.notes("sync", in: phone).status == 0)
    let missing = sandbox.notes("clone", sandbox.directory + "/nonexistent/x.git", "tablet")
    #expect(missing.status == 1)
    #expect(missing.stderr.contains("no git repository at") && !missing.stderr.contains("unsupported URL"), "\(missing.stderr)")
  }

  @Test("while a plain git merge is under way, or HEAD is on another branch, notes commits nothing and says why")
  func plainGitOperationInProgress() throws {
    let sandbox = try Sandbox()
    let store = try sandbox.makeStore()
    sandbox.notes("-C", store, "new", "Shopping", "--text", "Milk")
    #expect(sandbox.git("checkout", "-q", "-b", "side", in: store).status == 0)
    try "{\\rtf1\\ansi side}".write(toFile: store + "/Shopping.note/Text.rtf", atomically: true, encoding: .utf8)
    #expect(sandbox.git("commit", "-qam", "side", in: store).status == 0)
    let onSide = sandbox.notes("-C", store, "write", "Shopping", "--text", "Oat milk")
    #expect(onSide.status == 1)
    #expect(onSide.stderr.contains("HEAD is on refs/heads/side"), "\(onSide.stderr)")
    #expect(sandbox.git("checkout", "-q", "devices/laptop", in: store).status == 0)
    sandbox.notes("-C", store, "write", "Shopping", "--text", "Soy milk")
    let before = sandbox.git("rev-parse", "HEAD", in: store).stdout
    #expect(sandbox.git("merge", "-q", "side", in: store).status != 0)
    #expect(FileManager.default.fileExists(atPath: store + "/.git/MERGE_HEAD"))
    let save = sandbox.notes("-C", store, "save")
    #expect(save.status == 1)
    #expect(save.stderr.contains("a merge made with plain git is under way"), "\(save.stderr)")
    #expect(sandbox.git("rev-parse", "HEAD", in: store).stdout == before)
    #expect(sandbox.subjects(store).first == "Edit Shopping")
  }
}
