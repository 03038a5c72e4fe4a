import Foundation
import Testing
#if canImport(Glibc)
  import Glibc
#endif

@Suite("Attachments")
struct AttachmentCommandsTests {
  @Test("attach never overwrites: a taken name gets a number")
  func takenNamesGetNumbers() throws {
    let sandbox = try Sandbox()
    let store = try sandbox.makeStore()
    sandbox.notes("-C", store, "new", "Trip", "--text", "photos")
    let first = try sandbox.writeFile("one/photo.png", Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1]))
    let second = try sandbox.writeFile("two/photo.png", Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 2]))
    #expect(sandbox.notes("-C", store, "attach", "Trip", first).stdout == "photo.png\n")
    #expect(sandbox.notes("-C", store, "attach", "Trip", second, first).stdout == "photo 2.png\nphoto 3.png\n")
    let json = sandbox.notes("-C", store, "attachments", "Trip", "--json").stdoutData
    let list = try #require(try JSONSerialization.jsonObject(with: json) as? [[String: Any]])
    #expect(list.map { $0["name"] as? String } == ["photo 2.png", "photo 3.png", "photo.png"])
    #expect(list.allSatisfy { $0["type"] as? String == "image/png" && $0["size"] as? Int == 9 })
    #expect(Set(list[0].keys) == ["name", "size", "type"])
  }

  @Test("export writes the attachment to a file or to stdout, and never overwrites a file")
  func export() throws {
    let sandbox = try Sandbox()
    let store = try sandbox.makeStore()
    sandbox.notes("-C", store, "new", "Doc", "--text", "x")
    let bytes = Data((0..<2048).map { UInt8($0 % 251) })
    sandbox.notes("-C", store, "attach", "Doc", try sandbox.writeFile("blob.bin", bytes))
    let out = sandbox.directory + "/out.bin"
    #expect(sandbox.notes("-C", store, "export", "Doc", "blob.bin", "-o", out).status == 0)
    #expect(FileManager.default.contents(atPath: out) == bytes)
    #expect(sandbox.notes("-C", store, "export", "Doc", "blob.bin", "-o", "-").stdoutData == bytes)
    let again = sandbox.notes("-C", store, "export", "Doc", "blob.bin", "-o", out)
    #expect(again.status == 1)
    #expect(again.stderr.contains("exists already") && again.stderr.contains("choose another path with -o PATH"), "\(again.stderr)")
    let missing = sandbox.notes("-C", store, "export", "Doc", "nope.bin")
    #expect(missing.status == 1)
    #expect(missing.stderr.contains("no attachment named \"nope.bin\""))
    #expect(missing.stderr.contains("blob.bin"))
  }

  @Test("bad attachment names and unreadable files are refused with nothing changed")
  func badAttachments() throws {
    let sandbox = try Sandbox()
    let store = try sandbox.makeStore()
    sandbox.notes("-C", store, "new", "Doc", "--text", "x")
    let head = sandbox.head(store)
    let hidden = try sandbox.writeFile(".hidden", "secret")
    let hiddenResult = sandbox.notes("-C", store, "attach", "Doc", hidden)
    #expect(hiddenResult.status == 1)
    #expect(hiddenResult.stderr.contains("cannot start with '.'"))
    let missing = sandbox.notes("-C", store, "attach", "Doc", sandbox.directory + "/does-not-exist")
    #expect(missing.status == 1)
    #expect(missing.stderr.contains("does-not-exist"))
    let control = try sandbox.writeFile("bad\u{7}name.txt", "x")
    let controlResult = sandbox.notes("-C", store, "attach", "Doc", control)
    #expect(controlResult.status == 1)
    #expect(controlResult.stderr.contains("control characters"))
    let unreadable = try sandbox.writeFile("locked.txt", "x")
    chmod(unreadable, 0o000)
    if getuid() != 0 {
      let result = sandbox.notes("-C", store, "attach", "Doc", unreadable)
      #expect(result.status == 1)
      #expect(result.stderr.contains("locked.txt"))
    }
    let directory = sandbox.notes("-C", store, "attach", "Doc", sandbox.directory)
    #expect(directory.status == 1)
    #expect(sandbox.head(store) == head)
  }
}
