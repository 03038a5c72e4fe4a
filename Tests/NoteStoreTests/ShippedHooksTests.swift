import Foundation
import Testing

@testable import NoteStore

@Suite("The shipped hooks")
struct ShippedHooksTests {
  private static let hooksFolder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("hooks").path

  @Test(
    "the shipped hooks compiled into notes are the files in hooks/ (regenerate with Scripts/gen-shipped-hooks.sh)",
    arguments: [
      ("pre-commit", ShippedHooks.preCommit), ("post-sync.example", ShippedHooks.postSyncExample),
      ("pre-receive", ShippedHooks.preReceive),
    ])
  func compiledCopiesMatch(_ name: String, _ content: String) throws {
    let file = try String(contentsOfFile: Self.hooksFolder + "/" + name, encoding: .utf8)
    #expect(file == content + "\n")
  }

  @Test("the git tidy-up of an edited message", arguments: [
    ("Edit A  \n\n\n\nDevice: x\n\n", "Edit A\n\nDevice: x\n"),
    ("\n\nEdit A", "Edit A\n"),
    ("  \n\t\n", ""),
  ])
  func messageCleanUp(_ text: String, _ expected: String) {
    #expect(HookMessage.cleaned(text) == expected)
  }
}
