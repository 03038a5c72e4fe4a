import Foundation
import Git
import RichText
import Testing

@testable import NoteStore

@Suite("Merging device branches")
struct SyncMergeTests {
  private func note(_ store: Store, _ name: String) throws -> NotePath { try store.resolveNote(name) }
  private func text(_ store: Store, _ name: String) throws -> String { try store.body(of: try note(store, name)).plainText }

  @Test("a device that only fetched changes fast-forwards")
  func fastForward() throws {
    let group = try DeviceGroup(devices: ["laptop", "phone"])
    try group["phone"].createNote(title: "Groceries", content: .plainText("milk"))
    let report = try group.sync("phone", into: "laptop")
    #expect(report.fastForwarded == ["phone"])
    #expect(report.merged.isEmpty)
    #expect(report.changed == ["Groceries"])
    #expect(try text(try group["laptop"], "Groceries") == "milk")
    #expect(try group["laptop"].unsavedChanges().isEmpty)
  }

  @Test("edits to different notes merge without conflict, in a merge commit with both parents")
  func disjointEdits() throws {
    let group = try DeviceGroup(devices: ["laptop", "phone"])
    try group["laptop"].createNote(title: "A", content: .plainText("from laptop"))
    try group["phone"].createNote(title: "B", content: .plainText("from phone"))
    let report = try group.sync("phone", into: "laptop")
    #expect(report.merged == ["phone"])
    #expect(report.conflicts.isEmpty)
    let laptop = try group["laptop"]
    #expect(try text(laptop, "A") == "from laptop")
    #expect(try text(laptop, "B") == "from phone")
    let head = try #require(try laptop.headCommit())
    let commit = try laptop.repository.commit(head)
    #expect(commit.parents.count == 2)
    #expect(commit.summary == "Merge changes to B from phone")
  }

  @Test("changes to different files of one package merge; the same body changed on both sides is a conflict")
  func packageFiles() throws {
    let group = try DeviceGroup(devices: ["laptop", "phone"])
    let laptop = try group["laptop"]
    try laptop.createNote(title: "Trip", content: .plainText("plan"))
    try group.sync("laptop", into: "phone")
    let phone = try group["phone"]
    let file = try group.directory.write("ticket.pdf", Array("%PDF-1.4 ticket".utf8))
    try phone.attach(files: [file], to: try note(phone, "Trip"))
    try laptop.writeBody(of: try note(laptop, "Trip"), content: .plainText("plan, packed"))
    let report = try group.sync("phone", into: "laptop")
    #expect(report.conflicts.isEmpty)
    #expect(try laptop.attachments(of: try note(laptop, "Trip")).map(\.name) == ["ticket.pdf"])
    #expect(try text(laptop, "Trip") == "plan, packed")

    try group.sync("laptop", into: "phone")
    try phone.writeBody(of: try note(phone, "Trip"), content: .plainText("plan by phone"))
    Thread.sleep(forTimeInterval: 1.1)
    try laptop.writeBody(of: try note(laptop, "Trip"), content: .plainText("plan by laptop"))
    let conflicted = try group.sync("phone", into: "laptop")
    #expect(conflicted.conflicts == ["Trip"])
    let conflicts = try laptop.conflicts()
    #expect(conflicts.count == 1)
    let versions = try #require(conflicts.first).versions
    #expect(Set(versions.map(\.device)) == ["laptop", "phone"])
    #expect(versions.first { $0.isCurrent }?.device == "laptop", "the newest version is current")
    #expect(try text(laptop, "Trip") == "plan by laptop")
  }

  @Test("edits to different paragraphs of one body merge cleanly, the same on both devices")
  func bodyMerge() throws {
    let group = try DeviceGroup(devices: ["laptop", "phone"])
    try group["laptop"].createNote(title: "Plan", content: .plainText("Monday: gym\nTuesday: work\nWednesday: rest"))
    try group.sync("laptop", into: "phone")
    try group["laptop"].writeBody(of: try note(try group["laptop"], "Plan"), content: .plainText("Monday: swim\nTuesday: work\nWednesday: rest"))
    try group["phone"].writeBody(of: try note(try group["phone"], "Plan"), content: .plainText("Monday: gym\nTuesday: work\nWednesday: read"))
    try group.fetch("phone", into: "laptop")
    try group.fetch("laptop", into: "phone")
    let report = try group["laptop"].mergeFetched()
    _ = try group["phone"].mergeFetched()
    #expect(report.conflicts.isEmpty)
    #expect(try text(try group["laptop"], "Plan") == "Monday: swim\nTuesday: work\nWednesday: read")
    #expect(try group.tree("laptop") == group.tree("phone"))
    let head = try group["laptop"].repository.commit(try #require(try group["laptop"].headCommit()))
    #expect(head.summary == "Merge changes to Plan from phone")
  }

  @Test("two devices that merge the same two tips make byte-identical trees")
  func deterministic() throws {
    let group = try DeviceGroup(devices: ["laptop", "phone"])
    try group["laptop"].createNote(title: "Shared", content: .plainText("base"))
    try group.sync("laptop", into: "phone")
    try group["laptop"].writeBody(of: try note(try group["laptop"], "Shared"), content: .plainText("laptop edit"))
    try group["laptop"].createNote(title: "Only laptop", content: .plainText("x"))
    try group["phone"].writeBody(of: try note(try group["phone"], "Shared"), content: .plainText("phone edit"))
    try group["phone"].createNote(title: "Only phone", content: .plainText("y"))
    try group.fetch("phone", into: "laptop")
    try group.fetch("laptop", into: "phone")
    _ = try group["laptop"].mergeFetched()
    _ = try group["phone"].mergeFetched()
    #expect(try group.tree("laptop") == group.tree("phone"))
    // Their merge commits differ, but merging them again is clean and changes nothing.
    let again = try group.sync("phone", into: "laptop")
    #expect(again.changed.isEmpty)
    #expect(try group["laptop"].conflicts().count == 1)
  }

  @Test("a deletion on one side and an edit on the other keeps the note and records a conflict")
  func deleteVersusEdit() throws {
    let group = try DeviceGroup(devices: ["laptop", "phone"])
    try group["laptop"].createNote(title: "Draft", content: .plainText("v1"))
    try group.sync("laptop", into: "phone")
    try group["laptop"].deleteNote(try note(try group["laptop"], "Draft"))
    try group["phone"].writeBody(of: try note(try group["phone"], "Draft"), content: .plainText("v2"))
    let report = try group.sync("phone", into: "laptop")
    #expect(report.conflicts == ["Draft"])
    let laptop = try group["laptop"]
    #expect(try text(laptop, "Draft") == "v2")
    let versions = try laptop.unresolvedConflictVersions(of: try note(laptop, "Draft"))
    #expect(versions.contains { $0.isDeletion && $0.device == "laptop" })
  }

  @Test("an attachment added under one name with different content on both sides is kept twice, the same on both devices")
  func attachmentAddedOnBothSides() throws {
    let group = try DeviceGroup(devices: ["laptop", "phone"])
    try group["laptop"].createNote(title: "Pics", content: .plainText("p"))
    try group.sync("laptop", into: "phone")
    let laptopFile = try group.directory.write("a.png", [1, 2, 3])
    let taken = try group.directory.write("a 2.png", [7, 8, 9])
    try group["laptop"].attach(files: [laptopFile, taken], to: try note(try group["laptop"], "Pics"))
    try FileManager.default.createDirectory(atPath: group.directory.path + "/b", withIntermediateDirectories: true)
    let phoneFile = try group.directory.write("b/a.png", [4, 5, 6])
    try group["phone"].attach(files: [phoneFile], to: try note(try group["phone"], "Pics"))

    try syncBothWaysWithoutConflict(group)
    for device in ["laptop", "phone"] {
      let store = try group[device]
      #expect(try store.conflicts().isEmpty, "\(device)")
      let attachments = try store.attachments(of: try note(store, "Pics"))
      #expect(attachments.map(\.name) == ["a 2.png", "a 3.png", "a.png"], "\(device)")
      // Nothing is lost: each device's a.png is there, one of them under the next free number.
      let contents = try attachments.map { attachment in
        Array(try Data(contentsOf: URL(fileURLWithPath: store.root + "/Pics.note/Attachments/" + attachment.name)))
      }
      #expect(Set(contents) == [[1, 2, 3], [4, 5, 6], [7, 8, 9]], "\(device)")
    }
  }

  @Test("a third device's attachment of the same name, merged on two devices before they merge each other, is kept with all three")
  func attachmentAddedOnThreeDevices() throws {
    let group = try DeviceGroup(devices: ["laptop", "phone", "tablet"])
    try group["laptop"].createNote(title: "Pics", content: .plainText("p"))
    try group.sync("laptop", into: "phone")
    try group.sync("laptop", into: "tablet")
    // Three contents, by blob id: the tablet's sorts last, so each merge of it moves it
    // to "a 2.png" and gives "a.png" to the device's own file.
    var files: [(id: String, path: String, bytes: [UInt8])] = []
    for index in 0..<3 {
      let bytes = Array("picture \(index)".utf8)
      let path = try group.directory.write("p\(index).png", bytes)
      files.append((try group.output(["git", "hash-object", path]), path, bytes))
    }
    files.sort { $0.id < $1.id }
    for (device, file) in zip(["laptop", "phone", "tablet"], files) {
      let named = group.directory.path + "/\(device)/a.png"
      try FileManager.default.createDirectory(atPath: group.directory.path + "/\(device)", withIntermediateDirectories: true)
      try Data(file.bytes).write(to: URL(fileURLWithPath: named))
      try group[device].attach(files: [named], to: try note(try group[device], "Pics"))
    }
    try group.sync("tablet", into: "laptop")
    try group.sync("tablet", into: "phone")
    #expect(try group.sync("phone", into: "laptop").conflicts.isEmpty)
    try group.sync("laptop", into: "phone")
    try group.sync("laptop", into: "tablet")
    #expect(try group.tree("laptop") == group.tree("phone"))
    #expect(try group.tree("laptop") == group.tree("tablet"))
    let laptop = try group["laptop"]
    #expect(try laptop.conflicts().isEmpty)
    let names = try laptop.attachments(of: try note(laptop, "Pics")).map(\.name)
    #expect(names == ["a 2.png", "a 3.png", "a.png"])
    let contents = try names.map { Array(try Data(contentsOf: URL(fileURLWithPath: laptop.root + "/Pics.note/Attachments/" + $0))) }
    #expect(Set(contents) == Set(files.map(\.bytes)), "every device's picture is kept")
  }

  @Test("resolve --merge keeps both files attached under one name, when the text made the note a conflict")
  func mergeResolutionKeepsBothAttachments() throws {
    let group = try DeviceGroup(devices: ["laptop", "phone"])
    try group["laptop"].createNote(title: "Trip", content: .plainText("Hello"))
    try group.sync("laptop", into: "phone")
    for (device, bytes) in [("laptop", [UInt8]([1, 2, 3])), ("phone", [4, 5, 6])] {
      let store = try group[device]
      try FileManager.default.createDirectory(atPath: group.directory.path + "/\(device)-files", withIntermediateDirectories: true)
      let file = try group.directory.write("\(device)-files/photo.jpg", bytes)
      try store.attach(files: [file], to: try note(store, "Trip"))
      try store.writeBody(of: try note(store, "Trip"), content: .plainText("Hello \(device)"))
    }
    #expect(try group.sync("phone", into: "laptop").conflicts == ["Trip"])
    let laptop = try group["laptop"]
    _ = try laptop.mergeConflictVersions(try note(laptop, "Trip"))
    let names = try laptop.attachments(of: try note(laptop, "Trip")).map(\.name)
    #expect(names == ["photo 2.jpg", "photo.jpg"])
  }

  @Test("the same attachment added on both sides stays one file")
  func sameAttachmentAddedOnBothSides() throws {
    let group = try DeviceGroup(devices: ["laptop", "phone"])
    try group["laptop"].createNote(title: "Pics", content: .plainText("p"))
    try group.sync("laptop", into: "phone")
    let file = try group.directory.write("a.png", [1, 2, 3])
    try group["laptop"].attach(files: [file], to: try note(try group["laptop"], "Pics"))
    try group["phone"].attach(files: [file], to: try note(try group["phone"], "Pics"))
    let report = try group.sync("phone", into: "laptop")
    #expect(report.conflicts.isEmpty)
    #expect(try group["laptop"].attachments(of: try note(try group["laptop"], "Pics")).map(\.name) == ["a.png"])
  }

  @Test("an attachment changed differently on both sides is still a conflict, with every version kept")
  func attachmentEditedOnBothSides() throws {
    let group = try DeviceGroup(devices: ["laptop", "phone"])
    try group["laptop"].createNote(title: "Pics", content: .plainText("p"))
    let original = try group.directory.write("a.png", [1, 2, 3])
    try group["laptop"].attach(files: [original], to: try note(try group["laptop"], "Pics"))
    try group.sync("laptop", into: "phone")
    for (device, bytes) in [("laptop", [UInt8]([4, 5, 6])), ("phone", [7, 8, 9])] {
      let store = try group[device]
      let path = store.root + "/Pics.note/Attachments/a.png"
      try Data(bytes).write(to: URL(fileURLWithPath: path))
      try store.saveWorkingTree(message: "Edit a.png")
    }
    let report = try group.sync("phone", into: "laptop")
    #expect(report.conflicts == ["Pics"])
    let versions = try #require(try group["laptop"].conflicts().first).versions
    #expect(Set(versions.map(\.device)) == ["laptop", "phone"])
  }

  @Test("a note renamed to different names on both devices stays one note, under the newer name, the same on both")
  func renamedDifferentlyOnBothSides() throws {
    let group = try DeviceGroup(devices: ["laptop", "phone"])
    try group["laptop"].createNote(title: "Trip", content: .plainText("plan"))
    try group.sync("laptop", into: "phone")
    _ = try group["laptop"].renameNote(try note(try group["laptop"], "Trip"), to: "Paris")
    Thread.sleep(forTimeInterval: 1.1)
    _ = try group["phone"].renameNote(try note(try group["phone"], "Trip"), to: "Rome")

    try syncBothWaysWithoutConflict(group)
    for device in ["laptop", "phone"] {
      let store = try group[device]
      #expect(try store.notes().map(\.name) == ["Rome"], "\(device): one note, under the newer rename's name")
      #expect(try text(store, "Rome") == "plan")
      #expect(!FileManager.default.fileExists(atPath: store.root + "/Paris.note"), "\(device)")
    }
  }

  @Test("a note renamed on both devices and edited on one stays one note, with the edit, under the newer change's name")
  func renamedOnBothSidesAndEdited() throws {
    let group = try DeviceGroup(devices: ["laptop", "phone"])
    try group["laptop"].createNote(title: "Trip", content: .plainText("plan"))
    try group.sync("laptop", into: "phone")
    let paris = try group["laptop"].renameNote(try note(try group["laptop"], "Trip"), to: "Paris")
    try group["laptop"].writeBody(of: paris, content: .plainText("plan for Paris"))
    Thread.sleep(forTimeInterval: 1.1)
    _ = try group["phone"].renameNote(try note(try group["phone"], "Trip"), to: "Rome")

    try syncBothWaysWithoutConflict(group)
    for device in ["laptop", "phone"] {
      let store = try group[device]
      #expect(try store.notes().map(\.name) == ["Rome"], "\(device): one note, under the name of the newer change")
      #expect(try text(store, "Rome") == "plan for Paris", "\(device): the edit made under the other name")
    }
  }

  @Test("resolving keeps the chosen version, removes the record and says how in trailers; the next sync carries it")
  func resolve() throws {
    let group = try twoVersionConflict()
    let laptop = try group["laptop"]
    let kept = try laptop.resolveConflict(try note(laptop, "N"), .keepTheirs)
    #expect(kept.device == "phone")
    #expect(try text(laptop, "N") == "theirs")
    #expect(try laptop.conflicts().isEmpty)
    let head = try laptop.repository.commit(try #require(try laptop.headCommit()))
    #expect(head.trailers.contains(Trailer(key: "Resolution", value: "keep-theirs")))
    #expect(head.trailers.contains(Trailer(key: "Device", value: "laptop")))
    try group.sync("laptop", into: "phone")
    #expect(try group["phone"].conflicts().isEmpty)
    #expect(try text(try group["phone"], "N") == "theirs")
    #expect(try group.tree("laptop") == group.tree("phone"))
  }

  /// Syncs the phone into the laptop and back, and expects no conflict and the same
  /// tree on both.
  private func syncBothWaysWithoutConflict(_ group: DeviceGroup) throws {
    #expect(try group.sync("phone", into: "laptop").conflicts.isEmpty)
    try group.sync("laptop", into: "phone")
    #expect(try group.tree("laptop") == group.tree("phone"), "both devices hold the same tree")
  }

  /// Note N written "mine" on a laptop and "theirs" on a phone, merged on the laptop:
  /// one conflict with two versions.
  private func twoVersionConflict() throws -> DeviceGroup {
    let group = try DeviceGroup(devices: ["laptop", "phone"])
    try group["laptop"].createNote(title: "N", content: .plainText("base"))
    try group.sync("laptop", into: "phone")
    try group["laptop"].writeBody(of: try note(try group["laptop"], "N"), content: .plainText("mine"))
    try group["phone"].writeBody(of: try note(try group["phone"], "N"), content: .plainText("theirs"))
    try group.sync("phone", into: "laptop")
    return group
  }

  /// Note N written differently on a laptop, a phone and a tablet, merged on the laptop:
  /// one conflict with three versions.
  private func threeVersionConflict(base: String = "base", edit: (String) -> String = { "by \($0)" }) throws -> DeviceGroup {
    let group = try DeviceGroup(devices: ["laptop", "phone", "tablet"])
    try group["laptop"].createNote(title: "N", content: .plainText(base))
    try group.sync("laptop", into: "phone")
    try group.sync("laptop", into: "tablet")
    for device in ["laptop", "phone", "tablet"] {
      try group[device].writeBody(of: try note(try group[device], "N"), content: .plainText(edit(device)))
    }
    try group.fetch("phone", into: "laptop")
    try group.fetch("tablet", into: "laptop")
    _ = try group["laptop"].mergeFetched()
    return group
  }

  @Test("three devices can hold three versions of one note, and keep-theirs then asks for a version")
  func threeVersions() throws {
    let group = try threeVersionConflict()
    let laptop = try group["laptop"]
    let conflict = try #require(try laptop.conflicts().first)
    #expect(Set(conflict.versions.map(\.device)) == ["laptop", "phone", "tablet"])
    #expect(throws: NoteStoreError.self) { try laptop.resolveConflict(try note(laptop, "N"), .keepTheirs) }
    let tablet = try #require(conflict.versions.first { $0.device == "tablet" })
    try laptop.resolveConflict(try note(laptop, "N"), .version(String(tablet.id.prefix(6))))
    #expect(try text(laptop, "N") == "by tablet")
  }

  @Test("resolve --merge of three versions labels the markers around what is merged so far with every device in it")
  func threeVersionMergeLabels() throws {
    let group = try threeVersionConflict()
    let laptop = try group["laptop"]
    guard case .markers = try laptop.mergeConflictVersions(try note(laptop, "N")) else {
      Issue.record("three different one-line edits merged without markers")
      return
    }
    let lines = try text(laptop, "N").split(separator: "\n").map(String.init)
    let order = try #require(try laptop.conflicts().first).versions
      .sorted { ($0.modificationDate, $0.device, $0.id) < ($1.modificationDate, $1.device, $1.id) }.map(\.device)
    #expect(lines.first == "<<<<<<< \(order[0]) + \(order[1])", "\(lines)")
    #expect(lines.last == ">>>>>>> \(order[2])", "\(lines)")
    #expect(lines.contains("<<<<<<< \(order[0])") && lines.contains(">>>>>>> \(order[1])"), "\(lines)")
  }

  @Test("resolve --merge of three versions that share a word nests the first merge's markers whole inside the second's")
  func threeVersionMergeNests() throws {
    let group = try threeVersionConflict(base: "Eggs") { "Eggs \($0)" }
    let laptop = try group["laptop"]
    guard case .markers(let hunks, _) = try laptop.mergeConflictVersions(try note(laptop, "N")) else {
      Issue.record("three different edits of one word merged without markers")
      return
    }
    #expect(hunks == 2)
    let order = try #require(try laptop.conflicts().first).versions
      .sorted { ($0.modificationDate, $0.device, $0.id) < ($1.modificationDate, $1.device, $1.id) }.map(\.device)
    let expected = [
      "<<<<<<< \(order[0]) + \(order[1])",
      "<<<<<<< \(order[0])", "Eggs \(order[0])", "=======", "Eggs \(order[1])", ">>>>>>> \(order[1])",
      "=======", "Eggs \(order[2])", ">>>>>>> \(order[2])",
    ]
    #expect(try text(laptop, "N").split(separator: "\n").map(String.init) == expected)
  }

  @Test("a note in conflict cannot be renamed, moved or deleted until it is resolved: its record would name no note")
  func conflictedNoteStaysPut() throws {
    let group = try twoVersionConflict()
    let laptop = try group["laptop"]
    let conflicted = try note(laptop, "N")
    let head = try laptop.headCommit()
    #expect(throws: NoteStoreError.self) { try laptop.renameNote(conflicted, to: "M") }
    #expect(throws: NoteStoreError.self) { try laptop.moveNote(conflicted, to: NotePath(packagePath: "Work/N.note")) }
    #expect(throws: NoteStoreError.self) { try laptop.deleteNote(conflicted) }
    #expect(try laptop.headCommit() == head, "nothing was committed")
    do {
      try laptop.deleteNote(conflicted)
    } catch let error as NoteStoreError {
      #expect("\(error)".contains("\"N\" has unresolved conflict versions") && "\(error)".contains("notes resolve"))
    }
    _ = try laptop.resolveConflict(conflicted, .keepMine)
    _ = try laptop.renameNote(conflicted, to: "M")
    #expect(try laptop.notes().map(\.name) == ["M"])
  }

  @Test("under the latest policy the newest version wins and no conflict is recorded")
  func latestPolicy() throws {
    let group = try DeviceGroup(devices: ["laptop", "phone"])
    try group["laptop"].createNote(title: "N", content: .plainText("base"))
    try group.sync("laptop", into: "phone")
    try group["laptop"].writeBody(of: try note(try group["laptop"], "N"), content: .plainText("older"))
    Thread.sleep(forTimeInterval: 1.1)
    try group["phone"].writeBody(of: try note(try group["phone"], "N"), content: .plainText("newer"))
    let report = try group.sync("phone", into: "laptop", policy: .latest)
    #expect(report.conflicts.isEmpty)
    #expect(try text(try group["laptop"], "N") == "newer")
  }

  @Test("a merge that would delete most notes is refused unless allowed")
  func massDelete() throws {
    let group = try DeviceGroup(devices: ["laptop", "phone"])
    try group["laptop"].importNotes((0..<30).map { (title: "N\($0)", content: NoteContent.plainText("\($0)")) })
    try group.sync("laptop", into: "phone")
    for index in 0..<25 { try group["phone"].deleteNote(try note(try group["phone"], "N\(index)")) }
    try group["laptop"].createNote(title: "Extra", content: .plainText("keeps the histories apart"))
    let before = try group.tree("laptop")
    let refused = try group.sync("phone", into: "laptop")
    #expect(refused.rejected.map(\.rule) == ["massDelete"])
    #expect(refused.isPartial)
    #expect(try group.tree("laptop") == before)
    var options = SyncOptions()
    options.allowMassDelete = true
    _ = try group["laptop"].mergeFetched(options)
    #expect(try group["laptop"].notes().count == 6)
  }

  @Test("criss-cross merges converge without new conflicts")
  func crissCross() throws {
    let group = try DeviceGroup(devices: ["laptop", "phone"])
    try group["laptop"].createNote(title: "A", content: .plainText("a"))
    try group.sync("laptop", into: "phone")
    try group["laptop"].createNote(title: "L", content: .plainText("l"))
    try group["phone"].createNote(title: "P", content: .plainText("p"))
    try group.fetch("phone", into: "laptop")
    try group.fetch("laptop", into: "phone")
    _ = try group["laptop"].mergeFetched()
    _ = try group["phone"].mergeFetched()
    try group["laptop"].writeBody(of: try note(try group["laptop"], "A"), content: .plainText("a2"))
    try group["phone"].createNote(title: "Q", content: .plainText("q"))
    try group.sync("phone", into: "laptop")
    try group.sync("laptop", into: "phone")
    #expect(try group["laptop"].conflicts().isEmpty)
    #expect(try group.tree("laptop") == group.tree("phone"))
    #expect(try text(try group["phone"], "A") == "a2")
  }
}

@Suite("Merging renames")
struct SyncRenameTests {
  private func text(_ store: Store, _ name: String) throws -> String { try store.body(of: try store.resolveNote(name)).plainText }

  /// The laptop and the phone, both holding the note Shopping with `text`.
  private func sharedShopping(_ text: String) throws -> (group: DeviceGroup, laptop: Store, phone: Store) {
    let group = try DeviceGroup(devices: ["laptop", "phone"])
    let laptop = try group["laptop"]
    try laptop.createNote(title: "Shopping", content: .plainText(text))
    try group.sync("laptop", into: "phone")
    return (group, laptop, try group["phone"])
  }

  @Test("a note renamed twice and edited on one device, and edited elsewhere on the other, is one note with both edits")
  func renamedTwiceAndEditedAgainstEdit() throws {
    let (group, laptop, phone) = try sharedShopping("milk\neggs\nbread")
    let groceries = try laptop.renameNote(try laptop.resolveNote("Shopping"), to: "Groceries")
    try laptop.writeBody(of: groceries, content: .plainText("milk\neggs\nbread and butter"))
    _ = try laptop.renameNote(groceries, to: "Food")
    try phone.writeBody(of: try phone.resolveNote("Shopping"), content: .plainText("oat milk\neggs\nbread"))

    #expect(try group.sync("phone", into: "laptop").conflicts.isEmpty)
    #expect(try group.sync("laptop", into: "phone").conflicts.isEmpty)
    for store in [laptop, phone] {
      #expect(try store.notes().map(\.name) == ["Food"])
      #expect(try text(store, "Food") == "oat milk\neggs\nbread and butter")
    }
    #expect(try group.tree("laptop") == group.tree("phone"))
  }

  @Test("a note renamed to the same name on both devices and edited on each merges against its old version")
  func renamedAlikeOnBothSides() throws {
    let (group, laptop, phone) = try sharedShopping("milk\neggs\nbread")
    let onLaptop = try laptop.renameNote(try laptop.resolveNote("Shopping"), to: "Groceries")
    try laptop.writeBody(of: onLaptop, content: .plainText("oat milk\neggs\nbread"))
    let onPhone = try phone.renameNote(try phone.resolveNote("Shopping"), to: "Groceries")
    try phone.writeBody(of: onPhone, content: .plainText("milk\neggs\nrye bread"))

    #expect(try group.sync("phone", into: "laptop").conflicts.isEmpty)
    #expect(try group.sync("laptop", into: "phone").conflicts.isEmpty)
    for store in [laptop, phone] {
      #expect(try store.notes().map(\.name) == ["Groceries"])
      #expect(try text(store, "Groceries") == "oat milk\neggs\nrye bread")
    }
  }

  @Test("a note renamed on one device and edited in the same words on both is one conflict, each version dated and named")
  func renamedAndConflicting() throws {
    let (group, laptop, phone) = try sharedShopping("milk\neggs\nbread")
    let groceries = try laptop.renameNote(try laptop.resolveNote("Shopping"), to: "Groceries")
    try laptop.writeBody(of: groceries, content: .plainText("oat milk\neggs\nbread"))
    try phone.writeBody(of: try phone.resolveNote("Shopping"), content: .plainText("soy milk\neggs\nbread"))

    #expect(try group.sync("phone", into: "laptop").conflicts == ["Groceries"])
    #expect(try laptop.notes().map(\.name) == ["Groceries"])
    let conflict = try #require(try laptop.conflicts().first)
    #expect(Set(conflict.versions.map(\.device)) == ["laptop", "phone"])
    #expect(conflict.versions.allSatisfy { $0.modificationDate > Date(timeIntervalSince1970: 1_000_000_000) })
    #expect(Set(conflict.versions.map(\.commit)).count == 2)
  }

  @Test("a note moved and edited by hand in one save is still the same note when the other device edited it")
  func renamedWithEditInOneCommit() throws {
    let (group, laptop, phone) = try sharedShopping("milk\neggs\nbread\napples\npears")
    try FileManager.default.moveItem(atPath: laptop.root + "/Shopping.note", toPath: laptop.root + "/Groceries.note")
    let body = laptop.root + "/Groceries.note/Text.rtf"
    let rtf = try String(contentsOfFile: body, encoding: .utf8)
    try rtf.replacingOccurrences(of: "pears", with: "pears and plums").write(toFile: body, atomically: true, encoding: .utf8)
    _ = try laptop.saveWorkingTree()
    try phone.writeBody(of: try phone.resolveNote("Shopping"), content: .plainText("oat milk\neggs\nbread\napples\npears"))

    #expect(try group.sync("phone", into: "laptop").conflicts.isEmpty)
    #expect(try laptop.notes().map(\.name) == ["Groceries"])
    #expect(try text(laptop, "Groceries") == "oat milk\neggs\nbread\napples\npears and plums")
  }

  @Test("a short note deleted and another of different text made by hand in one save are no rename: the edit elsewhere stays its own")
  func unrelatedNotesInOneSaveAreNoRename() throws {
    let (group, laptop, phone) = try sharedShopping("Buy eggs")
    try FileManager.default.removeItem(atPath: laptop.root + "/Shopping.note")
    try FileManager.default.createDirectory(atPath: laptop.root + "/Dentist.note", withIntermediateDirectories: false)
    try Data(RTFWriter().write(AttributedText(plainText: "Call the dentist")))
      .write(to: URL(fileURLWithPath: laptop.root + "/Dentist.note/Text.rtf"))
    _ = try laptop.saveWorkingTree()
    try phone.writeBody(of: try phone.resolveNote("Shopping"), content: .plainText("Buy eggs and milk"))

    #expect(try group.sync("phone", into: "laptop").conflicts == ["Shopping"])
    #expect(try text(laptop, "Dentist") == "Call the dentist")
    #expect(try text(laptop, "Shopping") == "Buy eggs and milk")
  }

  @Test("a note deleted and another created in later commits is no rename: the edit elsewhere keeps the deleted note, in conflict")
  func deletedAndCreatedIsNoRename() throws {
    let (group, laptop, phone) = try sharedShopping("milk\neggs\nbread")
    try laptop.deleteNote(try laptop.resolveNote("Shopping"))
    // As like the deleted note as a rename with an edit, but made in a commit of its own.
    try laptop.createNote(title: "Groceries", content: .plainText("milk\neggs\nbread\nbutter"))
    try phone.writeBody(of: try phone.resolveNote("Shopping"), content: .plainText("milk\neggs\nbread\ncheese"))

    let report = try group.sync("phone", into: "laptop")
    #expect(report.conflicts == ["Shopping"])
    #expect(Set(try laptop.notes().map(\.name)) == ["Groceries", "Shopping"])
    #expect(try text(laptop, "Groceries") == "milk\neggs\nbread\nbutter")
    #expect(try text(laptop, "Shopping") == "milk\neggs\nbread\ncheese")
  }

  @Test("a note renamed on one device and edited on the other keeps the new name and the edit, on both devices")
  func renameAndEdit() throws {
    let (group, laptop, phone) = try sharedShopping("milk")
    try laptop.renameNote(try laptop.resolveNote("Shopping"), to: "Groceries")
    try phone.writeBody(of: try phone.resolveNote("Shopping"), content: .plainText("milk and eggs"))
    try group.fetch("phone", into: "laptop")
    try group.fetch("laptop", into: "phone")
    let report = try laptop.mergeFetched()
    _ = try phone.mergeFetched()
    #expect(report.conflicts.isEmpty)
    #expect(try laptop.notes().map(\.name) == ["Groceries"])
    #expect(try laptop.body(of: try laptop.resolveNote("Groceries")).plainText == "milk and eggs")
    #expect(try group.tree("laptop") == group.tree("phone"))
  }
}
