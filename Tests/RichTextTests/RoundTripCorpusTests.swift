import Foundation
import Testing

@testable import RichText

/// Writing what the reader read from real files, and rewriting the writer's own files.
@Suite("RTF round trip of files")
struct RoundTripCorpusTests {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

  /// Every `.rtf` of the reader's corpus (`Tests/RichTextTests/Corpus/`).
  static let corpusFiles: [String] = {
    let corpus = folder.appendingPathComponent("Corpus")
    let files = (try? FileManager.default.contentsOfDirectory(atPath: corpus.path)) ?? []
    return files.filter { $0.hasSuffix(".rtf") }.sorted()
  }()

  @Test("writing a read file keeps its text and formatting", arguments: corpusFiles)
  func corpusFile(_ name: String) throws {
    let bytes = Array(try Data(contentsOf: Self.folder.appendingPathComponent("Corpus/" + name)))
    let reader = RTFReader()
    // The writer's own rendering, not a write back into the file it was read from.
    let original = try reader.read(bytes).text.forgettingSource()
    let written = RTFWriter().write(original)
    // 7-bit ASCII, but for the bytes of kept pictures (`\bin` data, Cocoa's 0xAC).
    let keptBytes = original.elements.reduce(0) { $0 + $1.rtf.filter { $0 >= 0x80 }.count }
    #expect(written.filter { $0 >= 0x80 }.count <= keptBytes, "\(name): output is not 7-bit ASCII")
    let reread = try reader.read(written).text
    var expected = original
    expected.document = RTFWriter.writtenDocumentAttributes(original.document)
    // Elements keep their RTF, with font and colour numbers renumbered to the new tables.
    let tables = RTFResourceTables(collecting: original)
    expected.setParagraphs(expected.paragraphs.map { paragraph in
      Paragraph(runs: paragraph.runs.map { run in
        var run = run
        if var element = run.attributes.element {
          element.rtf = tables.renumbered(element)
          run.attributes.element = element
        }
        return run
      }, style: paragraph.style)
    })
    #expect(reread == expected, "\(name): \(RoundTripPropertyTests.firstDifference(expected, reread))")
    #expect(RTFWriter().write(reread) == written, "\(name): a second rewrite changed the bytes")
  }

  @Test("a read file written back unchanged keeps its bytes", arguments: corpusFiles)
  func unchangedFile(_ name: String) throws {
    let bytes = Array(try Data(contentsOf: Self.folder.appendingPathComponent("Corpus/" + name)))
    let read = try RTFReader().read(bytes)
    if read.text.rtfSource == nil {
      // A file left unfinished is written whole, in the writer's own way.
      #expect(read.warnings.contains { if case .unclosedGroups = $0.kind { true } else { false } })
    } else {
      #expect(RTFWriter().write(read.text) == bytes)
    }
  }

  @Test("a file the writer produced is rewritten byte for byte", arguments: [
    "every-attribute.rtf"
  ])
  func ownFile(_ name: String) throws {
    let bytes = Array(try Data(contentsOf: Self.folder.appendingPathComponent("__Snapshots__/" + name)))
    let read = try RTFReader().read(bytes)
    if read.text.rtfSource == nil {
      // A file left unfinished is written whole, in the writer's own way.
      #expect(read.warnings.contains { if case .unclosedGroups = $0.kind { true } else { false } })
    } else {
      #expect(RTFWriter().write(read.text) == bytes)
    }
  }

  @Test("a TextEdit-style file of the writer keeps its header and body byte for byte")
  func textEditStyleFile() throws {
    var generator = RandomModelGenerator(seed: 1)
    let changed = try (0..<50).filter { _ in
      let bytes = RTFWriter().write(generator.body())
      return RTFWriter().write(try RTFReader().read(bytes).text) != bytes
    }
    #expect(changed.isEmpty, "rewrites that changed bytes: cases \(changed)")
  }
}
