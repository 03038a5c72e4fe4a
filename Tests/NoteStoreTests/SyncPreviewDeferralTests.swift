import Foundation
import Git
import QuickLook
import Testing

@testable import NoteStore

/// A sync draws no preview in the user's wait: the notes it brings in go to the QuickLook
/// backlog, and the `gc --auto` it asks for (``Store/onAutoPackDue``) draws them with the
/// bytes a synchronous render gives. Without background housekeeping, the sync draws them.
@Suite("QuickLook previews of a sync's notes are drawn after it answered")
struct SyncPreviewDeferralTests {
  static let titles = ["Plan", "Shopping", "Trip"]

  final class Calls: @unchecked Sendable {
    var housekeeping = 0
    var announced: [Int] = []
  }

  /// Laptop writes the notes; phone, with background housekeeping when `deferring`,
  /// syncs them in.
  static func syncedGroup(deferring: Bool) throws -> (group: DeviceGroup, phone: Store, calls: Calls) {
    let group = try DeviceGroup(devices: ["laptop", "phone"])
    let laptop = try group["laptop"]
    let phone = try group["phone"]
    for title in titles {
      try laptop.createNote(title: title, content: .plainText("\(title)\nfrom the laptop"))
    }
    let calls = Calls()
    if deferring {
      phone.onQuickLookBacklog = { calls.announced.append($0) }
      phone.onAutoPackDue = { calls.housekeeping += 1 }
    }
    try group.sync("laptop", into: "phone")
    return (group, phone, calls)
  }

  static func thumbnail(_ store: Store, _ title: String) -> Data? {
    QuickLookStoreTests.quickLook(store, title, "Thumbnail.png")
  }

  @Test("the sync leaves every incoming note's preview to the backlog and asks quietly for housekeeping")
  func syncDefers() throws {
    let synced = try Self.syncedGroup(deferring: true)  // the group owns the stores' directory
    let (phone, calls) = (synced.phone, synced.calls)
    for title in Self.titles {
      #expect(Self.thumbnail(phone, title) == nil, "\(title) was drawn inside the sync")
    }
    #expect(phone.quickLookBacklogCount() == Self.titles.count)
    #expect(calls.housekeeping >= 1)
    #expect(calls.announced.isEmpty, "a few previews are not announced")
    #expect(try QuickLookStoreTests.git(phone, ["status", "--porcelain"]).isEmpty)
    withExtendedLifetime(synced.group) {}
  }

  @Test("the backlog then draws each note's preview as a synchronous sync does")
  func backlogDrawsThem() throws {
    let deferred = try Self.syncedGroup(deferring: true), immediate = try Self.syncedGroup(deferring: false)
    let (later, now) = (deferred.phone, immediate.phone)
    #expect(now.quickLookBacklogCount() == 0)
    #expect(try later.renderQuickLookBacklog() == Self.titles.count)
    #expect(later.quickLookBacklogCount() == 0)
    for title in Self.titles {
      let expected = try #require(Self.thumbnail(now, title), "\(title) has no synchronous thumbnail")
      #expect(Self.thumbnail(later, title) == expected, "\(title)")
      #expect(
        QuickLookStoreTests.quickLook(later, title, "Preview.rtf")
          == QuickLookStoreTests.quickLook(now, title, "Preview.rtf"))
      let note = try later.resolveNote(title)
      #expect(Self.thumbnail(later, title).map(Array.init) == (try later.thumbnail(of: note)).png)
    }
    withExtendedLifetime((deferred.group, immediate.group)) {}
  }

  @Test("a write after the sync still draws its own note's preview itself")
  func ownWritesStayImmediate() throws {
    let synced = try Self.syncedGroup(deferring: true)
    let phone = synced.phone
    let note = try phone.resolveNote("Plan")
    try phone.writeBody(of: note, content: .plainText("Plan\nedited on the phone"))
    let thumbnail = try #require(Self.thumbnail(phone, "Plan"))
    #expect(Array(thumbnail) == (try phone.thumbnail(of: note)).png)
    withExtendedLifetime(synced.group) {}
  }
}
