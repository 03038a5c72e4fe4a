import Foundation
import NotesCLI
import Testing

/// Every command's `--json` output, run for real, matches the schema `notes help json`
/// documents for it.
@Suite("JSON output matches the documented schemas")
struct JSONOutputSchemaTests {
  @Test("each command's --json output matches its schema")
  func everyCommandMatches() throws {
    let sandbox = try Sandbox()
    let remote = sandbox.directory + "/cloud.git"
    try #require(sandbox.git("init", "--bare", "-q", remote, in: sandbox.directory).status == 0)
    let file = try sandbox.writeFile("receipt.txt", "paid")
    let store = sandbox.directory + "/store"
    let phone = sandbox.directory + "/phone"
    var checked: Set<String> = []

    func check(_ command: String, _ arguments: [String], in directory: String? = nil, status: Int32 = 0) throws {
      let result = sandbox.notes(arguments + ["--json"], in: directory ?? store)
      #expect(result.status == status, "notes \(arguments.joined(separator: " ")) --json: \(result.stderr)")
      let shape = try #require(JSONSchemas.shape(of: command), "no schema for \(command)")
      let value = try JSONSerialization.jsonObject(with: result.stdoutData, options: .fragmentsAllowed)
      let problems = shape.problems(in: value)
      #expect(problems.isEmpty, "notes \(arguments.joined(separator: " ")) --json: \(problems)\n\(result.stdout)")
      checked.insert(command)
    }

    try check("init", ["init", store, "--device", "laptop"], in: sandbox.directory)
    try check("new", ["new", "Shopping", "--text", "Milk"])
    try check("write", ["write", "Shopping", "--text", "Oat milk"])
    try check("show", ["show", "Shopping"])
    try check("search", ["search", "oat"])
    try check("search", ["search", "milk", "--all-versions"])
    try check("attach", ["attach", "Shopping", file])
    try check("attachments", ["attachments", "Shopping"])
    try check("export", ["export", "Shopping", "receipt.txt", "-o", sandbox.directory + "/out.txt"])
    try check("detach", ["detach", "Shopping", "receipt.txt"])
    try check("rename", ["rename", "Shopping", "Groceries"])
    try check("new", ["new", "Spare", "--text", "x"])
    try check("delete", ["delete", "Spare", "--dry-run"])
    try check("delete", ["delete", "Spare"])
    try check("list", ["list"])
    try check("versions", ["versions", "Groceries"])
    try check("remote add", ["remote", "add", "origin", remote])
    try check("remote list", ["remote", "list"])
    try check("sync", ["sync"])
    try check("clone", ["clone", remote, phone, "--device", "phone"], in: sandbox.directory)
    try check("fetch", ["fetch"])
    try check("status", ["status"])
    try check("devices", ["devices"])
    try check("save", ["save"])
    try check("verify", ["verify"])
    try check("gc", ["gc"])
    try check("hooks list", ["hooks", "list"])
    try check("log", ["log"])
    try check("log", ["log", "Groceries"])
    try check("blame", ["blame", "Groceries"])
    try check("deleted", ["deleted"])

    // A conflict, listed and resolved.
    sandbox.notes(["write", "Groceries", "--text", "Soy milk"], in: phone)
    #expect(sandbox.notes(["sync"], in: phone).status == 0)
    Thread.sleep(forTimeInterval: 1.1)
    sandbox.notes(["write", "Groceries", "--text", "Rice milk"], in: store)
    #expect(sandbox.notes(["sync"], in: store).status == 0)
    try check("status", ["status"])
    try check("conflicts", ["conflicts"])
    try check("resolve", ["resolve", "Groceries", "--keep-mine", "--dry-run"])
    try check("resolve", ["resolve", "Groceries", "--keep-mine"])

    let editor = try sandbox.writeScript("editor.sh", "#!/bin/sh\necho 'Edited' > \"$1\"\n")
    sandbox.extraEnvironment["EDITOR"] = editor
    try check("edit", ["edit", "Groceries"])
    try check("diff", ["diff", "Groceries"])
    try check("remote remove", ["remote", "remove", "origin"])

    let documented = Set(JSONSchemas.byCommand.map(\.command))
    #expect(documented.subtracting(checked).isEmpty, "not run: \(documented.subtracting(checked).sorted())")
  }
}
