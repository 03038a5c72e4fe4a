import Foundation
import Testing

/// When golden files are written instead of compared, from `NOTES_RECORD`.
enum GoldenRecordMode: String {
  /// Compare only (the default); a missing file fails.
  case never
  /// Write files that do not exist yet.
  case missing
  /// Rewrite every file.
  case all

  static var current: GoldenRecordMode {
    ProcessInfo.processInfo.environment["NOTES_RECORD"].flatMap(GoldenRecordMode.init) ?? .never
  }
}

/// Checks `actual` against `__Snapshots__/<name>.txt` beside the calling test file.
///
/// With `NOTES_RECORD=missing` a missing file is written, with `NOTES_RECORD=all` every file
/// is rewritten; a run that records always fails, so CI can never pass by recording.
func expectGolden(
  _ actual: String, named name: String, filePath: String = #filePath,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  let directory = URL(fileURLWithPath: filePath).deletingLastPathComponent()
    .appendingPathComponent("__Snapshots__", isDirectory: true)
  let file = directory.appendingPathComponent(name + ".txt")
  let expected = try? String(contentsOf: file, encoding: .utf8)
  let mode = GoldenRecordMode.current

  if mode == .all || (mode == .missing && expected == nil) {
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      try Data(actual.utf8).write(to: file)
      Issue.record(
        "Recorded \(file.path); check it, then run again without NOTES_RECORD.",
        sourceLocation: sourceLocation)
    } catch {
      Issue.record("Could not record \(file.path): \(error)", sourceLocation: sourceLocation)
    }
    return
  }
  guard let expected else {
    Issue.record(
      "No golden file at \(file.path). Run with NOTES_RECORD=missing to record it.",
      sourceLocation: sourceLocation)
    return
  }
  if let difference = firstDifference(expected: expected, actual: actual) {
    Issue.record(
      "\(name).txt differs from the output. \(difference)", sourceLocation: sourceLocation)
  }
}

/// The first line where the texts differ, both versions quoted; `nil` when they are equal.
private func firstDifference(expected: String, actual: String) -> String? {
  guard expected != actual else { return nil }
  let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
  let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
  for index in 0..<max(expectedLines.count, actualLines.count) {
    let want = index < expectedLines.count ? String(expectedLines[index]) : "<end of file>"
    let got = index < actualLines.count ? String(actualLines[index]) : "<end of output>"
    if want != got {
      return "Line \(index + 1):\n  expected: \(want)\n  actual:   \(got)"
    }
  }
  return "The texts differ only in invisible characters."
}
