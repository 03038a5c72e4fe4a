import Foundation
import Testing

@testable import NotesCLI

@Suite("JSON schemas")
struct JSONSchemaTests {
  @Test("every command with --json has a documented schema, and every schema a command")
  func everyJSONCommandIsDocumented() {
    let withJSON = NotesMain.commands
      .filter { $0.command.spec.options.contains { $0.long == "json" } }
      .map { $0.path.joined(separator: " ") }
    let documented = JSONSchemas.byCommand.map(\.command)
    #expect(Set(withJSON) == Set(documented))
    #expect(documented.count == Set(documented).count, "a command is documented twice")
  }

  @Test("commands that report have --json", arguments: [
    "init", "clone", "new", "list", "show", "write", "edit", "rename", "delete", "attach", "attachments",
    "detach", "export", "status", "save", "sync", "fetch", "remote add", "remote list", "remote remove",
    "devices", "conflicts", "versions", "resolve", "verify", "gc", "search",
  ])
  func reportingCommandsHaveJSON(_ path: String) throws {
    let entry = try #require(NotesMain.commands.first { $0.path.joined(separator: " ") == path })
    #expect(entry.command.spec.options.contains { $0.long == "json" })
  }

  @Test("'notes help json' lists every command's schema")
  func helpListsSchemas() {
    let text = HelpTopic.json.text
    for (command, shape) in JSONSchemas.byCommand {
      #expect(text.contains("notes \(command) --json"), "\(command)")
      _ = shape
    }
    expectGolden(text, named: "json-schemas")
  }

  struct ShapeCase: Sendable, CustomTestStringConvertible {
    var id: String
    var shape: JSONShape
    var json: String
    var problems: Int
    var testDescription: String { id }
  }

  static let shapeCases: [ShapeCase] = [
    ShapeCase(id: "a matching object", shape: .object([("a", .string), ("b", .integer)]), json: #"{"a":"x","b":2}"#, problems: 0),
    ShapeCase(id: "a missing key", shape: .object([("a", .string), ("b", .integer)]), json: #"{"a":"x"}"#, problems: 1),
    ShapeCase(id: "an undocumented key", shape: .object([("a", .string)]), json: #"{"a":"x","z":1}"#, problems: 1),
    ShapeCase(id: "a boolean is not an integer", shape: .integer, json: "true", problems: 1),
    ShapeCase(id: "an integer is not a boolean", shape: .boolean, json: "1", problems: 1),
    ShapeCase(id: "a date", shape: .date, json: #""2026-01-31T09:30:00Z""#, problems: 0),
    ShapeCase(id: "not a date", shape: .date, json: #""yesterday""#, problems: 1),
    ShapeCase(id: "null where nullable", shape: .object([("e", .nullable(.string))]), json: #"{"e":null}"#, problems: 0),
    ShapeCase(id: "one of", shape: .oneOf(["a", "b"]), json: #""c""#, problems: 1),
    ShapeCase(id: "each array element", shape: .array(.integer), json: #"[1,"x",3,false]"#, problems: 2),
  ]

  @Test("shapes find missing, extra and mistyped values", arguments: shapeCases)
  func shapeProblems(_ shapeCase: ShapeCase) throws {
    let value = try JSONSerialization.jsonObject(with: Data(shapeCase.json.utf8), options: .fragmentsAllowed)
    #expect(shapeCase.shape.problems(in: value).count == shapeCase.problems, "\(shapeCase.shape.problems(in: value))")
  }
}
