import Foundation
import RichText
import Testing

@Suite("Three-way merge of bodies: resolve --merge and plain git")
struct MergeCommandsTests {
  /// A conflict on Shopping between a laptop and a phone, seen from the phone.
  private func conflict(_ sandbox: Sandbox, laptopText: String, phoneText: String) throws -> (laptop: String, phone: String) {
    let remote = sandbox.directory + "/remote.git"
    sandbox.git("init", "-q", "--bare", remote, in: sandbox.directory)
    let laptop = try sandbox.makeStore("laptop", device: "laptop")
    sandbox.notes("-C", laptop, "remote", "add", "origin", remote)
    sandbox.notes("-C", laptop, "new", "Shopping", "--text", "Milk and eggs\nBread")
    #expect(sandbox.notes("-C", laptop, "sync").status == 0)
    #expect(sandbox.notes("clone", remote, "phone", "--device", "phone").status == 0)
    let phone = sandbox.directory + "/phone"
    sandbox.notes("-C", laptop, "write", "Shopping", "--text", laptopText)
    #expect(sandbox.notes("-C", laptop, "sync").status == 0)
    Thread.sleep(forTimeInterval: 1.1)
    sandbox.notes("-C", phone, "write", "Shopping", "--text", phoneText)
    #expect(sandbox.notes("-C", phone, "sync").stderr.contains("conflict"))
    return (laptop, phone)
  }

  @Test("resolve --merge with overlapping edits leaves markers, refuses --done until they are gone, then resolves")
  func mergeWithMarkers() throws {
    let sandbox = try Sandbox()
    let (_, phone) = try conflict(sandbox, laptopText: "Oat milk and eggs\nBread", phoneText: "Soy milk and eggs\nBread")
    let merged = sandbox.notes("-C", phone, "resolve", "Shopping", "--merge")
    #expect(merged.status == 1)
    #expect(merged.stderr.contains("--done"))
    let text = sandbox.notes("-C", phone, "show", "Shopping").stdout
    #expect(text.contains("<<<<<<< "))
    #expect(text.contains("Oat milk"))
    #expect(text.contains("Soy milk"))
    #expect(text.contains(">>>>>>> "))
    let refused = sandbox.notes("-C", phone, "resolve", "Shopping", "--done")
    #expect(refused.status == 1)
    #expect(refused.stderr.contains("marker"))
    sandbox.notes("-C", phone, "write", "Shopping", "--text", "Oat and soy milk and eggs\nBread")
    #expect(sandbox.notes("-C", phone, "resolve", "Shopping", "--done").status == 0)
    #expect(sandbox.notes("-C", phone, "conflicts", "--json").stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "[]")
    let trailer = sandbox.git("log", "-1", "--format=%(trailers:key=Resolution,valueonly)", in: phone).stdout
    #expect(trailer.contains("merge"))
  }

  @Test("plain git merge of two branches of a store merges Text.rtf through notes merge-driver, and git log -p shows text")
  func gitMergeDriver() throws {
    let sandbox = try Sandbox()
    let store = try sandbox.makeStore()
    sandbox.notes("-C", store, "new", "Plan", "--text", "Monday: gym\nTuesday: work\nWednesday: rest")
    #expect(sandbox.git("config", "merge.notes-rtf.driver", in: store).stdout.contains("merge-driver %O %A %B %L %P"))
    sandbox.git("branch", "side", in: store)
    sandbox.notes("-C", store, "write", "Plan", "--text", "Monday: swim\nTuesday: work\nWednesday: rest")
    // The other branch's edit, made with git alone: an RTF body from a scratch store.
    let scratch = try sandbox.makeStore("scratch", device: "scratch")
    sandbox.notes("-C", scratch, "new", "Plan", "--text", "Monday: gym\nTuesday: work\nWednesday: read")
    let rtf = sandbox.notes("-C", scratch, "show", "Plan", "--rtf").stdoutData
    let worktree = sandbox.directory + "/side"
    #expect(sandbox.git("worktree", "add", "-q", worktree, "side", in: store).status == 0)
    try rtf.write(to: URL(fileURLWithPath: worktree + "/Plan.note/Text.rtf"))
    #expect(sandbox.git("commit", "-qam", "Edit Plan on a side branch", in: worktree).status == 0)

    let merge = sandbox.git("merge", "-q", "--no-edit", "side", in: store)
    #expect(merge.status == 0, "\(merge.stderr)")
    let merged = try RTFReader().read(Array(try Data(contentsOf: URL(fileURLWithPath: store + "/Plan.note/Text.rtf")))).text
    #expect(merged.plainText == "Monday: swim\nTuesday: work\nWednesday: read")

    let log = sandbox.git("log", "-p", "-1", "side", "--", "Plan.note/Text.rtf", in: store).stdout
    #expect(log.contains("+Wednesday: read"))
    #expect(!log.contains("\\rtf1"))
  }

  @Test("notes textconv prints the text of an RTF file")
  func textconv() throws {
    let sandbox = try Sandbox()
    let file = try sandbox.writeFile("a.rtf", "{\\rtf1\\ansi Hello \\b world\\b0 \\par second}")
    let result = sandbox.notes("textconv", file)
    #expect(result.status == 0)
    #expect(result.stdout == "Hello world\nsecond\n")
  }
}
