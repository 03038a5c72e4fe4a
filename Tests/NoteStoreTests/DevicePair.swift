import Foundation
import Testing

@testable import NoteStore

/// Stores of several devices that share one history, exchanging device branches
/// with the git CLI's fetch (the network part of sync is tested elsewhere).
final class DeviceGroup {
  let directory: TemporaryDirectory
  private(set) var stores: [String: Store] = [:]

  /// The first device makes the store; the others start as copies of its branch.
  init(devices: [String]) throws {
    directory = try TemporaryDirectory()
    guard let first = devices.first else { return }
    let origin = try Store.create(at: directory.path + "/" + first, device: try DeviceName(first))
    stores[first] = origin
    for device in devices.dropFirst() {
      let path = directory.path + "/" + device
      try run(["git", "clone", "-q", "--branch", "devices/\(first)", origin.root, path])
      try run(["git", "-C", path, "checkout", "-q", "-b", "devices/\(device)"])
      try run(["git", "-C", path, "config", "notes.device", device])
      try run(["git", "-C", path, "config", "notes.format", "1"])
      try run(["git", "-C", path, "remote", "remove", "origin"])
      try run(["git", "-C", path, "branch", "-q", "-D", "devices/\(first)"])
      stores[device] = try Store.open(at: path)
    }
  }

  subscript(_ device: String) -> Store {
    get throws { try #require(stores[device]) }
  }

  /// Fetches `from`'s device branch into `to` as `refs/remotes/<from>/devices/<from>`.
  func fetch(_ from: String, into to: String) throws {
    let source = try self[from]
    let target = try self[to]
    try run([
      "git", "-C", target.root, "fetch", "-q", source.root,
      "+refs/heads/devices/*:refs/remotes/\(from)/devices/*",
    ])
  }

  /// Fetches and merges `from` into `to`.
  @discardableResult
  func sync(_ from: String, into to: String, policy: ConflictPolicy? = nil) throws -> SyncReport {
    try fetch(from, into: to)
    var options = SyncOptions()
    options.policy = policy
    return try self[to].mergeFetched(options)
  }

  /// The tree id at the tip of a device's branch.
  func tree(_ device: String) throws -> String {
    try output(["git", "-C", try self[device].root, "rev-parse", "HEAD^{tree}"])
  }

  func output(_ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    var environment = ProcessInfo.processInfo.environment
    environment["GIT_CONFIG_NOSYSTEM"] = "1"
    process.environment = environment
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    try #require(process.terminationStatus == 0, "\(arguments.joined(separator: " ")) failed")
    return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
  }

  private func run(_ arguments: [String]) throws {
    _ = try output(arguments)
  }
}
