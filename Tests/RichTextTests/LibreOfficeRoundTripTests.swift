import Foundation
import Testing

@testable import RichText

/// Bodies written by `RTFWriter` opened by another RTF reader, LibreOffice: the text
/// must be the same and the formatting visible in its HTML export.
@Suite("LibreOffice reads what the writer writes")
struct LibreOfficeRoundTripTests {
  static let soffice = "/usr/bin/soffice"

  /// The sample bodies by file name, and their expected plain text lines.
  static func samples() -> [(name: String, body: AttributedText, lines: [String])] {
    let red = Color(red: 255, green: 0, blue: 0)
    var mixed = Paragraph()
    mixed.append("Plain ", attributes: CharacterAttributes())
    mixed.append("bold", attributes: CharacterAttributes(isBold: true))
    mixed.append(" ", attributes: CharacterAttributes())
    mixed.append("italic", attributes: CharacterAttributes(isItalic: true))
    mixed.append(" ", attributes: CharacterAttributes())
    mixed.append("under", attributes: CharacterAttributes(underline: .single))
    mixed.append(" ", attributes: CharacterAttributes())
    mixed.append("struck", attributes: CharacterAttributes(strikethrough: .single))
    mixed.append(" ", attributes: CharacterAttributes())
    mixed.append("red", attributes: CharacterAttributes(foregroundColor: red))
    mixed.append(" ", attributes: CharacterAttributes())
    mixed.append("example", attributes: CharacterAttributes(link: "https://example.com/notes"))
    let formatting = AttributedText(paragraphs: [
      mixed,
      Paragraph(text: "Centred line", style: ParagraphStyle(alignment: .center)),
      Paragraph(text: "日本語のテキスト 😀 café"),
    ])
    let bullet = ParagraphStyle(
      firstLineIndent: -720, leftIndent: 720,
      tabStops: [TabStop(position: 220), TabStop(position: 720)], list: ListMarker(format: .disc))
    let list = AttributedText(paragraphs: [
      Paragraph(text: "Shopping"),
      Paragraph(text: "Milk", style: bullet),
      Paragraph(text: "Eggs", style: bullet),
    ])
    return [
      ("formatting", formatting,
       ["Plain bold italic under struck red example", "Centred line", "日本語のテキスト 😀 café"]),
      ("list", list, ["Shopping", "• Milk", "• Eggs"]),
    ]
  }

  @Test(
    "LibreOffice shows the text and formatting of written bodies",
    .enabled(if: FileManager.default.isExecutableFile(atPath: soffice),
             "LibreOffice is not installed at /usr/bin/soffice"))
  func libreOfficeRoundTrip() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("notes-lo-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let samples = Self.samples()
    var inputs: [String] = []
    for sample in samples {
      let file = directory.appendingPathComponent(sample.name + ".rtf")
      try Data(RTFWriter().write(sample.body)).write(to: file)
      inputs.append(file.path)
    }
    let output = directory.appendingPathComponent("out")
    try convert(inputs, to: "txt:Text (encoded):UTF8", into: output, profile: directory)
    try convert(inputs, to: "html", into: output, profile: directory)

    for sample in samples {
      let text = try String(
        contentsOf: output.appendingPathComponent(sample.name + ".txt"), encoding: .utf8)
      let lines = text.replacingOccurrences(of: "\u{FEFF}", with: "")
        .split(separator: "\n", omittingEmptySubsequences: false)
        .map { $0.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "\t", with: " ") }
        .filter { !$0.isEmpty }
      #expect(lines == sample.lines, "text of \(sample.name)")
    }

    let formattingHTML = try String(
      contentsOf: output.appendingPathComponent("formatting.html"), encoding: .utf8)
    for expected in [
      "<b>bold</b>", "<i>", ">italic<", "<u>", ">under<", "<strike>", ">struck<",
      "color=\"#ff0000\"", "<a href=\"https://example.com/notes\">example</a>",
      "align=\"center\"", "日本語のテキスト", "😀", "café",
    ] {
      #expect(formattingHTML.contains(expected), "formatting.html lacks \(expected)")
    }
    let listHTML = try String(
      contentsOf: output.appendingPathComponent("list.html"), encoding: .utf8)
    #expect(listHTML.contains("<ul>"))
    #expect(listHTML.components(separatedBy: "<li>").count - 1 == 2)
  }

  /// Runs one `soffice --headless --convert-to` over all files, with a profile of its
  /// own so parallel runs do not share LibreOffice's user directory.
  func convert(_ files: [String], to format: String, into output: URL, profile: URL) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: Self.soffice)
    process.arguments = [
      "-env:UserInstallation=file://" + profile.appendingPathComponent("profile").path,
      "--headless", "--convert-to", format, "--outdir", output.path,
    ] + files
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "soffice --convert-to \(format) failed")
  }
}
