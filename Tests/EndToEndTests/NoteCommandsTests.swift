import Foundation
import RichText
import Testing
#if canImport(Glibc)
  import Glibc
#endif

@Suite("Note commands")
struct NoteCommandsTests {
  @Test("new without a title names the note after its first line, else \"Note N\"")
  func newDerivesNames() throws {
    let sandbox = try Sandbox()
    let store = try sandbox.makeStore()
    #expect(sandbox.notes("-C", store, "new", "--text", "Call Anna\nabout Friday").stdout == "Call Anna\n")
    #expect(sandbox.notes("-C", store, "new", "--text", "Call Anna\nagain").stdout == "Call Anna 2\n")
    #expect(sandbox.notes("-C", store, "new", "--text", "").stdout == "Note 3\n")
    #expect(sandbox.notes("-C", store, "new", "--text", "a/b: ratio").stdout == "a-b: ratio\n")
  }

  @Test("new and rename refuse a name that differs from another note's only in case, naming both and why")
  func caseTwinRefused() throws {
    let sandbox = try Sandbox()
    let store = try sandbox.makeStore()
    #expect(sandbox.notes("-C", store, "new", "Shopping", "--text", "milk").status == 0)
    #expect(sandbox.notes("-C", store, "new", "Plan", "--text", "plan").status == 0)
    for arguments in [["new", "shopping", "--text", "x"], ["rename", "Plan", "SHOPPING"]] {
      let refused = sandbox.notes(["-C", store] + arguments)
      #expect(refused.status == 1)
      #expect(refused.stderr.contains("a note named \"Shopping\" exists already"), "\(refused.stderr)")
      #expect(refused.stderr.contains("only in case") && refused.stderr.contains("macOS and Windows"), "\(refused.stderr)")
    }
    #expect(sandbox.notes("-C", store, "rename", "Shopping", "shopping").status == 0, "its own name, in another case")
    #expect(sandbox.notes("-C", store, "list", "--names").stdout == "shopping\nPlan\n")
  }

  @Test("verify names notes and attachments that differ only in case, brought in by hand; verify --staged lets them pass")
  func verifyNamesCaseTwins() throws {
    let sandbox = try Sandbox()
    let store = try sandbox.makeStore()
    #expect(sandbox.notes("-C", store, "new", "Shopping", "--text", "milk").status == 0)
    let photo = try sandbox.writeFile("photo.jpg", "a photo")
    #expect(sandbox.notes("-C", store, "attach", "Shopping", photo).status == 0)
    #expect(sandbox.notes("-C", store, "verify").status == 0)
    // What another device, or a folder copied in by hand, can bring: notes itself refuses both.
    let twin = store + "/shopping.note"
    try FileManager.default.createDirectory(atPath: twin, withIntermediateDirectories: false)
    try Data("{\\rtf1\\ansi eggs}".utf8).write(to: URL(fileURLWithPath: twin + "/Text.rtf"))
    try Data("another photo".utf8).write(to: URL(fileURLWithPath: store + "/Shopping.note/Attachments/Photo.jpg"))
    #expect(sandbox.notes("-C", store, "save").status == 0)

    let verify = sandbox.notes("-C", store, "verify")
    #expect(verify.status == 1)
    #expect(verify.stdout.contains("shopping: its name differs from Shopping's only in case"), "\(verify.stdout)")
    #expect(
      verify.stdout.contains("Shopping: Attachments/photo.jpg and Attachments/Photo.jpg differ only in case"), "\(verify.stdout)")
    #expect(verify.stdout.contains("macOS and Windows"))
    #expect(verify.stdout.split(separator: "\n").count == 2, "\(verify.stdout)")
    // The pre-commit hook's check: a twin must not stop every commit, the fixing rename included.
    #expect(sandbox.notes("-C", store, "verify", "--staged").status == 0)
    #expect(sandbox.notes("-C", store, "rename", "shopping", "Eggs").status == 0)
    #expect(sandbox.notes("-C", store, "verify").stdout.contains("shopping:") == false)
  }

  @Test("new reads piped standard input")
  func newReadsStdin() throws {
    let sandbox = try Sandbox()
    let store = try sandbox.makeStore()
    let result = sandbox.notes("-C", store, "new", "Piped", input: "from a pipe\nsecond line")
    #expect(result.stdout == "Piped\n")
    #expect(sandbox.notes("-C", store, "show", "Piped").stdout == "from a pipe\nsecond line\n")
  }

  @Test("an imported RTF file is stored byte for byte, and a body that is not RTF is refused")
  func rtfImport() throws {
    let sandbox = try Sandbox()
    let store = try sandbox.makeStore()
    let rtf = "{\\rtf1\\ansi\\ansicpg1252\\cocoartf2761\n{\\fonttbl\\f0\\fswiss\\fcharset0 Helvetica;}\n\\f0\\fs24 Hello \\b bold\\b0  world}"
    let file = try sandbox.writeFile("in.rtf", rtf)
    #expect(sandbox.notes("-C", store, "new", "Letter", "--rtf-file", file).status == 0)
    #expect(sandbox.notes("-C", store, "show", "Letter", "--rtf").stdout == rtf)
    #expect(sandbox.notes("-C", store, "show", "Letter").stdout == "Hello bold world\n")

    let before = sandbox.head(store)
    let bad = try sandbox.writeFile("bad.rtf", "just some text, not RTF")
    let refused = sandbox.notes("-C", store, "new", "Bad", "--rtf-file", bad)
    #expect(refused.status == 1)
    #expect(refused.stderr.contains("\"Bad\""))
    #expect(refused.stderr.contains("RTF"))
    #expect(sandbox.head(store) == before)
  }

  @Test("write keeps the formatting of untouched words and commits nothing when nothing changed")
  func writeKeepsFormatting() throws {
    let sandbox = try Sandbox()
    let store = try sandbox.makeStore()
    let rtf = "{\\rtf1\\ansi\\ansicpg1252\\cocoartf2761\n{\\fonttbl\\f0\\fswiss\\fcharset0 Helvetica;}\n\\f0\\fs24 Buy \\b milk\\b0  today}"
    sandbox.notes("-C", store, "new", "List", "--rtf-file", try sandbox.writeFile("l.rtf", rtf))
    #expect(sandbox.notes("-C", store, "write", "List", "--text", "Buy milk tomorrow").status == 0)
    let stored = Array(sandbox.notes("-C", store, "show", "List", "--rtf").stdoutData)
    let body = try RTFReader().read(stored).text
    #expect(body.plainText == "Buy milk tomorrow")
    let milk = body.paragraphs[0].runs.first { $0.text.contains("milk") }
    #expect(milk?.attributes.isBold == true)
    #expect(body.paragraphs[0].runs.first { $0.text.contains("tomorrow") }?.attributes.isBold == false)

    let head = sandbox.head(store)
    let same = sandbox.notes("-C", store, "write", "List", "--text", "Buy milk tomorrow")
    #expect(same.status == 0)
    #expect(same.stderr.contains("unchanged"))
    #expect(sandbox.head(store) == head)
  }

  @Test("edit runs $EDITOR on the plain text and commits the result")
  func editUsesEditor() throws {
    let sandbox = try Sandbox()
    let store = try sandbox.makeStore()
    sandbox.notes("-C", store, "new", "Todo", "--text", "wash the car")
    let editor = try sandbox.writeScript("editor.sh", "#!/bin/sh\nsed -i 's/car/bike/' \"$1\"\n")
    let result = sandbox.notes(["-C", store, "edit", "Todo"], environment: ["EDITOR": editor, "VISUAL": ""])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(sandbox.notes("-C", store, "show", "Todo").stdout == "wash the bike\n")
    #expect(sandbox.subjects(store).first == "Edit Todo")

    let failing = try sandbox.writeScript("fail.sh", "#!/bin/sh\nexit 3\n")
    let head = sandbox.head(store)
    let failed = sandbox.notes(["-C", store, "edit", "Todo"], environment: ["EDITOR": failing])
    #expect(failed.status == 1)
    #expect(failed.stderr.contains("status 3"))
    #expect(sandbox.head(store) == head)
  }

  @Test("list --json gives name, path, modified, device, attachments and status, newest first")
  func listJSON() throws {
    let sandbox = try Sandbox()
    let store = try sandbox.makeStore()
    sandbox.notes("-C", store, "new", "Old", "--text", "1")
    sandbox.notes("-C", store, "new", "New", "--text", "2")
    sandbox.notes("-C", store, "attach", "New", try sandbox.writeFile("a.txt", "hello"))
    let output = sandbox.notes("-C", store, "list", "--json").stdoutData
    let array = try #require(try JSONSerialization.jsonObject(with: output) as? [[String: Any]])
    #expect(array.map { $0["name"] as? String } == ["New", "Old"])
    let first = try #require(array.first)
    #expect(Set(first.keys) == ["name", "path", "modified", "device", "attachments", "status"])
    #expect(first["path"] as? String == "New.note")
    #expect(first["device"] as? String == "laptop")
    #expect(first["attachments"] as? Int == 1)
    #expect(first["status"] as? String == "current")
    let modified = try #require(first["modified"] as? String)
    #expect(ISO8601DateFormatter().date(from: modified) != nil)
    #expect(modified.hasSuffix("Z"))
  }

  @Test("a note is found by name, by name with .note, by path or by a unique prefix")
  func noteArguments() throws {
    let sandbox = try Sandbox()
    let store = try sandbox.makeStore()
    sandbox.notes("-C", store, "new", "Shopping", "--text", "milk")
    sandbox.notes("-C", store, "new", "Shipping", "--text", "box")
    for query in ["Shopping", "Shopping.note", "Shopping.note/", "./Shopping.note", "Sho"] {
      let result = sandbox.notes("show", query, in: store)
      #expect(result.stdout == "milk\n", "query \(query): \(result.stderr)")
    }
    let ambiguous = sandbox.notes("-C", store, "show", "Sh")
    #expect(ambiguous.status == 1)
    #expect(ambiguous.stderr.contains("\"Shipping\""))
    #expect(ambiguous.stderr.contains("\"Shopping\""))
    let missing = sandbox.notes("-C", store, "show", "Shoping")
    #expect(missing.status == 1)
    #expect(missing.stderr.contains("no note named \"Shoping\""))
    #expect(missing.stderr.contains("\"Shopping\""))
    #expect(missing.stdout.isEmpty)
  }
}
