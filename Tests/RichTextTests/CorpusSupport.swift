import Foundation
import RichText

/// The reader's corpus (`Tests/RichTextTests/Corpus/`), found through this file's path.
enum Corpus {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Corpus")

  /// The names (without `.rtf`) of every corpus file, sorted.
  static let names: [String] = {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return files.filter { $0.hasSuffix(".rtf") }.map { String($0.dropLast(4)) }.sorted()
  }()

  static func rtf(_ name: String) throws -> [UInt8] {
    Array(try Data(contentsOf: folder.appendingPathComponent(name + ".rtf")))
  }

  static func expectedText(_ name: String) throws -> String {
    String(decoding: try Data(contentsOf: folder.appendingPathComponent(name + ".txt")), as: UTF8.self)
  }
}

/// The reader's text as the corpus `.txt` files hold it: paragraph texts joined by
/// `"\n"`. (The public plain-text API belongs to the writer side.)
func readerPlainText(_ text: AttributedText) -> String {
  text.paragraphs.map(\.shownText).joined(separator: "\n")
}

/// Reads RTF given as a string.
func read(_ rtf: String, limits: RTFLimits = .default) throws -> RTFReadResult {
  try RTFReader(limits: limits).read(Array(rtf.utf8))
}

extension AttributedText {
  /// The first run whose text contains `fragment`.
  func run(containing fragment: String) -> TextRun? {
    for paragraph in paragraphs {
      if let run = paragraph.runs.first(where: { $0.text.contains(fragment) }) { return run }
    }
    return nil
  }

  /// The first paragraph whose text contains `fragment`.
  func paragraph(containing fragment: String) -> Paragraph? {
    paragraphs.first { $0.text.contains(fragment) }
  }
}
