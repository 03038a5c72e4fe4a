import Foundation
import Git
import RichText
import Testing

@testable import NoteStore

/// Devices of one store syncing through a bare hub repository with the real sync
/// (libgit2's local transport), as `notes sync` does.
final class DeviceHub {
  let group: DeviceGroup
  let hub: String
  let devices: [String]
  /// Syncs that made a merge commit.
  private(set) var mergingSyncs = 0
  private(set) var syncs = 0

  init(devices: [String]) throws {
    self.devices = devices
    group = try DeviceGroup(devices: devices)
    hub = group.directory.path + "/hub.git"
    _ = try group.output(["git", "init", "-q", "--bare", hub])
    for device in devices { _ = try group[device].addRemote(name: "hub", url: hub) }
  }

  subscript(_ device: String) -> Store {
    get throws { try group[device] }
  }

  /// One `notes sync` of a device; counts it as merging when the branch gained a
  /// commit with more than one parent.
  @discardableResult
  func sync(_ device: String) throws -> SyncReport {
    let store = try self[device]
    let before = try store.headCommit()
    let report = try store.sync()
    #expect(!report.isPartial, "\(device): \(report)")
    syncs += 1
    let after = try store.headCommit()
    if after != before, let after, try store.repository.commit(after).parents.count > 1 { mergingSyncs += 1 }
    return report
  }

  /// Pushes a device's branch to the hub without merging anything (an offline device
  /// that comes online after the others moved on would push after a merge; this makes
  /// tips that diverged from one another).
  func pushOnly(_ device: String) throws {
    _ = try group.output(["git", "-C", try self[device].root, "push", "-q", hub, "devices/\(device)"])
  }

  /// Merge commits in the hub's whole history.
  func mergeCommits() throws -> Int {
    Int(try group.output(["git", "-C", hub, "rev-list", "--merges", "--count", "--all"])) ?? -1
  }

  /// Commits in the hub's whole history.
  func commits() throws -> Int {
    Int(try group.output(["git", "-C", hub, "rev-list", "--count", "--all"])) ?? -1
  }

  /// The set of trees at the devices' tips.
  func trees() throws -> Set<String> {
    Set(try devices.map { try group.tree($0) })
  }
}

@Suite("Syncing many devices: one merge commit per sync")
struct ManyDevicesSyncTests {
  static let edited = (1...20).map { String(format: "d%02d", $0) }
  static let all = ["d00"] + edited

  private func text(_ store: Store, _ name: String) throws -> String {
    try store.body(of: try store.resolveNote(name)).plainText
  }

  /// d00 and `count` other devices share 100 notes; those others each change three
  /// notes and add one, offline.
  private func hubWithOfflineEdits(devices count: Int = 20) throws -> DeviceHub {
    let hub = try DeviceHub(devices: Array(Self.all.prefix(count + 1)))
    try hub["d00"].importNotes((0..<100).map { (title: "Note \($0)", content: .plainText("line one\nline two \($0)")) })
    for device in hub.devices { try hub.sync(device) }
    for (offset, device) in hub.devices.dropFirst().enumerated() {
      let store = try hub[device]
      for k in 0..<3 {
        let note = try store.resolveNote("Note \(offset * 3 + k)")
        try store.writeBody(of: note, content: .plainText("line one\nedited by \(device)"))
      }
      try store.createNote(title: "New from \(device)", content: .plainText("hello from \(device)"))
    }
    return hub
  }

  private func expectEveryChange(on store: Store, devices: [String] = Self.edited) throws {
    #expect(try store.notes().count == 100 + devices.count)
    for (offset, device) in devices.enumerated() {
      for k in 0..<3 { #expect(try text(store, "Note \(offset * 3 + k)") == "line one\nedited by \(device)") }
      #expect(try text(store, "New from \(device)") == "hello from \(device)")
    }
    #expect(try text(store, "Note 99") == "line one\nline two 99")
  }

  @Test("21 devices, each syncing in turn then twice more: one tree, no note lost, merge commits ≤ merging syncs, a quiet round adds nothing")
  func twentyOneDevicesInTurn() throws {
    let hub = try hubWithOfflineEdits()
    let mergesBefore = try hub.mergeCommits()
    let syncsBefore = hub.mergingSyncs
    for device in Self.edited { try hub.sync(device) }
    for _ in 0..<2 {
      for device in Self.all { try hub.sync(device) }
    }
    #expect(try hub.trees().count == 1)
    for device in ["d00", "d07", "d20"] { try expectEveryChange(on: try hub[device]) }
    let merges = try hub.mergeCommits() - mergesBefore
    #expect(merges <= hub.mergingSyncs - syncsBefore)
    #expect(merges <= Self.edited.count)
    let commits = try hub.commits()
    for device in Self.all {
      let report = try hub.sync(device)
      #expect(report.merged.isEmpty && report.fastForwarded.isEmpty)
    }
    #expect(try hub.commits() == commits, "a quiet round adds no commit")
  }

  @Test("one sync that brings in 20 diverged devices makes one merge commit with every tip as a parent, and everyone converges on it")
  func twentyDivergedTipsOneOctopus() throws {
    let hub = try hubWithOfflineEdits()
    for device in Self.edited { try hub.pushOnly(device) }
    let merges = try hub.mergeCommits()
    let report = try hub.sync("d00")
    #expect(report.merged == Self.edited)
    let d00 = try hub["d00"]
    let head = try d00.repository.commit(try #require(try d00.headCommit()))
    #expect(head.parents.count == 20, "d00 had not changed: the 20 tips are the parents")
    #expect(Set(head.trailers.filter { $0.key == "Merged-Device" }.map(\.value)) == Set(Self.edited))
    try expectEveryChange(on: d00)
    for device in Self.edited {
      let again = try hub.sync(device)
      #expect(again.fastForwarded.contains("d00") && again.merged.isEmpty, "\(device) fast-forwards: \(again)")
    }
    #expect(try hub.mergeCommits() == merges + 1)
    #expect(try hub.trees().count == 1)
    // The audit trail reads the octopus: every device's edit is in the log with its device.
    let log = try d00.log(of: nil)
    for device in ["d01", "d13", "d20"] {
      #expect(log.contains { $0.device == device && $0.note == "New from \(device)" && $0.change == .created })
    }
    let edits = try d00.log(of: try d00.resolveNote("Note 21"))
    #expect(edits.contains { $0.device == "d08" && $0.change == .edited })
  }

  @Test("two devices that bring in the same diverged tips write the same tree, and merging their merges changes nothing")
  func octopusIsDeterministic() throws {
    let hub = try hubWithOfflineEdits(devices: 6)
    for device in hub.devices.dropFirst() { try hub.pushOnly(device) }
    // d05's own tip is one of the 20; d00's is below all of them: the same set of commits.
    var fetchOnly = SyncOptions()
    fetchOnly.noPush = true
    _ = try hub["d00"].sync(fetchOnly)
    _ = try hub["d05"].sync(fetchOnly)
    #expect(try hub.group.tree("d00") == hub.group.tree("d05"))
    try expectEveryChange(on: try hub["d05"], devices: Array(hub.devices.dropFirst()))
    let tree = try hub.group.tree("d00")
    try hub.sync("d05")
    let report = try hub.sync("d00")
    #expect(report.changed.isEmpty)
    #expect(try hub.group.tree("d00") == tree)
    try hub.sync("d05")
    #expect(try hub.group.tree("d05") == tree)
    let commits = try hub.commits()
    try hub.sync("d00")
    try hub.sync("d05")
    #expect(try hub.commits() == commits)
  }

  @Test("three devices editing one note give one merge with a conflict that records all three versions, devices and dates")
  func threeVersionsInOneOctopus() throws {
    let hub = try DeviceHub(devices: ["hub-user", "laptop", "phone", "tablet"])
    try hub["hub-user"].createNote(title: "N", content: .plainText("base"))
    for device in hub.devices { try hub.sync(device) }
    for device in ["laptop", "phone", "tablet"] {
      try hub[device].writeBody(of: try hub[device].resolveNote("N"), content: .plainText("by \(device)"))
      try hub.pushOnly(device)
    }
    let report = try hub.sync("hub-user")
    #expect(report.merged == ["laptop", "phone", "tablet"])
    #expect(report.conflicts == ["N"])
    let store = try hub["hub-user"]
    let head = try store.repository.commit(try #require(try store.headCommit()))
    #expect(head.parents.count == 3)
    let conflict = try #require(try store.conflicts().first)
    #expect(conflict.versions.count == 3)
    #expect(Set(conflict.versions.map(\.device)) == ["laptop", "phone", "tablet"])
    for version in conflict.versions {
      let commit = try #require(ObjectID(hex: version.commit))
      #expect(try store.repository.isDescendant(head.id, of: commit), "every recorded version is reachable")
      #expect(version.modificationDate > Date(timeIntervalSince1970: 0))
    }
    for device in ["laptop", "phone", "tablet"] { try hub.sync(device) }
    #expect(try hub.trees().count == 1)
    #expect(try hub["phone"].conflicts().first?.versions.count == 3)
  }
}
