import Foundation
import RichText
import Testing

@Suite("Three-way merge of bodies: resolve --merge and plain git")
struct MergeCommandsTests {
  /// A conflict on Shopping between a laptop and a phone, seen from the phone.
  /// `body` is the note's first version: RTF when it starts with `{\rtf`, else text.
  private func conflict(
    _ sandbox: Sandbox, body: String = "Milk and eggs\nBread", laptopText: String, phoneText: String
  ) throws -> (laptop: String, phone: String) {
    let remote = sandbox.directory + "/remote.git"
    sandbox.git("init", "-q", "--bare", remote, in: sandbox.directory)
    let laptop = try sandbox.makeStore("laptop", device: "laptop")
    sandbox.notes("-C", laptop, "remote", "add", "origin", remote)
    if body.hasPrefix("{\\rtf") {
      sandbox.notes("-C", laptop, "new", "Shopping", "--rtf-file", try sandbox.writeFile("first.rtf", body))
    } else {
      sandbox.notes("-C", laptop, "new", "Shopping", "--text", body)
    }
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
    // While the note holds the merge, no recorded version is its current one: the merge is.
    let listed = try #require(
      try JSONSerialization.jsonObject(with: sandbox.notes("-C", phone, "conflicts", "--json").stdoutData) as? [[String: Any]])
    let entry = try #require(listed.first)
    let versions = try #require(entry["versions"] as? [[String: Any]])
    #expect(versions.count == 2 && versions.allSatisfy { $0["current"] as? Bool == false }, "\(versions)")
    let mergedTree = sandbox.git("rev-parse", "HEAD:Shopping.note", in: phone).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(entry["current"] as? String == String(mergedTree.prefix(12)))
    #expect(entry["currentIsVersion"] as? Bool == false)
    let table = sandbox.notes("-C", phone, "conflicts")
    #expect(table.stdout.contains("conflict markers") && table.stdout.contains("notes resolve Shopping --done"), "\(table.stdout)")
    let refused = sandbox.notes("-C", phone, "resolve", "Shopping", "--done")
    #expect(refused.status == 1)
    #expect(refused.stderr.contains("marker"))
    sandbox.notes("-C", phone, "write", "Shopping", "--text", "Oat and soy milk and eggs\nBread")
    #expect(sandbox.notes("-C", phone, "resolve", "Shopping", "--done").status == 0)
    #expect(sandbox.notes("-C", phone, "conflicts", "--json").stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "[]")
    let trailer = sandbox.git("log", "-1", "--format=%(trailers:key=Resolution,valueonly)", in: phone).stdout
    #expect(trailer.contains("merge"))
  }

  @Test("marker lines deleted with write leave no trace of their formatting in the resolved body's RTF")
  func deletedMarkersLeaveNoTrace() throws {
    let sandbox = try Sandbox()
    let (_, phone) = try conflict(
      sandbox, body: "Flights\nHotel\nFood", laptopText: "Flights\nHotel by the sea\nFood",
      phoneText: "Flights\nHotel in town\nFood")
    #expect(sandbox.notes("-C", phone, "resolve", "Shopping", "--merge").status == 1)
    #expect(sandbox.notes("-C", phone, "write", "Shopping", "--text", "Flights\nHotel by the sea in town\nFood").status == 0)
    let done = sandbox.notes("-C", phone, "resolve", "Shopping", "--done")
    #expect(done.status == 0, "\(done.stderr)")
    let rtf = String(decoding: sandbox.notes("-C", phone, "show", "Shopping", "--rtf").stdoutData, as: UTF8.self)
    #expect(!rtf.contains("notesconflictmarker"), "\(rtf)")
    #expect(sandbox.notes("-C", phone, "show", "Shopping").stdout == "Flights\nHotel by the sea in town\nFood\n")
  }

  @Test(
    "resolve --done takes the markers' highlight off the words kept, even words typed over a marker, keeps the user's own highlight of that colour, and every device gets the same"
  )
  func doneLeavesNoMarkerHighlight() throws {
    let sandbox = try Sandbox()
    // "Important" has the user's own background, in the colour of the markers' highlight.
    let yellow = ConflictMarkerFormatting.highlight
    let body = "{\\rtf1\\ansi{\\colortbl;\\red\(yellow.red)\\green\(yellow.green)\\blue\(yellow.blue);}"
      + "Milk and eggs\\par\n{\\cb1 Important} bread}"
    let (laptop, phone) = try conflict(
      sandbox, body: body, laptopText: "Oat milk and eggs\nImportant bread",
      phoneText: "Soy milk and eggs\nImportant bread")
    let conflicted = sandbox.git("rev-parse", "HEAD", in: phone).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(sandbox.notes("-C", phone, "resolve", "Shopping", "--merge").status == 1)
    let markers = try RTFReader().read(Array(sandbox.notes("-C", phone, "show", "Shopping", "--rtf").stdoutData)).text
    #expect(markers.plainText == "<<<<<<< laptop\nOat milk and eggs\n=======\nSoy milk and eggs\n>>>>>>> phone\nImportant bread")
    // Only the markers are highlighted while the conflict is open.
    let highlighted = markers.paragraphs.filter { paragraph in
      paragraph.runs.contains { $0.attributes.backgroundColor == yellow }
    }.map(\.text)
    #expect(highlighted == ["<<<<<<< laptop", "=======", ">>>>>>> phone", "Important bread"])

    // "Cold soy" takes the place of a marker's words, and with them its formatting.
    #expect(sandbox.notes("-C", phone, "write", "Shopping", "--text", "Cold soy milk and eggs\nImportant bread").status == 0)
    let done = sandbox.notes("-C", phone, "resolve", "Shopping", "--done")
    #expect(done.status == 0, "\(done.stderr)")
    #expect(sandbox.notes("-C", phone, "sync").status == 0)
    #expect(sandbox.notes("-C", laptop, "sync").status == 0)
    for store in [phone, laptop] {
      let rtf = sandbox.notes("-C", store, "show", "Shopping", "--rtf").stdoutData
      #expect(!String(decoding: rtf, as: UTF8.self).contains("notesconflictmarker"))
      let resolved = try RTFReader().read(Array(rtf)).text
      #expect(resolved.plainText == "Cold soy milk and eggs\nImportant bread")
      let backgrounds = resolved.paragraphs.map { paragraph in
        paragraph.runs.filter { $0.attributes.backgroundColor != nil }.map(\.text)
      }
      #expect(backgrounds == [[], ["Important"]], "in \(store)")
    }
    // Against the phone's version before the merge, only words changed.
    let diff = sandbox.notes("-C", phone, "diff", "Shopping", conflicted)
    #expect(diff.status == 0, "\(diff.stderr)")
    #expect(diff.stdout.contains("Cold"))
    #expect(!diff.stdout.contains("highlight"), "\(diff.stdout)")
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
