import Foundation

/// How one crash-test round kills a `notes` process: at a random moment, or exactly
/// inside a branch move (paused after the branch moved and before the checkout, found
/// by its checkout journal), so the tests prove their kills land mid-move.
enum KillPlan: CustomStringConvertible {
  case afterDelay(Double)
  case insideMove

  /// Where the journal of a move under way lives.
  static func journal(of store: String) -> String { store + "/.git/notes-checkout" }

  var description: String {
    switch self {
    case .afterDelay(let seconds): String(format: "after %.3f s", seconds)
    case .insideMove: "inside a branch move"
    }
  }

  /// The environment the process runs with for this plan.
  func environment(_ base: [String: String]) -> [String: String] {
    var environment = base
    // The longest pause notes allows: the kill comes as soon as the journal is seen, so a
    // long one costs nothing, and it leaves a loaded machine time to see it.
    if case .insideMove = self { environment["NOTES_FAULT_PAUSE"] = "after-reference-update:10" }
    return environment
  }

  /// Starts `arguments` and kills it as planned. Returns whether the kill landed while
  /// the store's checkout journal existed (inside a move).
  @discardableResult
  func run(_ arguments: [String], store: String, environment: [String: String]) throws -> Bool {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: CommandRunner.notesBinary)
    process.arguments = arguments
    process.environment = self.environment(environment)
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    switch self {
    case .afterDelay(let seconds):
      Thread.sleep(forTimeInterval: seconds)
    case .insideMove:
      let deadline = Date().addingTimeInterval(60)
      while !FileManager.default.fileExists(atPath: Self.journal(of: store)) && process.isRunning && Date() < deadline {
        Thread.sleep(forTimeInterval: 0.005)
      }
    }
    let landedInsideMove = FileManager.default.fileExists(atPath: Self.journal(of: store))
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    return landedInsideMove
  }
}
