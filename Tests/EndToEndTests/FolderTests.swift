import Foundation
import Testing

/// Folders group notes: `new Work/Idea`, `mv NOTE Work/`, `list --folder Work`; folders are
/// made when a note goes in and vanish when the last one leaves.
@Suite("Folders")
struct FolderTests {
  private func names(_ result: RunResult) throws -> [String] {
    let list = try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [[String: Any]])
    return list.compactMap { $0["name"] as? String }.sorted()
  }

  @Test("notes are made in, moved into and out of folders, and listed by folder")
  func foldersEndToEnd() throws {
    let sandbox = try Sandbox()
    let store = try sandbox.makeStore()
    func notes(_ arguments: String...) -> RunResult { sandbox.notes(arguments, in: store) }
    let fileManager = FileManager.default

    #expect(notes("new", "Work/Idea", "--text", "a plan").stdout == "Work/Idea\n")
    #expect(fileManager.fileExists(atPath: store + "/Work/Idea.note/Text.rtf"))
    #expect(notes("new", "Plan", "--text", "x").status == 0)
    #expect(notes("new", "Home/Garden", "--text", "y").status == 0)

    let moved = notes("mv", "Plan", "Work/")
    #expect(moved.status == 0, "\(moved.stderr)")
    #expect(moved.stderr.contains("Moved Plan to Work/Plan"))
    #expect(fileManager.fileExists(atPath: store + "/Work/Plan.note/Text.rtf"))
    #expect(!fileManager.fileExists(atPath: store + "/Plan.note"))
    #expect(try names(notes("list", "--folder", "Work", "--json")) == ["Work/Idea", "Work/Plan"])
    #expect(try names(notes("list", "--folder", "Work/", "--json")) == ["Work/Idea", "Work/Plan"])
    #expect(try names(notes("list", "--folder", "Wor", "--json")) == [])
    #expect(notes("show", "Work/Plan").stdout == "x\n")

    // The last note leaving a folder takes the folder with it; history follows.
    #expect(notes("mv", "Home/Garden", "/").status == 0)
    #expect(!fileManager.fileExists(atPath: store + "/Home"))
    #expect(notes("mv", "Work/Idea", "Archive/2026/Old idea").status == 0)
    #expect(fileManager.fileExists(atPath: store + "/Archive/2026/Old idea.note/Text.rtf"))
    #expect(notes("delete", "Archive/2026/Old idea").status == 0)
    #expect(!fileManager.fileExists(atPath: store + "/Archive"))
    #expect(try names(notes("list", "--json")) == ["Garden", "Work/Plan"])
    let subjects = sandbox.subjects(store)
    #expect(subjects.contains("Move Plan to Work/Plan"))
    #expect(subjects.contains("Move Home/Garden to Garden"))
    #expect(sandbox.git("status", "--porcelain", in: store).stdout.isEmpty)
    #expect(sandbox.git("fsck", "--strict", in: store).status == 0)

    // A taken name and a bad folder are refused, and nothing changes.
    let head = sandbox.head(store)
    #expect(notes("new", "Work/Plan", "--text", "again").status == 1)
    let bad = notes("mv", "Garden", "Old.note/")
    #expect(bad.status == 1)
    #expect(bad.stderr.contains("cannot end in '.note'"))
    #expect(notes("list", "--folder", "../x").status == 1)
    #expect(sandbox.head(store) == head)
  }
}
