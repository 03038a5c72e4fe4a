import Foundation
import Testing

/// Golden files for the writer's bytes: `Tests/RichTextTests/__Snapshots__/<name>`.
///
/// `NOTES_RECORD=missing` writes files that do not exist yet, `NOTES_RECORD=all`
/// rewrites every file; a recording run always fails, so a recorded file is looked at
/// before it is trusted.
enum WriterGoldenFile {
  static func assertMatches(
    _ actual: [UInt8], named name: String,
    filePath: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let directory = URL(fileURLWithPath: filePath).deletingLastPathComponent()
      .appendingPathComponent("__Snapshots__")
    let file = directory.appendingPathComponent(name)
    let mode = ProcessInfo.processInfo.environment["NOTES_RECORD"] ?? ""
    let existing = FileManager.default.contents(atPath: file.path).map { [UInt8]($0) }

    if mode == "all" || (mode == "missing" && existing == nil) {
      do {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data(actual).write(to: file)
        Issue.record(
          "Recorded \(name); check it and run again without NOTES_RECORD.",
          sourceLocation: sourceLocation)
      } catch {
        Issue.record("Cannot record \(file.path): \(error)", sourceLocation: sourceLocation)
      }
      return
    }
    guard let expected = existing else {
      Issue.record(
        "No golden file \(name); run with NOTES_RECORD=missing to record it.",
        sourceLocation: sourceLocation)
      return
    }
    if expected != actual {
      let expectedText = String(decoding: expected, as: UTF8.self)
      let actualText = String(decoding: actual, as: UTF8.self)
      Issue.record(
        "\(name) differs.\n--- expected\n\(expectedText)\n+++ actual\n\(actualText)",
        sourceLocation: sourceLocation)
    }
  }
}
