import Foundation

/// A directory of its own for one test, removed when released.
final class TemporaryDirectory {
  let path: String

  init() throws {
    path = FileManager.default.temporaryDirectory.appendingPathComponent("notestore-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(atPath: path)
  }

  /// Writes `content` to `name` inside the directory and returns the path.
  @discardableResult
  func write(_ name: String, _ content: [UInt8]) throws -> String {
    let file = path + "/" + name
    try Data(content).write(to: URL(fileURLWithPath: file))
    return file
  }
}
