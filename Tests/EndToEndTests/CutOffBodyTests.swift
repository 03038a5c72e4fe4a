import Foundation
import Testing

/// A body that ends inside open groups (`{` without `}`) was written only in part: an
/// app still writing it, or one that stopped. Readers close the groups themselves, but
/// LibreOffice cannot open such a file, so the store never commits one, and `verify`
/// names one that came in some other way.
@Suite("A cut-off RTF body is never committed")
struct CutOffBodyTests {
  static let cutOff = "{\\rtf1\\ansi\\deff0 {\\fonttbl{\\f0 Helvetica;}}\n{\\b Monday: gym\\par Tuesday: wo"

  /// A store holding the note Plan, and its head commit.
  private static func storeWithPlan(_ sandbox: Sandbox) throws -> (store: String, head: String) {
    let store = try sandbox.makeStore()
    sandbox.notes("-C", store, "new", "Plan", "--text", "Monday: gym")
    return (store, sandbox.git("rev-parse", "HEAD", in: store).stdout)
  }

  @Test("write --rtf-file refuses a cut-off file, names the note and the cause, and changes nothing")
  func writeRefuses() throws {
    let sandbox = try Sandbox()
    let (store, before) = try Self.storeWithPlan(sandbox)
    let file = try sandbox.writeFile("cut.rtf", Self.cutOff)
    let write = sandbox.notes("-C", store, "write", "Plan", "--rtf-file", file)
    #expect(write.status == 1, "\(write.status): \(write.stderr)")
    #expect(write.stderr.contains("\"Plan\"") && write.stderr.contains("ends inside 2 open groups"), "\(write.stderr)")
    #expect(sandbox.git("rev-parse", "HEAD", in: store).stdout == before, "nothing was committed")
    #expect(sandbox.notes("-C", store, "show", "Plan").stdout == "Monday: gym\n")
    // The same file closed is taken.
    let whole = try sandbox.writeFile("whole.rtf", Self.cutOff + "rk}}")
    #expect(sandbox.notes("-C", store, "write", "Plan", "--rtf-file", whole).status == 0)
    #expect(sandbox.notes("-C", store, "show", "Plan").stdout == "Monday: gym\nTuesday: work\n")
  }

  @Test("save refuses a hand edit cut off, which stays in the working tree, unsaved")
  func saveRefuses() throws {
    let sandbox = try Sandbox()
    let (store, before) = try Self.storeWithPlan(sandbox)
    let body = store + "/Plan.note/Text.rtf"
    try Data(Self.cutOff.utf8).write(to: URL(fileURLWithPath: body))
    let save = sandbox.notes("-C", store, "save")
    #expect(save.status == 1, "\(save.status): \(save.stderr)")
    #expect(save.stderr.contains("\"Plan\"") && save.stderr.contains("cut off"), "\(save.stderr)")
    #expect(sandbox.git("rev-parse", "HEAD", in: store).stdout == before, "nothing was committed")
    #expect(try String(contentsOfFile: body, encoding: .utf8) == Self.cutOff, "the hand edit is left as it was")
    #expect(sandbox.notes("-C", store, "status").stdout.contains("modified: Plan"))
  }

  @Test("a cut-off hand edit stops sync with the way out, and notes restore NOTE discards it (copied first)")
  func discardLetsSyncGoOn() throws {
    let sandbox = try Sandbox()
    let (store, before) = try Self.storeWithPlan(sandbox)
    let remote = sandbox.directory + "/remote.git"
    sandbox.git("init", "-q", "--bare", remote, in: sandbox.directory)
    #expect(sandbox.notes("-C", store, "remote", "add", "origin", remote).status == 0)
    let body = store + "/Plan.note/Text.rtf"
    try Data(Self.cutOff.utf8).write(to: URL(fileURLWithPath: body))

    let sync = sandbox.notes("-C", store, "sync")
    #expect(sync.status == 1, "\(sync.status): \(sync.stderr)")
    #expect(sync.stderr.contains("\"Plan\"") && sync.stderr.contains("discard the hand edit with `notes restore Plan`"), "\(sync.stderr)")
    let undo = sandbox.notes("-C", store, "undo", "Plan")
    #expect(undo.stderr.contains("or `notes restore Plan` to discard them"), "\(undo.stderr)")

    let restore = sandbox.notes("-C", store, "restore", "Plan")
    #expect(restore.status == 0, "\(restore.stderr)")
    #expect(restore.stderr.contains("Discarded the unsaved changes of Plan (Text.rtf); a copy is in .git/notes-discarded/"), "\(restore.stderr)")
    #expect(sandbox.notes("-C", store, "show", "Plan").stdout == "Monday: gym\n")
    #expect(sandbox.git("rev-parse", "HEAD", in: store).stdout == before, "nothing was committed")
    let copies = try FileManager.default.subpathsOfDirectory(atPath: store + "/.git/notes-discarded")
    let copy = try #require(copies.first { $0.hasSuffix("Plan.note/Text.rtf") })
    #expect(try String(contentsOfFile: store + "/.git/notes-discarded/" + copy, encoding: .utf8) == Self.cutOff)

    #expect(sandbox.notes("-C", store, "restore", "Plan").stderr == "Plan has no unsaved changes; nothing to discard.\n")
    let again = sandbox.notes("-C", store, "sync")
    #expect(again.status == 0, "\(again.stderr)")

    // A package made by hand and never saved has no saved version to go back to.
    try FileManager.default.copyItem(atPath: store + "/Plan.note", toPath: store + "/Draft.note")
    #expect(sandbox.notes("-C", store, "status").stdout.contains("discard a note's with `notes restore NOTE`"))
    let never = sandbox.notes("-C", store, "restore", "Draft")
    #expect(never.status == 1)
    #expect(never.stderr.contains("\"Draft\" was never saved") && never.stderr.contains("delete its folder Draft.note"), "\(never.stderr)")
    #expect(FileManager.default.fileExists(atPath: store + "/Draft.note/Text.rtf"), "nothing was deleted")
  }

  @Test("verify names a cut-off body committed by plain git")
  func verifyNames() throws {
    let sandbox = try Sandbox()
    let (store, _) = try Self.storeWithPlan(sandbox)
    #expect(sandbox.notes("-C", store, "verify").status == 0)
    try Data(Self.cutOff.utf8).write(to: URL(fileURLWithPath: store + "/Plan.note/Text.rtf"))
    sandbox.git("add", "Plan.note/Text.rtf", in: store)
    sandbox.git("commit", "-q", "-m", "cut off by plain git", in: store)
    let verify = sandbox.notes("-C", store, "verify")
    #expect(verify.status == 1, "\(verify.status): \(verify.stdout)\(verify.stderr)")
    #expect(verify.stdout.contains("Plan") && verify.stdout.contains("ends inside 2 open groups"), "\(verify.stdout)")
  }
}
