import Foundation
import Testing

@testable import RichText

/// The one-word edit of every corpus file (`OneWordEditCorpusTests.cases`), read back
/// through LibreOffice's HTML export: its text (footnote text included, which the
/// text export leaves out) is the original's but for the edited word, and it has as
/// many table cells (`<td`) and pictures (`<img`) as the original's.
@Suite("A one-word edit, read back as LibreOffice's HTML")
struct OneWordEditHTMLTests {
  /// Files whose HTML differs after the edit for a reason outside the edit, with it.
  static let knownDifferences: [String: String] = OneWordEditCorpusTests.knownDifferences

  @Test(
    "LibreOffice's HTML has the same text, cells and pictures but for the edited word",
    .enabled(
      if: FileManager.default.isExecutableFile(atPath: OneWordEditCorpusTests.soffice),
      "LibreOffice is not installed at /usr/bin/soffice"))
  func libreOfficeHTML() throws {
    let cases = try OneWordEditCorpusTests.cases()
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("notes-html-\(UUID().uuidString)")
    let before = directory.appendingPathComponent("before")
    let after = directory.appendingPathComponent("after")
    try FileManager.default.createDirectory(at: before, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(at: after, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    for (index, item) in cases.enumerated() {
      try Data(item.original).write(to: before.appendingPathComponent("\(index).rtf"))
      try Data(item.written).write(to: after.appendingPathComponent("\(index).rtf"))
    }
    try OneWordEditCorpusTests.convert(before, profile: directory, to: "html")
    try OneWordEditCorpusTests.convert(after, profile: directory, to: "html")
    var failures: [String] = []
    var compared = 0
    for (index, item) in cases.enumerated() {
      guard
        let old = try? String(contentsOf: before.appendingPathComponent("\(index).html"), encoding: .utf8),
        let new = try? String(contentsOf: after.appendingPathComponent("\(index).html"), encoding: .utf8)
      else { continue }
      let oldText = Self.text(ofHTML: old)
      guard let range = oldText.range(of: item.word) else { continue }  // LibreOffice reads the word otherwise
      compared += 1
      guard Self.knownDifferences[item.name] == nil else { continue }
      let expected = OneWordEditCorpusTests.normalized(oldText.replacingCharacters(in: range, with: "Zebra"))
      let got = OneWordEditCorpusTests.normalized(Self.text(ofHTML: new))
      if got != expected {
        let line = zip(expected, got).first { $0 != $1 }.map { "\($0.0) → \($0.1)" } ?? "\(expected.count) → \(got.count) lines"
        failures.append("\(item.name): text (\(line))")
      }
      for tag in ["<td", "<img"] where Self.count(tag, in: old) != Self.count(tag, in: new) {
        failures.append("\(item.name): \(tag)> \(Self.count(tag, in: old)) → \(Self.count(tag, in: new))")
      }
    }
    #expect(compared > cases.count / 2, "LibreOffice converted only \(compared) of \(cases.count) files")
    #expect(failures.isEmpty, "LibreOffice's HTML changed beyond the edited word: \(failures)")
  }

  /// The text of an HTML page: the body without tags, entities decoded, each block
  /// element (`<p`, `<li`, `<td`, `<br`, `<h1`…) on a line of its own, the source's
  /// line ends and tabs as spaces.
  static func text(ofHTML html: String) -> String {
    var body = html
    if let start = body.range(of: "<body", options: .caseInsensitive) { body = String(body[start.lowerBound...]) }
    // Line ends in HTML source are spaces; the lines are the block elements'.
    body = body.replacingOccurrences(of: "\r\n", with: " ").replacingOccurrences(of: "\n", with: " ")
      .replacingOccurrences(of: "\r", with: " ").replacingOccurrences(of: "\t", with: " ")
    body = body.replacingOccurrences(
      of: #"<(p|li|td|th|tr|br|h[1-6]|div)\b"#, with: "\n<$1", options: [.regularExpression, .caseInsensitive])
    body = body.replacingOccurrences(of: #"<[^>]*>"#, with: "", options: .regularExpression)
    let entities = [("&nbsp;", " "), ("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&amp;", "&")]
    for (entity, character) in entities { body = body.replacingOccurrences(of: entity, with: character) }
    var result = ""
    var rest = Substring(body)
    while let range = rest.range(of: #"&#(x[0-9a-fA-F]+|[0-9]+);"#, options: .regularExpression) {
      result += rest[..<range.lowerBound]
      let digits = rest[range].dropFirst(2).dropLast()
      let value = digits.first == "x" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
      result += value.flatMap(Unicode.Scalar.init).map { String(Character($0)) } ?? ""
      rest = rest[range.upperBound...]
    }
    return result + rest
  }

  static func count(_ tag: String, in html: String) -> Int {
    html.lowercased().components(separatedBy: tag).count - 1
  }
}
