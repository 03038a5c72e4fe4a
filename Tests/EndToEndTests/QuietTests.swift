import Foundation
import Testing

/// `-q` silences every success message of every command: stderr stays empty, and only
/// data (a new note's name, a table) reaches stdout.
@Suite("Quiet")
struct QuietTests {
  @Test("every command run with -q prints no message on success")
  func everyCommandIsQuiet() throws {
    let sandbox = try Sandbox()
    let remote = sandbox.directory + "/cloud.git"
    try #require(sandbox.git("init", "--bare", "-q", remote, in: sandbox.directory).status == 0)
    let file = try sandbox.writeFile("receipt.txt", "paid")
    let store = sandbox.directory + "/store"
    let phone = sandbox.directory + "/phone"
    // Run in order; each must succeed and say nothing on stderr.
    let lines: [[String]] = [
      ["init", store, "--device", "laptop"],
      ["new", "Shopping", "--text", "Milk"],
      ["write", "Shopping", "--text", "Oat milk"],
      ["attach", "Shopping", file],
      ["export", "Shopping", "receipt.txt", "-o", sandbox.directory + "/exported.txt"],
      ["detach", "Shopping", "receipt.txt"],
      ["rename", "Shopping", "Groceries"],
      ["new", "Work/Idea", "--text", "plan"],
      ["mv", "Work/Idea", "/"],
      ["mv", "Idea", "Work/"],
      ["write", "Work/Idea", "--text", "plan b"],
      ["undo", "Work/Idea"],
      ["search", "plan"],
      ["hooks", "install"],
      ["new", "Spare", "--text", "x"],
      ["delete", "Spare"],
      ["restore", "--deleted", "Spare"],
      ["remote", "add", "origin", remote],
      ["sync"],
      ["fetch"],
      ["clone", remote, phone, "--device", "phone"],
      ["save"],
      ["gc"],
      ["verify"],
      ["conflicts"],
      ["attachments", "Groceries"],
      ["remote", "remove", "origin"],
    ]
    for line in lines {
      let result = sandbox.notes(["-q"] + line, in: line.first == "init" ? sandbox.directory : store)
      #expect(result.status == 0, "notes -q \(line.joined(separator: " ")): \(result.stderr)")
      #expect(result.stderr.isEmpty, "notes -q \(line.joined(separator: " ")) said: \(result.stderr)")
    }
  }
}
