import Foundation
import Testing
#if canImport(Glibc)
  import Glibc
#endif

@Suite("Bad input gets a clear error and changes nothing")
struct BadInputTests {
  struct NameCase: CustomTestStringConvertible, Sendable {
    var name: String
    var message: String
    var testDescription: String { name.debugDescription }
  }

  static let badNames: [NameCase] = [
    NameCase(name: "../x", message: "cannot start with '.'"),
    NameCase(name: ".hidden", message: "cannot start with '.'"),
    NameCase(name: "a//b", message: "empty part"),
    NameCase(name: "x.note/y", message: "cannot end in '.note'"),
    NameCase(name: ".git/y", message: "cannot start with '.'"),
    NameCase(name: "Work/.y", message: "cannot start with '.'"),
    NameCase(name: "tab\there", message: "control characters"),
    NameCase(name: "bell\u{7}", message: "control characters"),
    NameCase(name: String(repeating: "x", count: 260), message: "at most"),
  ]

  @Test("invalid note names are refused", arguments: badNames)
  func badNoteNames(_ badName: NameCase) throws {
    let sandbox = try Sandbox()
    let store = try sandbox.makeStore()
    sandbox.notes("-C", store, "new", "Fine", "--text", "x")
    let head = sandbox.head(store)
    let created = sandbox.notes("-C", store, "new", badName.name, "--text", "x")
    #expect(created.status == 1)
    #expect(created.stderr.contains(badName.message), "\(created.stderr)")
    let renamed = sandbox.notes("-C", store, "rename", "Fine", badName.name)
    #expect(renamed.status == 1)
    #expect(sandbox.head(store) == head)
  }

  @Test("a missing note exits 1 and suggests the nearest names")
  func missingNote() throws {
    let sandbox = try Sandbox()
    let store = try sandbox.makeStore()
    sandbox.notes("-C", store, "new", "Groceries", "--text", "x")
    for command in [["show", "Grocery"], ["delete", "Grocries"], ["write", "Gorceries", "--text", "y"]] {
      let result = sandbox.notes(["-C", store] + command)
      #expect(result.status == 1)
      #expect(result.stderr.contains("no note named"))
      #expect(result.stderr.contains("\"Groceries\""), "\(command): \(result.stderr)")
    }
  }

  @Test("unknown commands and options exit 2 with a suggestion")
  func usageErrors() throws {
    let sandbox = try Sandbox()
    let unknown = sandbox.notes("lsit")
    #expect(unknown.status == 2)
    #expect(unknown.stderr.contains("list"))
    #expect(unknown.stdout.isEmpty)
    let option = sandbox.notes("list", "--jsn")
    #expect(option.status == 2)
    #expect(option.stderr.contains("--json"))
    let missing = sandbox.notes("show")
    #expect(missing.status == 2)
  }

  @Test("help and version print to stdout and exit 0")
  func helpAndVersion() throws {
    let sandbox = try Sandbox()
    let version = sandbox.notes("--version")
    #expect(version.status == 0)
    #expect(version.stdout.hasPrefix("notes "))
    let help = sandbox.notes("help", "attach")
    #expect(help.status == 0)
    #expect(help.stdout == sandbox.notes("attach", "--help").stdout)
    #expect(help.stdout.contains("notes attach"))
    let top = sandbox.notes("--help")
    for command in ["init", "new", "list", "show", "write", "edit", "rename", "delete", "attach", "attachments", "detach", "export", "status", "save", "verify", "gc"] {
      #expect(top.stdout.contains(command), "top-level help lacks \(command)")
    }
  }

  @Test("a second writer waits for the lock, says so, then fails with exit 1; readers do not wait")
  func lockedStore() throws {
    let sandbox = try Sandbox()
    let store = try sandbox.makeStore()
    sandbox.notes("-C", store, "new", "A", "--text", "x")
    // Holds the lock until its input closes (at the end of the test, or when the test
    // process ends), not for a fixed time a loaded machine could outlast.
    let holder = Process()
    holder.executableURL = URL(fileURLWithPath: "/usr/bin/flock")
    holder.arguments = [store + "/.git/notes.lock", "cat"]
    let release = Pipe()
    holder.standardInput = release
    holder.standardOutput = FileHandle.nullDevice
    try holder.run()
    defer { try? release.fileHandleForWriting.close() }
    try waitUntilLocked(store + "/.git/notes.lock")
    let head = sandbox.head(store)
    let blocked = sandbox.notes("-C", store, "--wait", "1", "new", "B", "--text", "y")
    #expect(blocked.status == 1)
    #expect(blocked.stderr.contains("waiting"))
    #expect(blocked.stderr.contains("locked"))
    #expect(sandbox.head(store) == head)
    let reader = sandbox.notes("-C", store, "show", "A")
    #expect(reader.status == 0)
    #expect(reader.stdout == "x\n")
  }

  @Test("a store killed with SIGKILL mid-write stays valid and the next command works")
  func killedWriter() throws {
    let sandbox = try Sandbox()
    let store = try sandbox.makeStore()
    sandbox.notes("-C", store, "new", "Base", "--text", "start")
    var generator = SeededRandom.fromEnvironment()
    print("killedWriter seed \(generator.seed) (replay with NOTES_TEST_SEED=\(generator.seed))")
    var insideMove = 0
    for round in 0..<12 {
      let plan: KillPlan = round.isMultiple(of: 3) ? .insideMove : .afterDelay(Double.random(in: 0.0...0.08, using: &generator))
      let landed = try plan.run(
        ["-C", store, "write", "Base", "--text", "round \(round)"], store: store, environment: sandbox.environment)
      if case .insideMove = plan {
        #expect(landed, "round \(round): the kill \(plan) did not land inside the move")
        insideMove += landed ? 1 : 0
      }
      let fsck = sandbox.git("fsck", "--strict", in: store)
      #expect(fsck.status == 0, "round \(round): \(fsck.stderr)")
      let next = sandbox.notes("-C", store, "write", "Base", "--text", "after \(round)")
      #expect(next.status == 0, "round \(round): \(next.stderr)")
      #expect(sandbox.notes("-C", store, "show", "Base").stdout == "after \(round)\n")
      #expect(sandbox.git("status", "--porcelain", in: store).stdout.isEmpty, "round \(round)")
      #expect(!FileManager.default.fileExists(atPath: KillPlan.journal(of: store)), "round \(round): journal left")
    }
    #expect(insideMove == 4)
  }
}
