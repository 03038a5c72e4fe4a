import Foundation
import NotesCLI
import Testing

@Suite("JSON output")
struct JSONOutputTests {
  struct Note: Encodable {
    var name: String
    var path: String
    var modified: Date
    var attachments: [String]
    var tags: [String: Int]
  }

  @Test("keys are sorted at every level, dates are ISO 8601 UTC and slashes stay plain")
  func shape() throws {
    let note = Note(
      name: "shopping", path: "notes/shopping.note",
      modified: Date(timeIntervalSince1970: 1_769_851_800),
      attachments: ["map.png"], tags: ["zeta": 2, "alpha": 1])
    let text = try JSONOutput.encode(note)
    #expect(
      text == """
        {
          "attachments": [
            "map.png"
          ],
          "modified": "2026-01-31T09:30:00Z",
          "name": "shopping",
          "path": "notes/shopping.note",
          "tags": {
            "alpha": 1,
            "zeta": 2
          }
        }
        """)
  }

  @Test("empty containers stay on one line")
  func emptyContainers() throws {
    let value: [String: [String: [Int]]] = ["a": [:], "b": ["c": []]]
    #expect(try JSONOutput.encode(value) == "{\n  \"a\": {},\n  \"b\": {\n    \"c\": []\n  }\n}")
  }

  @Test("strings with structural characters, escapes and non-ASCII pass through unchanged")
  func stringsUntouched() throws {
    let tricky = ["k": "a,b:{c}[d] \"q\" \\ \u{301}é 😀 /x"]
    let text = try JSONOutput.encode(tricky)
    let decoded = try JSONDecoder().decode([String: String].self, from: Data(text.utf8))
    #expect(decoded == tricky)
    #expect(text.hasPrefix("{\n  \"k\": \"a,b:{c}[d] \\\"q\\\" "))
  }

  @Test("the output parses back to the same value")
  func roundTrip() throws {
    let value = ["list": [[1, 2], [], [3]], "more": [[4]]]
    let text = try JSONOutput.encode(value)
    #expect(try JSONDecoder().decode([String: [[Int]]].self, from: Data(text.utf8)) == value)
  }

  @Test("encoding the same value twice gives the same bytes")
  func stable() throws {
    let value = ["b": [3, 1], "a": [2]]
    #expect(try JSONOutput.encode(value) == JSONOutput.encode(value))
  }

  @Test("a value that cannot be encoded throws instead of printing")
  func unencodable() {
    #expect(throws: EncodingError.self) { try JSONOutput.encode(["x": Double.nan]) }
  }
}
