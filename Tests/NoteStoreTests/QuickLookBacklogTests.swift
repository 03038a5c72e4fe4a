import Foundation
import Git
import QuickLook
import Testing

@testable import NoteStore

/// A change touching many notes renders a few previews itself and leaves the rest in a
/// backlog that `renderQuickLookBacklog` (what `notes gc --auto` runs) renders later,
/// with the same bytes a synchronous render gives.
@Suite("QuickLook backlog of big changes")
struct QuickLookBacklogTests {
  static let titles = (1...12).map { String(format: "Imported %02d", $0) }
  static let limit = 4

  /// A store in `mode` whose working tree holds `titles` as new, unsaved packages.
  static func storeWithImport(
    _ directory: TemporaryDirectory, _ name: String, mode: QuickLookMode? = nil, deferring: Bool
  ) throws -> (store: Store, deferred: [Int]) {
    let store = try Store.create(at: directory.path + "/" + name, device: try DeviceName("laptop"))
    if let mode { try QuickLookStoreTests.setMode(mode, store) }
    store.quickLookSynchronousLimit = limit
    let reported = Reported()
    if deferring { store.onQuickLookBacklog = { reported.counts.append($0) } }
    for (index, title) in titles.enumerated() {
      let folder = store.root + "/\(title).note"
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      let rtf = "{\\rtf1\\ansi \(title)\\par line \(index) of the import\\par}"
      try Data(rtf.utf8).write(to: URL(fileURLWithPath: folder + "/Text.rtf"))
    }
    try store.saveWorkingTree(message: "Import")
    return (store, reported.counts)
  }

  final class Reported: @unchecked Sendable { var counts: [Int] = [] }

  static func thumbnail(_ store: Store, _ title: String) -> Data? {
    QuickLookStoreTests.quickLook(store, title, "Thumbnail.png")
  }

  @Test("a save of more notes than the limit renders at most the limit and leaves the rest pending")
  func bulkSaveDefers() throws {
    let directory = try TemporaryDirectory()
    let (store, deferred) = try Self.storeWithImport(directory, "store", deferring: true)
    let rendered = Self.titles.filter { Self.thumbnail(store, $0) != nil }
    #expect(rendered.count <= Self.limit)
    #expect(deferred == [Self.titles.count - Self.limit])
    #expect(store.quickLookBacklogCount() == Self.titles.count - Self.limit)
    #expect(try QuickLookStoreTests.git(store, ["status", "--porcelain"]).isEmpty)
  }

  @Test("rendering the backlog gives every note the bytes a synchronous save writes, and empties it")
  func backlogMatchesSynchronousRender() throws {
    let directory = try TemporaryDirectory()
    let (later, _) = try Self.storeWithImport(directory, "later", deferring: true)
    let (now, deferred) = try Self.storeWithImport(directory, "now", deferring: false)
    #expect(deferred.isEmpty)
    #expect(now.quickLookBacklogCount() == 0)
    let handled = try later.renderQuickLookBacklog(batchSize: 3)
    #expect(handled == Self.titles.count - Self.limit)
    #expect(later.quickLookBacklogCount() == 0)
    for title in Self.titles {
      let expected = try #require(Self.thumbnail(now, title), "\(title) has no synchronous thumbnail")
      #expect(Self.thumbnail(later, title) == expected, "\(title)")
      #expect(QuickLookStoreTests.quickLook(later, title, "Preview.rtf") == QuickLookStoreTests.quickLook(now, title, "Preview.rtf"))
    }
    #expect(try later.renderQuickLookBacklog() == 0, "a second run has nothing to do")
  }

  @Test("a note deleted or changed before the backlog runs is skipped or rendered as it is now")
  func backlogReadsTheCurrentTree() throws {
    let directory = try TemporaryDirectory()
    let (store, _) = try Self.storeWithImport(directory, "store", deferring: true)
    let gone = try #require(Self.titles.last)
    let changed = Self.titles[Self.titles.count - 2]
    try store.deleteNote(try store.resolveNote(gone))
    let note = try store.resolveNote(changed)
    _ = try store.writeBody(of: note, content: .plainText("rewritten since"))
    try store.renderQuickLookBacklog()
    #expect(store.quickLookBacklogCount() == 0)
    #expect(!FileManager.default.fileExists(atPath: store.root + "/\(gone).note"))
    let thumbnail = try #require(Self.thumbnail(store, changed))
    #expect(Array(thumbnail) == (try store.thumbnail(of: note)).png)
    #expect(try QuickLookStoreTests.git(store, ["status", "--porcelain"]).isEmpty)
  }

  @Test("a package folder removed by hand before the backlog runs is not brought back")
  func backlogLeavesRemovedPackagesAlone() throws {
    let directory = try TemporaryDirectory()
    let (store, _) = try Self.storeWithImport(directory, "store", deferring: true)
    let removed = try #require(Self.titles.last)
    let folder = store.root + "/\(removed).note"
    try FileManager.default.removeItem(atPath: folder)
    try store.renderQuickLookBacklog()
    #expect(store.quickLookBacklogCount() == 0)
    #expect(!FileManager.default.fileExists(atPath: folder), "the preview recreated the package folder")
    #expect(Self.thumbnail(store, Self.titles[Self.titles.count - 2]) != nil, "the other notes still get previews")
  }

  @Test("commit mode never defers: every preview is committed with the import")
  func commitModeUnchanged() throws {
    let directory = try TemporaryDirectory()
    let (store, deferred) = try Self.storeWithImport(directory, "store", mode: .commit, deferring: true)
    #expect(deferred.isEmpty)
    #expect(store.quickLookBacklogCount() == 0)
    let committed = try QuickLookStoreTests.committedPaths(store)
    for title in Self.titles {
      #expect(committed.contains("\(title).note/QuickLook/Thumbnail.png"))
      #expect(Self.thumbnail(store, title) != nil)
    }
  }

  @Test("a damaged backlog file is discarded")
  func damagedBacklog() throws {
    let directory = try TemporaryDirectory()
    let (store, _) = try Self.storeWithImport(directory, "store", deferring: true)
    try Data("garbage\n\u{0}\u{1}".utf8).write(to: URL(fileURLWithPath: store.gitDirectory + "/notes-quicklook/pending"))
    #expect(store.quickLookBacklogCount() == 0)
    #expect(try store.renderQuickLookBacklog() == 0)
  }
}
