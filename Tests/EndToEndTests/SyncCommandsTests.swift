import Foundation
import Testing

@Suite("Sync between devices through a bare remote")
struct SyncCommandsTests {
  /// A bare remote, a laptop store pushed to it and a phone cloned from it.
  private func twoDevices(_ sandbox: Sandbox) throws -> (laptop: String, phone: String, remote: String) {
    let remote = sandbox.directory + "/remote.git"
    #expect(sandbox.git("init", "-q", "--bare", remote, in: sandbox.directory).status == 0)
    let laptop = try sandbox.makeStore("laptop", device: "laptop")
    #expect(sandbox.notes("-C", laptop, "remote", "add", "origin", remote).status == 0)
    #expect(sandbox.notes("-C", laptop, "new", "Shopping", "--text", "Milk\nEggs").status == 0)
    let first = sandbox.notes("-C", laptop, "sync")
    #expect(first.status == 0, "\(first.stderr)")
    let clone = sandbox.notes("clone", remote, "phone", "--device", "phone")
    #expect(clone.status == 0, "\(clone.stderr)")
    return (laptop, sandbox.directory + "/phone", remote)
  }

  @Test("clone, sync both ways, a conflict, its resolution, and both devices end with the same text")
  func conflictRoundTrip() throws {
    let sandbox = try Sandbox()
    let (laptop, phone, remote) = try twoDevices(sandbox)
    #expect(sandbox.notes("-C", phone, "show", "Shopping").stdout == "Milk\nEggs\n")
    #expect(sandbox.git("ls-remote", "--heads", remote, in: sandbox.directory).stdout.contains("refs/heads/devices/laptop"))

    sandbox.notes("-C", phone, "new", "Call Anna", "--text", "Friday")
    #expect(sandbox.notes("-C", phone, "sync").status == 0)
    #expect(sandbox.notes("-C", laptop, "sync").status == 0)
    #expect(sandbox.notes("-C", laptop, "show", "Call Anna").stdout == "Friday\n")

    // Edits to different paragraphs of one note merge by themselves.
    sandbox.notes("-C", laptop, "write", "Shopping", "--text", "Milk\nEggs\nBread")
    #expect(sandbox.notes("-C", laptop, "sync").status == 0)
    sandbox.notes("-C", phone, "write", "Shopping", "--text", "Oat milk\nEggs")
    let clean = sandbox.notes("-C", phone, "sync", "--json")
    let cleanReport = try #require(try JSONSerialization.jsonObject(with: clean.stdoutData) as? [String: Any])
    #expect(cleanReport["conflicts"] as? [String] == [])
    #expect(sandbox.notes("-C", phone, "show", "Shopping").stdout == "Oat milk\nEggs\nBread\n")
    #expect(sandbox.notes("-C", laptop, "sync").status == 0)
    #expect(sandbox.notes("-C", laptop, "show", "Shopping").stdout == "Oat milk\nEggs\nBread\n")

    // Edits to the same words are a conflict: every version is kept.
    sandbox.notes("-C", laptop, "write", "Shopping", "--text", "Oat milk\nEggs\nRye bread")
    #expect(sandbox.notes("-C", laptop, "sync").status == 0)
    Thread.sleep(forTimeInterval: 1.1)
    sandbox.notes("-C", phone, "write", "Shopping", "--text", "Oat milk\nEggs\nWhite bread")
    let conflicted = sandbox.notes("-C", phone, "sync", "--json")
    #expect(conflicted.status == 0, "\(conflicted.stderr)")
    let report = try #require(try JSONSerialization.jsonObject(with: conflicted.stdoutData) as? [String: Any])
    #expect(report["conflicts"] as? [String] == ["Shopping"])
    #expect(report["merged"] as? [String] == ["laptop"])
    let remoteEntry = try #require((report["remotes"] as? [[String: Any]])?.first)
    #expect(Set(remoteEntry.keys) == ["name", "fetched", "pushed", "error"])
    #expect(remoteEntry["error"] is NSNull)

    let conflicts = sandbox.notes("-C", phone, "conflicts", "--json")
    let list = try #require(try JSONSerialization.jsonObject(with: conflicts.stdoutData) as? [[String: Any]])
    #expect(list.count == 1)
    let versions = try #require(list.first?["versions"] as? [[String: Any]])
    #expect(Set(versions.compactMap { $0["device"] as? String }) == ["laptop", "phone"])
    #expect(versions.first { $0["current"] as? Bool == true }?["device"] as? String == "phone")
    #expect(list.first?["currentIsVersion"] as? Bool == true)
    let listed = sandbox.notes("-C", phone, "list", "--json").stdoutData
    let notes = try #require(try JSONSerialization.jsonObject(with: listed) as? [[String: Any]])
    #expect(notes.first { $0["name"] as? String == "Shopping" }?["status"] as? String == "conflict")

    // The dry run names the version it would keep, the laptop's, and changes nothing.
    let laptopVersion = try #require(versions.first { $0["device"] as? String == "laptop" }?["id"] as? String)
    let head = sandbox.head(phone)
    let dry = sandbox.notes("-C", phone, "resolve", "Shopping", "--keep-theirs", "--dry-run")
    #expect(dry.stdout == "Would resolve Shopping: keep version \(laptopVersion) from laptop\n", "\(dry.stdout)")
    #expect(sandbox.head(phone) == head)
    let resolved = sandbox.notes("-C", phone, "resolve", "Shopping", "--keep-theirs")
    #expect(resolved.status == 0, "\(resolved.stderr)")
    #expect(sandbox.notes("-C", phone, "show", "Shopping").stdout == "Oat milk\nEggs\nRye bread\n")
    #expect(sandbox.notes("-C", phone, "sync").status == 0)
    #expect(sandbox.notes("-C", laptop, "sync").status == 0)
    #expect(sandbox.notes("-C", laptop, "show", "Shopping").stdout == "Oat milk\nEggs\nRye bread\n")
    #expect(sandbox.notes("-C", laptop, "conflicts", "--json").stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "[]")
    let trailer = sandbox.git("log", "--format=%(trailers:key=Resolution,valueonly)", "-1", "--grep=Resolve", in: laptop).stdout
    #expect(trailer.contains("keep-theirs"))
    #expect(sandbox.git("rev-parse", "HEAD^{tree}", in: laptop).stdout == sandbox.git("rev-parse", "HEAD^{tree}", in: phone).stdout)
    #expect(sandbox.git("fsck", "--strict", in: laptop).status == 0)
    let history = sandbox.notes("-C", laptop, "versions", "Shopping", "--json").stdoutData
    let all = try #require(try JSONSerialization.jsonObject(with: history) as? [[String: Any]])
    #expect(all.count >= 3)
  }

  @Test("fetch shows incoming and new notes without merging; dry-run changes nothing")
  func fetchAndDryRun() throws {
    let sandbox = try Sandbox()
    let (laptop, phone, _) = try twoDevices(sandbox)
    sandbox.notes("-C", phone, "write", "Shopping", "--text", "Milk")
    sandbox.notes("-C", phone, "new", "Fresh", "--text", "new on the phone")
    #expect(sandbox.notes("-C", phone, "sync").status == 0)
    #expect(sandbox.notes("-C", laptop, "fetch").status == 0)
    let listed = sandbox.notes("-C", laptop, "list", "--json").stdoutData
    let notes = try #require(try JSONSerialization.jsonObject(with: listed) as? [[String: Any]])
    #expect(notes.first { $0["name"] as? String == "Shopping" }?["status"] as? String == "incoming")
    #expect(notes.first { $0["name"] as? String == "Fresh" }?["status"] as? String == "new")

    let head = sandbox.head(laptop)
    let dry = sandbox.notes("-C", laptop, "sync", "--dry-run", "--json")
    #expect(dry.status == 0)
    let report = try #require(try JSONSerialization.jsonObject(with: dry.stdoutData) as? [String: Any])
    #expect(report["fastForwarded"] as? [String] == ["phone"])
    #expect(sandbox.head(laptop) == head)
    #expect(sandbox.notes("-C", laptop, "show", "Shopping").stdout == "Milk\nEggs\n")

    sandbox.notes("-C", laptop, "new", "Local", "--text", "not pushed")
    let ahead = sandbox.notes("-C", laptop, "list", "--json").stdoutData
    let aheadNotes = try #require(try JSONSerialization.jsonObject(with: ahead) as? [[String: Any]])
    #expect(aheadNotes.first { $0["name"] as? String == "Local" }?["status"] as? String == "ahead")
    let devices = sandbox.notes("-C", laptop, "devices", "--json").stdoutData
    let deviceList = try #require(try JSONSerialization.jsonObject(with: devices) as? [[String: Any]])
    #expect(deviceList.map { $0["name"] as? String } == ["laptop", "phone"])
    #expect(deviceList.last?["merged"] as? Bool == false)
  }

  @Test("an unreachable remote is reported with exit 3 while the others still sync")
  func unreachableRemote() throws {
    let sandbox = try Sandbox()
    let (laptop, _, remote) = try twoDevices(sandbox)
    #expect(sandbox.notes("-C", laptop, "remote", "add", "gone", sandbox.directory + "/missing.git").status == 0)
    sandbox.notes("-C", laptop, "new", "More", "--text", "x")
    let result = sandbox.notes("-C", laptop, "sync")
    #expect(result.status == 3)
    #expect(result.stderr.contains("gone"))
    let heads = sandbox.git("ls-remote", remote, "refs/heads/devices/laptop", in: sandbox.directory).stdout
    #expect(heads.hasPrefix(sandbox.head(laptop)))
  }

  @Test("a second machine using the same device name is refused and the local commits stay")
  func deviceNameInUse() throws {
    let sandbox = try Sandbox()
    let (_, _, remote) = try twoDevices(sandbox)
    let clash = sandbox.notes("clone", remote, "twin", "--device", "phone")
    #expect(clash.status == 0)
    let twin = sandbox.directory + "/twin"
    let phone = sandbox.directory + "/phone"
    sandbox.notes("-C", phone, "new", "From phone", "--text", "1")
    #expect(sandbox.notes("-C", phone, "sync").status == 0)
    sandbox.notes("-C", twin, "new", "From twin", "--text", "2")
    let head = sandbox.head(twin)
    let refused = sandbox.notes("-C", twin, "sync")
    #expect(refused.status == 3)
    #expect(refused.stderr.contains("device name"))
    #expect(sandbox.notes("-C", twin, "show", "From twin").stdout == "2\n")
    _ = head
  }

  @Test("a password written into a remote URL draws a warning and is never printed back")
  func passwordInURL() throws {
    let sandbox = try Sandbox()
    let store = try sandbox.makeStore()
    let added = sandbox.notes("-C", store, "remote", "add", "cloud", "https://alice:hunter2@127.0.0.1:9/notes.git")
    #expect(added.status == 0)
    #expect(added.stderr.contains("plain text"))
    let listed = sandbox.notes("-C", store, "remote", "list")
    #expect(listed.stdout.contains("alice:***@127.0.0.1"))
    #expect(!listed.stdout.contains("hunter2"))
    let sync = sandbox.notes("-C", store, "sync", "--timeout", "5")
    #expect(sync.status == 3)
    #expect(!sync.stderr.contains("hunter2"))
  }
}
