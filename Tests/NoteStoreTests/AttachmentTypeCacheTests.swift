import Foundation
import QuickLook
import Testing

@testable import NoteStore

/// Attachment types come from libmagic once per blob: later listings read them from
/// `.git/notes-types`, and a cache that cannot be trusted is typed again.
@Suite("Attachment type cache")
struct AttachmentTypeCacheTests {
  enum Damage: String, CaseIterable, Sendable {
    case none, garbage, otherLibmagicVersion, removed
  }

  @Test("listing from the cache gives what libmagic gives", arguments: Damage.allCases)
  func sameTypes(_ damage: Damage) throws {
    let directory = try TemporaryDirectory()
    let store = try StoreTests.makeStore(directory)
    let note = try store.createNote(title: "Files", content: .plainText("files"))
    let png = try PixelImage(width: 4, height: 4, fill: PixelColor(red: 1, green: 2, blue: 3)).encoded(as: .png)
    let files = [
      try directory.write("picture.bin", png), try directory.write("notes.md", Array("# Title\n\nSome text.\n".utf8)),
      try directory.write("random", (0..<512).map { UInt8(truncatingIfNeeded: $0 &* 7919 &+ 13) }),
      try directory.write("empty.txt", []),
    ]
    _ = try store.attach(files: files, to: note)
    let cachePath = store.gitDirectory + "/notes-types"
    try? FileManager.default.removeItem(atPath: cachePath)
    let first = try store.attachments(of: note)
    #expect(FileManager.default.fileExists(atPath: cachePath))
    switch damage {
    case .none: break
    case .garbage: try Data("NSATC01\ngarbage".utf8).write(to: URL(fileURLWithPath: cachePath))
    case .otherLibmagicVersion:
      let cache = AttachmentTypeCache(path: cachePath, version: 1)
      for (id, entry) in AttachmentTypeCache(path: cachePath).entries {
        cache.record(AttachmentTypeCache.Entry(size: entry.size + 1, sniffed: .data), for: id)
      }
      cache.saveIfChanged()
    case .removed: try FileManager.default.removeItem(atPath: cachePath)
    }
    #expect(try store.attachments(of: note) == first)
    // Each type is what libmagic and the extension give for the file itself.
    let types = try MediaTypes(note: "Files")
    for (info, file) in zip(first, files.sorted { ($0 as NSString).lastPathComponent < ($1 as NSString).lastPathComponent }) {
      let content = [UInt8](try #require(FileManager.default.contents(atPath: file)))
      #expect(info.type == (try types.type(of: info.name, content: content, note: "Files")).mimeType, "\(info.name)")
      #expect(info.size == Int64(content.count))
    }
    #expect(first.first { $0.name == "picture.bin" }?.type == "image/png")
  }
}
