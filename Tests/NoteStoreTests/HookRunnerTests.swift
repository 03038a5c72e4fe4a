import Foundation
import Testing

@testable import NoteStore

@Suite("Finding and timing hooks")
struct HookRunnerTests {
  @Test("core.hooksPath resolves as git resolves it", arguments: [
    (nil as String?, "/store/.git/hooks"),
    ("", "/store/.git/hooks"),
    ("/srv/hooks", "/srv/hooks"),
    ("team-hooks", "/store/team-hooks"),
    ("../shared/hooks", "/store/../shared/hooks"),
  ])
  func hooksDirectory(_ configured: String?, _ expected: String) {
    #expect(HookRunner.hooksDirectory(configured: configured, gitDirectory: "/store/.git", workingDirectory: "/store") == expected)
  }

  @Test("notes.hookTimeout takes positive seconds, fractions too, and refuses anything else", arguments: [
    (nil as String?, 60 as Double?), ("5", 5), ("0.25", 0.25), (" 2 ", 2), ("0", nil), ("-1", nil), ("soon", nil), ("inf", nil), ("1e300", nil), ("86400", 86400),
  ])
  func timeout(_ configured: String?, _ expected: Double?) throws {
    if let expected {
      #expect(try HookRunner.timeout(configured: configured) == expected)
    } else {
      #expect(throws: HookError.invalidTimeout(configured ?? "")) { try HookRunner.timeout(configured: configured) }
    }
  }

  @Test("which hooks can refuse and which --no-verify skips, as in git", arguments: HookName.allCases)
  func hookMeaning(_ hook: HookName) {
    let refusing: Set<HookName> = [.preCommit, .preMergeCommit, .prepareCommitMessage, .commitMessage, .prePush]
    let verifying: Set<HookName> = [.preCommit, .preMergeCommit, .commitMessage, .prePush]
    #expect(hook.canRefuse == refusing.contains(hook))
    #expect(hook.isVerification == verifying.contains(hook))
  }

  @Test("a library caller gets hook output through onOutput and a refusal as a HookError; the branch stays")
  func libraryHooks() throws {
    let directory = try TemporaryDirectory()
    let store = try Store.create(at: directory.path + "/store", device: try DeviceName("laptop"))
    let note = try store.createNote(title: "Shopping", content: .plainText("Milk"))
    let hook = store.gitDirectory + "/hooks/pre-commit"
    try FileManager.default.createDirectory(atPath: store.gitDirectory + "/hooks", withIntermediateDirectories: true)
    try "#!/bin/sh\necho checked\ntest \"$NOTES_TEST\" = pass\n".write(toFile: hook, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: hook)
    let shown = Shown()
    store.hooks.onOutput = { text in shown.append(text) }
    let head = try store.headCommit()
    #expect {
      try store.writeBody(of: note, content: .plainText("Eggs"))
    } throws: { error in
      guard case .refused(.preCommit, hook, 1, "checked\n")? = error as? HookError else { return false }
      return true
    }
    #expect(try store.headCommit() == head)
    store.hooks.environment["NOTES_TEST"] = "pass"
    #expect(try store.writeBody(of: note, content: .plainText("Eggs")))
    #expect(shown.text == "pre-commit: checked\n")
    store.hooks.skipsVerification = true
    #expect(try store.writeBody(of: note, content: .plainText("Bread")))
    #expect(shown.text == "pre-commit: checked\n")
  }

  @Test("a hook another process still holds open for writing (Text file busy) runs once it is closed")
  func busyHookFileIsWaitedFor() throws {
    let directory = try TemporaryDirectory()
    let store = try Store.create(at: directory.path + "/store", device: try DeviceName("laptop"))
    let note = try store.createNote(title: "Shopping", content: .plainText("Milk"))
    let hook = store.gitDirectory + "/hooks/pre-commit"
    try FileManager.default.createDirectory(atPath: store.gitDirectory + "/hooks", withIntermediateDirectories: true)
    let writer = open(hook, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
    try #require(writer >= 0)
    let script = Array("#!/bin/sh\necho checked\n".utf8)
    try #require(script.withUnsafeBytes { write(writer, $0.baseAddress, $0.count) } == script.count)
    // Still open for writing while the commit starts, as an installer that has not closed it yet.
    // A thread of its own: under a full parallel run the shared queues can be busy for
    // longer than the runner waits for the file.
    Thread {
      Thread.sleep(forTimeInterval: 0.3)
      close(writer)
    }.start()
    let shown = Shown()
    store.hooks.onOutput = { text in shown.append(text) }
    #expect(try store.writeBody(of: note, content: .plainText("Eggs")))
    #expect(shown.text == "pre-commit: checked\n")
  }
}

/// Collects hook output in a test.
private final class Shown: @unchecked Sendable {
  // @unchecked Sendable: the store calls onOutput on the test's own thread only.
  private(set) var text = ""
  func append(_ more: String) { text += more }
}
