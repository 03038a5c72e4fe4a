import Foundation
import Testing

/// Objects a device wrote stay loose until a pack. Once another device builds on them
/// and a sync brings that back in a pack, the branch moves to the packed commit and a
/// walk from the references stops there: without the reflogs as roots, those objects
/// stayed loose for good, and `notes gc` could not pack them.
@Suite("Packing after syncs")
struct PackingAfterSyncTests {
  @Test("after rounds of syncs in which the other device built on loose commits, notes gc leaves nothing loose")
  func nothingStrandedLoose() throws {
    let sandbox = try Sandbox()
    sandbox.extraEnvironment["NOTES_NO_AUTO_GC"] = "1"  // every object stays loose until the gc below
    let remote = sandbox.directory + "/remote.git"
    try #require(sandbox.git("init", "-q", "--bare", remote, in: sandbox.directory).status == 0)
    let laptop = try sandbox.makeStore("laptop", device: "laptop")
    sandbox.notes("-C", laptop, "remote", "add", "origin", remote)
    sandbox.notes("-C", laptop, "new", "Base", "--text", "x")
    try #require(sandbox.notes("-C", laptop, "sync").status == 0)
    try #require(sandbox.notes("clone", remote, "phone", "--device", "phone").status == 0)
    let phone = sandbox.directory + "/phone"
    for round in 1...3 {
      for note in ["L1", "L2", "L3"] {
        let text = "laptop \(note) round \(round)"
        if sandbox.notes("-C", laptop, "write", note, "--text", text).status != 0 {
          sandbox.notes("-C", laptop, "new", note, "--text", text)
        }
      }
      #expect(sandbox.notes("-C", laptop, "sync").status == 0)
      #expect(sandbox.notes("-C", phone, "sync").status == 0)
      sandbox.notes("-C", phone, "write", "L1", "--text", "phone edit \(round)")
      sandbox.notes("-C", phone, "new", "P\(round)", "--text", "phone \(round)")
      #expect(sandbox.notes("-C", phone, "sync").status == 0)
      #expect(sandbox.notes("-C", laptop, "sync").status == 0)
    }
    for store in [laptop, phone] {
      let gc = sandbox.notes("-C", store, "gc", "--json")
      #expect(gc.status == 0, "\(gc.stderr)")
      let report = try #require(try JSONSerialization.jsonObject(with: gc.stdoutData) as? [String: Any])
      #expect(report["looseObjects"] as? Int == 0, "\(store): \(gc.stdout)")
      #expect(sandbox.git("fsck", "--no-dangling", in: store).status == 0)
      #expect(sandbox.notes("-C", store, "show", "L1").stdout == "phone edit 3\n")
    }
  }
}
