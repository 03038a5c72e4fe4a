import Foundation
import Git

/// A fixture that could not be set up.
struct FixtureError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}

extension SSHFixture {
  /// Runs a program to the end; its standard output without the final newline.
  @discardableResult
  static func run(_ executable: String, _ arguments: [String], environment: [String: String]? = nil) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let environment { process.environment = environment }
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    let errorData = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw FixtureError(
        "\(executable) \(arguments.joined(separator: " ")) exited \(process.terminationStatus): "
          + String(decoding: errorData, as: UTF8.self))
    }
    let text = String(decoding: data, as: UTF8.self)
    return text.hasSuffix("\n") ? String(text.dropLast()) : text
  }

  /// A TCP port on 127.0.0.1 that nothing listens on right now (the kernel's choice).
  static func freePort() throws -> Int {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { throw FixtureError("cannot create a socket") }
    defer { close(descriptor) }
    var address = loopback(port: 0)
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
        bind(descriptor, pointer, length) == 0 && getsockname(descriptor, pointer, &length) == 0
      }
    }
    guard bound else { throw FixtureError("cannot bind a socket on 127.0.0.1") }
    return Int(UInt16(bigEndian: address.sin_port))
  }

  private static func loopback(port: Int) -> sockaddr_in {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = UInt16(port).bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    return address
  }

  /// Polls `condition` every 50 ms for at most 60 s: long enough for a machine loaded by
  /// every suite at once, and still an end to a hang.
  static func waitUntil(_ what: String, _ condition: () throws -> Bool) throws {
    let deadline = ContinuousClock.now + .seconds(60)
    while ContinuousClock.now < deadline {
      if try condition() { return }
      usleep(50_000)
    }
    if try condition() { return }
    throw FixtureError("gave up after 60 s waiting until \(what)")
  }

  /// A log file's text, or a note that it is missing.
  static func log(_ path: String) -> String {
    (try? String(contentsOfFile: path, encoding: .utf8)) ?? "(no log at \(path))"
  }
}

extension Repository {
  /// Commits one file on `refs/heads/main` (on top of its current commit) and returns the commit.
  func commitFile(_ path: String, _ text: String) throws -> ObjectID {
    let parent = try referenceTarget("refs/heads/main")
    let base = try parent.map { try commit($0).tree }
    let tree = try updatedTree(base, applying: [.upsert(path: path, id: try createBlob(Array(text.utf8)), mode: .blob)])
    let signature = Signature(
      name: "Ada Lovelace", email: "ada@example.com", date: Date(timeIntervalSince1970: 1_700_000_000),
      timeZoneOffsetMinutes: 0)
    let id = try createCommit(
      tree: tree, parents: parent.map { [$0] } ?? [], message: "add \(path)", author: signature, committer: signature)
    try updateReference("refs/heads/main", to: id, expecting: parent, logMessage: "commit")
    return id
  }
}
