import Foundation
import Testing

/// Writing back what a note already says changes nothing: no commit, no new bytes.
@Suite("Writing an unchanged text")
struct WriteUnchangedTests {
  @Test("writing the text a note has, or what show printed, commits nothing and says so", arguments: [
    "Milk\nEggs", "Milk\nEggs\n",
  ])
  func unchangedText(_ text: String) throws {
    let sandbox = try Sandbox()
    let store = try sandbox.makeStore()
    #expect(sandbox.notes("-C", store, "new", "Shopping", "--text", "Milk\nEggs").status == 0)
    let before = sandbox.head(store)
    let shown = sandbox.notes("-C", store, "show", "Shopping").stdout
    let fromShow = sandbox.notes("-C", store, "write", "Shopping", input: shown)
    let fromText = sandbox.notes("-C", store, "write", "Shopping", "--text", text)
    for result in [fromShow, fromText] {
      #expect(result.status == 0)
      #expect(result.stderr == "Shopping is unchanged\n")
      #expect(result.stdout.isEmpty)
    }
    #expect(sandbox.head(store) == before)
  }
}
