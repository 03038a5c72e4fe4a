import Foundation
import Testing

@testable import RichText

/// `plainText` (what `notes show` prints) of list files from Cocoa, Word and
/// LibreOffice against LibreOffice's own text export, markers included. Both texts
/// are normalized: byte-order mark dropped, U+2028 as a new line, a marker at the
/// start of a line or table cell followed by a space, tabs as new lines (LibreOffice
/// puts each table cell on a line of its own), runs of white space as one space,
/// lines trimmed, empty lines dropped, and a bullet of any shape
/// at the start of a line as "•" (readers draw Cocoa's hyphen and Word's Symbol
/// bullets differently).
@Suite("List markers as LibreOffice shows them")
struct ListMarkersLibreOfficeTests {
  static let soffice = "/usr/bin/soffice"

  /// List files of the reader's corpus and of the shared corpus (when present).
  static let files: [URL] = {
    let local = [
      "cocoa-lists", "word-lists", "lo-lists", "word-legacy-pn", "word-lists-continued",
      "cocoa-lists-continued", "word-list-override-startat", "word-legacy-pn-ls",
      "word-legacy-pn-text", "word-legacy-pn-bare", "cocoa-list-start-at-7", "word-list-in-table",
      "lo-list-in-table", "lo-list-follow",
    ]
      .map { Corpus.folder.appendingPathComponent($0 + ".rtf") }
    let shared = [
      "cocoa-08-nested-bullet-list", "cocoa-13-lists-bullet-decimal-links-1504",
      "cocoa-16-cocoartf2578-lists-hyphen-level", "cocoa-17-cocoartf1347-lists-u8232-linesep",
      "word-08-word2016-listtable-levels", "bad-02-fragment-listtext-no-header",
    ].map { WriteBackLocalityTests.sharedFolder.appendingPathComponent($0 + ".rtf") }
      .filter { FileManager.default.fileExists(atPath: $0.path) }
    return local + shared
  }()

  static func normalized(_ text: String) throws -> [String] {
    // A marker at the start of a line or a table cell (after a tab), with its level
    // tabs and the tab after it.
    let cellMarker = try Regex(#"(^|\t)\t*([•◦▪⁃–\-·\x{F0B7}\x{F0A7}]|\(?[0-9A-Za-z]{1,6}[.)]|[0-9]{1,3})\t"#)
    let bullets: Set<Character> = ["•", "◦", "▪", "⁃", "–", "o", "■", "▫", "·", "-", "\u{F0B7}", "\u{F0A7}"]
    return text.replacingOccurrences(of: "\u{FEFF}", with: "")
      .replacingOccurrences(of: "\u{2028}", with: "\n")
      .split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
      // LibreOffice puts each table cell on a line of its own, a cell's marker
      // before its text: so do both texts, a marker followed by a space.
      .flatMap { line -> [Substring] in
        String(line).replacing(cellMarker) { match in "\(match.output[1].substring ?? "")\(match.output[2].substring ?? "") " }
          .split(separator: "\t")
      }
      .map { line -> String in
        var words = line.split(whereSeparator: { $0.isWhitespace }).map(String.init)
        if let first = words.first, first.count == 1, let character = first.first, bullets.contains(character) {
          words[0] = "•"
        }
        return words.joined(separator: " ")
      }
      .filter { !$0.isEmpty }
  }

  @Test(
    "show prints the markers LibreOffice prints",
    .enabled(if: FileManager.default.isExecutableFile(atPath: soffice),
             "LibreOffice is not installed at /usr/bin/soffice"))
  func markers() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("notes-lists-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: Self.soffice)
    process.arguments = [
      "-env:UserInstallation=file://" + directory.appendingPathComponent("profile").path,
      "--headless", "--convert-to", "txt:Text (encoded):UTF8", "--outdir", directory.path,
    ] + Self.files.map(\.path)
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    for file in Self.files {
      let name = file.deletingPathExtension().lastPathComponent
      let theirs = try String(contentsOf: directory.appendingPathComponent(name + ".txt"), encoding: .utf8)
      var ours = try RTFReader().read(Array(try Data(contentsOf: file))).text.plainText
      // LibreOffice leaves out a document's last paragraph when it is empty, even a
      // list item's.
      if ours.hasSuffix("\t") { ours = String(ours[..<(ours.lastIndex(of: "\n") ?? ours.startIndex)]) }
      #expect(try Self.normalized(ours) == Self.normalized(theirs), "\(name)")
    }
  }

  @Test("applying show's text back keeps the lists; a new marked line is a new item")
  func roundTrip() throws {
    for file in Self.files {
      let body = try RTFReader().read(Array(try Data(contentsOf: file))).text
      #expect(body.applyingPlainText(body.plainText) == body, "\(file.lastPathComponent)")
    }
    let body = try RTFReader().read(try Corpus.rtf("lo-lists")).text
    let text = body.plainText
    let added = body.applyingPlainText(text.replacingOccurrences(of: "Call the bank\n", with: "Call the bank\n\u{2022}\tBuy milk\n"))
    let item = try #require(added.paragraph(containing: "Buy milk"))
    #expect(item.style == body.paragraph(containing: "Call the bank")?.style)
    #expect(item.text == "Buy milk")
  }
}
