import Testing

@testable import RichText

/// `read(write(m)) == m` for generated bodies, and the writer's own output rewrites
/// to the same bytes.
@Suite("RTF round trip properties")
struct RoundTripPropertyTests {
  static let cases = 3_000

  @Test("reading what the writer wrote gives the body back, for thousands of random bodies")
  func readWriteIsIdentity() throws {
    var generator = RandomModelGenerator(seed: 20_241_129)
    let writer = RTFWriter()
    let reader = RTFReader()
    var failures = 0
    var rewriteFailures = 0
    for index in 0..<Self.cases {
      let body = generator.body()
      var expected = body
      expected.document = RTFWriter.writtenDocumentAttributes(body.document)
      let bytes = writer.write(body)
      #expect(bytes.allSatisfy { $0 < 0x80 }, "case \(index) is not 7-bit ASCII")
      let read = try reader.read(bytes).text
      if read != expected {
        failures += 1
        if failures <= 3 {
          Issue.record(
            """
            case \(index): read(write(m)) != m
            \(Self.firstDifference(expected, read))
            rtf:
            \(String(decoding: bytes, as: UTF8.self))
            """)
        }
      }
      if writer.write(read) != bytes {
        rewriteFailures += 1
        if rewriteFailures <= 3 { Issue.record("case \(index): rewriting changed the bytes") }
      }
    }
    #expect(failures == 0, "\(failures) of \(Self.cases) bodies did not round-trip")
    #expect(rewriteFailures == 0, "\(rewriteFailures) of \(Self.cases) rewrites changed bytes")
  }

  /// The first paragraph (or the document) where two bodies differ, for messages.
  static func firstDifference(_ expected: AttributedText, _ actual: AttributedText) -> String {
    if expected.document != actual.document {
      return "document: \(expected.document)\n   read: \(actual.document)"
    }
    if expected.paragraphs.count != actual.paragraphs.count {
      return "paragraphs: \(expected.paragraphs.count), read: \(actual.paragraphs.count)"
    }
    for (index, (left, right)) in zip(expected.paragraphs, actual.paragraphs).enumerated()
    where left != right {
      if left.style != right.style {
        return "paragraph \(index) style: \(left.style)\n   read: \(right.style)"
      }
      if left.runs.count != right.runs.count {
        return "paragraph \(index) runs: \(left.runs)\n   read: \(right.runs)"
      }
      for (l, r) in zip(left.runs, right.runs) where l != r {
        return "paragraph \(index) run: \(l)\n   read: \(r)"
      }
    }
    return "equal"
  }

  @Test("the same body always gives the same bytes")
  func deterministic() {
    var generator = RandomModelGenerator(seed: 99)
    for _ in 0..<200 {
      let body = generator.body()
      #expect(RTFWriter().write(body) == RTFWriter().write(body))
    }
  }

  @Test("applying a random body's own plain text gives the body back")
  func plainTextIdentity() {
    var generator = RandomModelGenerator(seed: 5)
    for index in 0..<1_000 {
      let body = generator.body()
      #expect(body.applyingPlainText(body.plainText) == body, "case \(index)")
    }
  }
}
