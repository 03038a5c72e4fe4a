import Foundation
import QuickLook
import Testing

@Suite("Content types")
struct ContentTypeTests {
  struct DetectionCase: CustomTestStringConvertible, Sendable {
    var name: String
    var content: @Sendable () throws -> [UInt8]
    var expected: String
    var testDescription: String { "\(name) is \(expected)" }
  }

  static let detectionCases: [DetectionCase] = [
    DetectionCase(name: "picture.bin", content: { try TestImages.png(TestImages.twoColors(TestImages.red, TestImages.blue)) }, expected: "image/png"),
    DetectionCase(name: "photo", content: { try TestImages.jpeg(TestImages.twoColors(TestImages.red, TestImages.blue)) }, expected: "image/jpeg"),
    DetectionCase(name: "paper.pdf", content: { TestImages.pdf }, expected: "application/pdf"),
    DetectionCase(name: "named-wrong.txt", content: { TestImages.pdf }, expected: "application/pdf"),
    DetectionCase(name: "readme", content: { Array("Hello, this is plain text.\nTwo lines.\n".utf8) }, expected: "text/plain"),
    DetectionCase(name: "notes.md", content: { Array("# Title\n\nSome *markdown* text.\n".utf8) }, expected: "text/markdown"),
    DetectionCase(name: "table.csv", content: { Array("a,b,c\n1,2,3\n4,5,6\n".utf8) }, expected: "text/csv"),
    DetectionCase(name: "empty.txt", content: { [] }, expected: "text/plain"),
    DetectionCase(name: "empty", content: { [] }, expected: "application/x-empty"),
    DetectionCase(name: "body.rtf", content: { Array("{\\rtf1\\ansi Hello}".utf8) }, expected: "text/rtf"),
  ]

  @Test("libmagic reads the type from the content, refined by the extension", arguments: detectionCases)
  func detection(_ testCase: DetectionCase) throws {
    let detector = try ContentTypeDetector()
    let type = try detector.type(ofFileNamed: testCase.name, content: try testCase.content())
    #expect(type.mimeType == testCase.expected)
  }

  // About one file of random bytes in a hundred starts like something libmagic knows (a
  // DOS executable, zlib, MPEG audio, …), and is rightly typed so: random bytes are
  // never text, but only known bytes are always plain data.
  @Test("random bytes are never text, whatever their name")
  func randomBytes() throws {
    let seed = SeededGenerator.testSeed("random bytes")
    var generator = SeededGenerator(seed: seed)
    let detector = try ContentTypeDetector()
    for name in ["random", "random.txt", "random.md"] {
      let bytes = (0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) }
      let type = try detector.type(ofFileNamed: name, content: bytes)
      #expect(!type.conforms(to: .text), "seed \(seed): \(name) was typed \(type)")
    }
  }

  @Test("bytes that match no signature are data, whatever their name")
  func unknownBytesAreData() throws {
    var generator = SeededGenerator(seed: 2026)
    let detector = try ContentTypeDetector()
    for name in ["random", "random.txt", "random.md"] {
      let bytes = (0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) }
      let type = try detector.type(ofFileNamed: name, content: bytes)
      #expect(type == .data, "\(name) was typed \(type)")
    }
  }

  @Test("random bytes with an extension that is not text take the extension's type")
  func dataFallsBackToTheExtension() throws {
    let detector = try ContentTypeDetector()
    var generator = SeededGenerator(seed: 14)
    let bytes = (0..<512).map { _ in UInt8.random(in: 0...255, using: &generator) }
    #expect(try detector.type(ofFileNamed: "clip.m4a", content: bytes) == ContentType("audio/mp4"))
  }

  struct ConformanceCase: CustomTestStringConvertible, Sendable {
    var type: String
    var parent: ContentType
    var conforms: Bool
    var testDescription: String { "\(type) \(conforms ? "conforms" : "does not conform") to \(parent)" }
  }

  static let conformanceCases: [ConformanceCase] = [
    ConformanceCase(type: "image/png", parent: .image, conforms: true),
    ConformanceCase(type: "image/jpeg", parent: .image, conforms: true),
    ConformanceCase(type: "image/svg+xml", parent: .image, conforms: true),
    ConformanceCase(type: "image/svg+xml", parent: .xml, conforms: true),
    ConformanceCase(type: "text/markdown", parent: .text, conforms: true),
    ConformanceCase(type: "text/markdown", parent: .plainText, conforms: true),
    ConformanceCase(type: "text/html", parent: .plainText, conforms: false),
    ConformanceCase(type: "application/json", parent: .text, conforms: true),
    ConformanceCase(type: "application/pdf", parent: .image, conforms: false),
    ConformanceCase(type: "application/pdf", parent: .text, conforms: false),
    ConformanceCase(type: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", parent: .zip, conforms: true),
    ConformanceCase(type: "application/epub+zip", parent: .archive, conforms: true),
    ConformanceCase(type: "audio/mpeg", parent: .audio, conforms: true),
    ConformanceCase(type: "video/mp4", parent: .audio, conforms: false),
    ConformanceCase(type: "application/x-anything", parent: .data, conforms: true),
    ConformanceCase(type: "Image/PNG; charset=binary", parent: .png, conforms: true),
  ]

  @Test("conforms(to:) answers like uniform type identifiers", arguments: conformanceCases)
  func conformance(_ testCase: ConformanceCase) {
    #expect(ContentType(testCase.type).conforms(to: testCase.parent) == testCase.conforms)
  }

  @Test("the extension table gives types and labels")
  func extensions() {
    #expect(ContentType(fileExtensionOf: "Photo.JPG") == .jpeg)
    #expect(ContentType(fileExtensionOf: "archive") == nil)
    #expect(ContentType(fileExtensionOf: ".hidden") == nil)
    #expect(ContentType.pdf.preferredExtension == "PDF")
  }

  @Test("a content type encodes as its MIME type string")
  func coding() throws {
    let data = try JSONEncoder().encode([ContentType.png])
    #expect(String(decoding: data, as: UTF8.self) == #"["image\/png"]"#)
    #expect(try JSONDecoder().decode([ContentType].self, from: data) == [.png])
  }

  @Test("a detector frees its libmagic handle")
  func noLeak() throws {
    let leaked = try QuickLookLibrary.handlesLeaked {
      let detector = try ContentTypeDetector()
      _ = try detector.type(ofContent: TestImages.pdf)
    }
    #expect(leaked == 0)
  }
}
