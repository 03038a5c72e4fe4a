import Foundation
import Testing

@Suite("Big saves and automatic packing")
struct ScaleTests {
  static let rtf = "{\\rtf1\\ansi\\ansicpg1252\\cocoartf2761\n{\\fonttbl\\f0\\fswiss\\fcharset0 Helvetica;}\n\\f0\\fs24 "

  @Test("saving an imported folder of many notes commits the same tree as git add -A, says one line and leaves nothing unsaved")
  func saveImportedFolder() throws {
    let sandbox = try Sandbox()
    let store = try sandbox.makeStore()
    let plain = sandbox.directory + "/plain"
    try FileManager.default.createDirectory(atPath: plain, withIntermediateDirectories: true)
    for index in 0..<120 {
      for folder in [store, plain] {
        let package = folder + "/Imported \(index).note"
        try FileManager.default.createDirectory(atPath: package + "/Attachments", withIntermediateDirectories: true)
        try (Self.rtf + "note \(index)}").write(toFile: package + "/Text.rtf", atomically: true, encoding: .utf8)
        try "attachment \(index)".write(toFile: package + "/Attachments/a.txt", atomically: true, encoding: .utf8)
      }
    }
    let saved = sandbox.notes("-C", store, "save", "-m", "Import")
    #expect(saved.status == 0)
    // One summary line, after at most one progress line when the save took a second;
    // and, since 120 notes are more than a save renders itself, one line saying the
    // rest of the previews are written in the background.
    var lines = saved.stderr.split(separator: "\n")
    let background = "notes: previews of 88 notes are being written in the background"
    #expect(lines.filter { $0 == background }.count == 1, "\(saved.stderr)")
    lines.removeAll { $0 == background }
    #expect(lines.last == "Saved 120 notes (120 created)", "\(saved.stderr)")
    #expect(lines.count == 1 || (lines.count == 2 && lines[0].hasPrefix("Saving notes: done")), "\(saved.stderr)")
    #expect(sandbox.notes("-C", store, "status").stdout.contains("No unsaved changes."))
    #expect(sandbox.git("status", "--porcelain", in: store).stdout.isEmpty)
    sandbox.git("init", "-q", in: plain)
    sandbox.git("add", "-A", in: plain)
    let notesTree = sandbox.git("ls-tree", "-r", "HEAD", in: store).stdout.split(separator: "\n")
      .filter { $0.contains(".note/") }
    let gitIndex = sandbox.git("ls-files", "-s", in: plain).stdout.split(separator: "\n").map { line in
      let parts = line.split(separator: "\t", maxSplits: 1)
      let fields = parts[0].split(separator: " ")
      return "\(fields[0]) blob \(fields[1])\t\(parts[1])"
    }
    #expect(notesTree.count == 240)
    #expect(notesTree.map(String.init) == gitIndex)
    #expect(sandbox.git("count-objects", "-v", in: store).stdout.contains("packs: 1"))
    #expect(sandbox.git("fsck", "--strict", in: store).status == 0)
    #expect(sandbox.notes("-C", store, "show", "Imported 7").stdout == "note 7\n")
  }

  @Test("a write that makes a pack due answers first and leaves the packing to a detached notes gc --auto")
  func detachedAutoPack() throws {
    let sandbox = try Sandbox()
    let store = try sandbox.makeStore()
    sandbox.notes("-C", store, "new", "Photos", "--text", "album")
    // 600 KB that does not compress: past the 512 KB of loose objects that make a pack due.
    var state: UInt64 = 42
    let noise = Data((0..<(600 << 10)).map { _ -> UInt8 in
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return UInt8(truncatingIfNeeded: state >> 33)
    })
    let photo = try sandbox.writeFile("photo.jpg", noise)
    #expect(sandbox.notes("-C", store, "attach", "Photos", photo).status == 0)
    // Until the packer has also deleted the loose objects it packed: git fsck fails on a
    // loose object that goes away while it reads.
    let packs = packCount(store, sandbox: sandbox, reaching: "packs: 1", "count: 0")
    #expect(packs.contains("packs: 1"), "no pack appeared within 60 s: \(packs)")
    #expect(sandbox.git("fsck", "--strict", in: store).status == 0)
    #expect(sandbox.notes("-C", store, "export", "Photos", "photo.jpg", "-o", "-").stdoutData == noise)
  }

  @Test("a write while notes gc writes its packs goes ahead without waiting for it; nothing is lost")
  func writeDuringAutoPack() throws {
    let sandbox = try Sandbox()
    let store = try sandbox.makeStore()
    for index in 0..<5 { sandbox.notes("-C", store, "new", "Note \(index)", "--text", "body \(index)") }
    // The packer stops after writing its packs and before deleting anything.
    let packer = Process()
    packer.executableURL = URL(fileURLWithPath: CommandRunner.notesBinary)
    packer.arguments = ["-C", store, "--quiet", "gc"]
    var environment = sandbox.environment
    // Paused long enough for a loaded machine to run the write meanwhile.
    environment["NOTES_FAULT_PAUSE"] = "after-packs-written:20"
    packer.environment = environment
    try packer.run()
    defer { if packer.isRunning { packer.terminate() } }
    let packs = packCount(store, sandbox: sandbox, reaching: "packs: 1")
    #expect(packs.contains("packs: 1"), "the packer wrote no pack: \(packs)")
    let write = sandbox.notes("-C", store, "--wait", "1", "write", "Note 2", "--text", "written meanwhile")
    #expect(write.status == 0, "\(write.stderr)")
    #expect(!write.stderr.contains("waiting"), "the write waited for the packer: \(write.stderr)")
    #expect(packer.isRunning, "the packer finished before the write: the test proved nothing")
    packer.waitUntilExit()
    #expect(packer.terminationStatus == 0)
    #expect(sandbox.git("fsck", "--strict", in: store).status == 0)
    #expect(sandbox.notes("-C", store, "show", "Note 2").stdout == "written meanwhile\n")
    for index in [0, 1, 3, 4] {
      #expect(sandbox.notes("-C", store, "show", "Note \(index)").stdout == "body \(index)\n")
    }
    #expect(sandbox.notes("-C", store, "status").stdout.contains("No unsaved changes."))
  }
}

/// `git count-objects -v` of `store`, polled until it has every `expected` line or 60 s
/// passed (a detached packer on a loaded machine may take a while to start).
private func packCount(_ store: String, sandbox: Sandbox, reaching expected: String...) -> String {
  let deadline = Date().addingTimeInterval(60)
  var packs = sandbox.git("count-objects", "-v", in: store).stdout
  func reached() -> Bool {
    let lines = Set(packs.split(separator: "\n").map(String.init))
    return expected.allSatisfy(lines.contains)
  }
  while !reached() && Date() < deadline {
    usleep(50_000)
    packs = sandbox.git("count-objects", "-v", in: store).stdout
  }
  return packs
}
