import Foundation
import RichText
import Testing

/// Compares the reader's text of every corpus file with LibreOffice's own reading
/// (`soffice --headless --convert-to "txt:Text (encoded):UTF8"`, run once for all
/// files), after this normalization of both texts:
///
/// 1. drop a byte-order mark; CRLF and CR become LF;
/// 2. U+2028 (line separator) and TAB become LF — LibreOffice writes a line break as
///    a new line and every table cell on a line of its own, the reader separates
///    cells with tabs;
/// 3. runs of spaces and U+2000–U+200A become one space (LibreOffice writes runs of
///    spaces as U+2006 + space), and each line is trimmed;
/// 4. empty lines are dropped (LibreOffice adds empty lines around tables and drops
///    a document's last empty paragraph).
///
/// `exceptions` lists, per file, where LibreOffice genuinely reads differently.
@Suite("Agreement with LibreOffice")
struct LibreOfficeAgreementTests {
  enum Exception: Sendable {
    /// LibreOffice prints list markers ("•", "1.", "a)") before list items; they
    /// are stripped from its lines.
    case listMarkers
    /// LibreOffice shows text the reader deliberately drops; it is removed from
    /// LibreOffice's text.
    case extraText([String], reason: String)
    /// Lines (by prefix, in either text) where the two readings differ, left out.
    case ignoreLines([String], reason: String)
    /// LibreOffice refuses the file; nothing to compare.
    case notReadable(reason: String)
  }

  static let exceptions: [String: Exception] = [
    "broken-bin-overrun": .notReadable(reason: "LibreOffice fails on a \\bin longer than the file"),
    "broken-garbage": .notReadable(reason: "LibreOffice fails on invalid hex and unclosed groups"),
    "broken-truncated": .notReadable(reason: "LibreOffice fails on a file cut off inside groups"),
    "cocoa-attachment-nextgraphic": .extraText(
      ["receipt.jpg ¬", "a.png ¬", "b été.png ¬"],
      reason: "LibreOffice does not know Cocoa's NeXTGraphic: it shows the file name and the 0xAC byte"),
    "cocoa-lists": .listMarkers,
    "cocoa-lists-continued": .listMarkers,
    "cocoa-list-start-at-7": .listMarkers,
    "dos-pca-850": .ignoreLines(
      ["Code page 850:"],
      reason: "LibreOffice decodes \\pca byte 0xD5 as € (IBM 858); Microsoft's code page 850 has U+0131 ı"),
    "emoji-surrogates": .ignoreLines(
      ["Word style"],
      reason: "LibreOffice shows a lone surrogate as ? and drops the next character; the reader shows U+FFFD"),
    "lo-lists": .listMarkers,
    "lo-list-in-table": .listMarkers,
    "lo-list-follow": .listMarkers,
    "word-fields-stylesheet": .ignoreLines(
      ["Page "], reason: "LibreOffice recomputes PAGE and DATE fields; the reader keeps the saved result"),
    "word-headers-footnotes": .ignoreLines(
      ["Text with a footnote"],
      reason: "LibreOffice shows the footnote's reference number; the reader skips footnotes"),
    "word-legacy-pn": .listMarkers,
    "word-legacy-pn-ls": .listMarkers,
    "word-legacy-pn-text": .listMarkers,
    "word-legacy-pn-bare": .listMarkers,
    "word-list-override-startat": .listMarkers,
    "word-list-in-table": .listMarkers,
    "word-lists": .listMarkers,
    "word-lists-continued": .listMarkers,
    "word-unicode-fallbacks": .ignoreLines(
      ["Fallback skips", "nd one byte"],
      reason: "the RTF spec counts a control word (\\tab) as one \\uc fallback unit; LibreOffice does not"),
    "wordpad-bullets": .listMarkers,
  ]

  @Test("every exception names a corpus file")
  func exceptionsNameCorpusFiles() {
    for name in Self.exceptions.keys { #expect(Corpus.names.contains(name), "\(name)") }
  }

  @Test(
    "the reader's text agrees with LibreOffice's reading", .enabled(if: LibreOffice.executable != nil),
    arguments: Corpus.names)
  func agreesWithLibreOffice(_ name: String) throws {
    let exception = Self.exceptions[name]
    if case .notReadable = exception { return }
    let converted = try LibreOffice.convertedCorpus.get()
    let url = converted.appendingPathComponent(name + ".txt")
    let data = try #require(
      FileManager.default.contents(atPath: url.path), "LibreOffice did not convert \(name).rtf")
    var theirs = String(decoding: data, as: UTF8.self)
    var ours = readerPlainText(try RTFReader().read(try Corpus.rtf(name)).text)
    switch exception {
    case .extraText(let fragments, _)?:
      for fragment in fragments { theirs = theirs.replacingOccurrences(of: fragment, with: "") }
    default: break
    }
    var theirLines = Self.normalized(theirs)
    var ourLines = Self.normalized(ours)
    switch exception {
    case .listMarkers?: theirLines = theirLines.map(Self.strippingListMarker)
    case .ignoreLines(let prefixes, _)?:
      theirLines.removeAll { line in prefixes.contains { line.hasPrefix($0) } }
      ourLines.removeAll { line in prefixes.contains { line.hasPrefix($0) } }
    default: break
    }
    ours = ourLines.joined(separator: "\n")
    theirs = theirLines.joined(separator: "\n")
    #expect(ours == theirs, "\(name)")
  }

  /// The documented normalization: lines without empty ones, spaces collapsed.
  static func normalized(_ text: String) -> [String] {
    var scalars = String.UnicodeScalarView()
    var lastWasSpace = false
    for scalar in text.unicodeScalars where scalar != "\u{FEFF}" {
      switch scalar {
      case "\r", "\n", "\u{2028}", "\t":
        scalars.append("\n")
        lastWasSpace = false
      case " ", "\u{2000}"..."\u{200A}":
        if !lastWasSpace { scalars.append(" ") }
        lastWasSpace = true
      default:
        scalars.append(scalar)
        lastWasSpace = false
      }
    }
    return String(scalars).split(separator: "\n")
      .map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty }
  }

  /// A line without LibreOffice's list marker ("•", "◦", "▪", "1.", "a)", "iv.").
  static func strippingListMarker(_ line: String) -> String {
    // Numbers may stand alone or in parentheses: Word 6's `\pn` "1" and "(4)".
    let pattern = #"^([•◦▪⁃–-]|\(?[0-9]+[.)]?|[a-zA-Z][.)]|[ivxlcIVXLC]+[.)]) "#
    guard let range = line.range(of: pattern, options: .regularExpression) else { return line }
    return String(line[range.upperBound...])
  }
}

/// Runs LibreOffice once for the whole corpus.
enum LibreOffice {
  /// The `soffice` on the PATH (or in /usr/bin), or nil when LibreOffice is missing;
  /// then the agreement test is skipped.
  static let executable: URL? = {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    let folders = path.split(separator: ":").map(String.init) + ["/usr/bin", "/usr/local/bin"]
    for folder in folders {
      let candidate = URL(fileURLWithPath: folder).appendingPathComponent("soffice")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
    }
    return nil
  }()

  struct ConversionFailed: Error, CustomStringConvertible {
    var description: String
  }

  /// Where ``convertedCorpus`` is written, one folder a test process.
  static let outputFolder = FileManager.default.temporaryDirectory
    .appendingPathComponent("rtf-lo-agreement-\(UUID().uuidString)")

  /// The folder with LibreOffice's `NAME.txt` for every corpus `NAME.rtf`.
  static let convertedCorpus: Result<URL, ConversionFailed> = {
    guard let executable else { return .failure(ConversionFailed(description: "soffice is not installed")) }
    let output = outputFolder
    // Removed when the test process ends: the suites read it until then.
    atexit { try? FileManager.default.removeItem(at: LibreOffice.outputFolder) }
    let profile = output.appendingPathComponent("profile")
    do {
      try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
      let process = Process()
      process.executableURL = executable
      process.arguments =
        [
          // A private profile, so a LibreOffice already running does not take the job.
          "-env:UserInstallation=\(profile.absoluteString)", "--headless",
          "--convert-to", "txt:Text (encoded):UTF8", "--outdir", output.path,
        ] + Corpus.names.map { Corpus.folder.appendingPathComponent($0 + ".rtf").path }
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      process.waitUntilExit()
      return .success(output)
    } catch {
      return .failure(ConversionFailed(description: "cannot run soffice: \(error)"))
    }
  }()
}
