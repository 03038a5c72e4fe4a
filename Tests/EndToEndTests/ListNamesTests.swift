import Foundation
import Testing

/// `list --names`, which shell completion runs on every tab: the names of `list`, in its
/// order, without the status it does not print.
@Suite("list --names")
struct ListNamesTests {
  @Test("names come in list's order, newest change first, hand-edited notes and folders included")
  func namesInListOrder() throws {
    let sandbox = try Sandbox()
    let store = try sandbox.makeStore()
    func notes(_ arguments: String...) -> RunResult { sandbox.notes(arguments, in: store) }
    for (name, text) in [("Plan", "a"), ("Work/Idea", "b"), ("Garden", "c"), ("Work/Budget", "d")] {
      #expect(notes("new", name, "--text", text).status == 0)
      Thread.sleep(forTimeInterval: 1.1)
    }
    #expect(notes("write", "Plan", "--text", "a again").status == 0)
    // A hand edit: list shows it modified; the names stay where they were.
    try "{\\rtf1 edited by hand}".write(toFile: store + "/Garden.note/Text.rtf", atomically: true, encoding: .utf8)

    let listed = try #require(try JSONSerialization.jsonObject(with: notes("list", "--json").stdoutData) as? [[String: Any]])
    #expect(listed.compactMap { $0["name"] as? String } == ["Plan", "Work/Budget", "Garden", "Work/Idea"])
    #expect(listed.first { $0["name"] as? String == "Garden" }?["status"] as? String == "modified")
    #expect(notes("list", "--names").stdout == "Plan\nWork/Budget\nGarden\nWork/Idea\n")
    #expect(notes("list", "--names", "--folder", "Work").stdout == "Work/Budget\nWork/Idea\n")
  }
}
