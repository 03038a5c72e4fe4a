import Foundation
import Git
import RichText
import Testing

@testable import NoteStore

@Suite("Search")
struct SearchTests {
  /// A store with notes covering accents, case, width, CJK, formatting runs and folders.
  private func store(_ directory: TemporaryDirectory) throws -> Store {
    let store = try StoreTests.makeStore(directory)
    try store.createNote(title: "Café", content: .plainText("Un café crème\nle matin"))
    try store.createNote(title: "Shopping", content: .plainText("Oat MILK\nEggs\nTea"))
    try store.createNote(title: "Tokyo", content: .plainText("今日は東京タワーに行く\nｆｕｌｌ ＷＩＤＴＨ"))
    try store.createNote(
      title: "Formatted", content: .rtf(Array(#"{\rtf1\ansi Buy oat mi{\b lk} and br{\i ea}d\par}"#.utf8)))
    try store.createNote(title: "Work/Plan", content: .plainText("Milk for the office"))
    return store
  }

  struct Case: Sendable, CustomTestStringConvertible {
    var id: String
    var words: [String]
    var folder: String? = nil
    /// NOTE:LINE of each hit, in order.
    var expected: [String]
    var testDescription: String { id }
  }

  static let cases: [Case] = [
    Case(id: "case does not matter", words: ["milk"], expected: ["Formatted:1", "Shopping:1", "Work/Plan:1"]),
    Case(id: "accents do not matter", words: ["CAFE"], expected: ["Café:0", "Café:1"]),
    Case(id: "an accented query finds plain letters too", words: ["crème"], expected: ["Café:1"]),
    Case(id: "a word split by a bold run is found", words: ["milk"], folder: nil, expected: ["Formatted:1", "Shopping:1", "Work/Plan:1"]),
    Case(id: "a word split by an italic run is found", words: ["bread"], expected: ["Formatted:1"]),
    Case(id: "CJK text without spaces is found", words: ["東京"], expected: ["Tokyo:1"]),
    Case(id: "several CJK words must all occur", words: ["タワー", "行く"], expected: ["Tokyo:1"]),
    Case(id: "full-width letters match plain ones", words: ["width"], expected: ["Tokyo:2"]),
    Case(id: "every word must occur in the note", words: ["milk", "tea"], expected: ["Shopping:1", "Shopping:3"]),
    Case(id: "a word in the name counts", words: ["shopping", "eggs"], expected: ["Shopping:0", "Shopping:2"]),
    Case(id: "a folder limits the search", words: ["milk"], folder: "Work", expected: ["Work/Plan:1"]),
    Case(id: "nothing matches", words: ["zebra"], expected: []),
  ]

  @Test("search finds words across case, accents, width, formatting and scripts", arguments: cases)
  func finds(_ testCase: Case) throws {
    let directory = try TemporaryDirectory()
    let store = try store(directory)
    let hits = try store.search(SearchQuery(words: testCase.words, folder: testCase.folder))
    #expect(hits.map { "\($0.note):\($0.line)" } == testCase.expected)
    // A second search reads the cache and finds the same.
    let again = try store.search(SearchQuery(words: testCase.words, folder: testCase.folder))
    #expect(again == hits)
  }

  @Test("each hit carries its line as context and where the words are in it")
  func contextAndMatches() throws {
    let directory = try TemporaryDirectory()
    let store = try store(directory)
    let hit = try #require(try store.search(SearchQuery(words: ["creme"])).first)
    #expect(hit.text == "Un café crème")
    #expect(hit.matches == [8..<13])
    let formatted = try #require(try store.search(SearchQuery(words: ["milk"])).first { $0.note == "Formatted" })
    #expect(formatted.text == "Buy oat milk and bread")
    #expect(formatted.matches == [8..<12])
  }

  @Test("the plain-text cache lives under .git, and a damaged cache is rebuilt")
  func cache() throws {
    let directory = try TemporaryDirectory()
    let store = try store(directory)
    _ = try store.search(SearchQuery(words: ["milk"]))
    let cache = store.gitDirectory + "/notes-search/plaintext"
    #expect(FileManager.default.fileExists(atPath: cache))
    try Data("NSPTC02\ngarbage".utf8).write(to: URL(fileURLWithPath: cache))
    #expect(try store.search(SearchQuery(words: ["milk"])).count == 3)
  }

  @Test("a cache record whose bytes were damaged is computed again, never answered from")
  func damagedCacheRecord() throws {
    let directory = try TemporaryDirectory()
    let store = try store(directory)
    let expected = try store.search(SearchQuery(words: ["milk"]))
    let cache = URL(fileURLWithPath: store.gitDirectory + "/notes-search/plaintext")
    // Every "milk" in the cached texts becomes "mxlk": the file still parses.
    var bytes = [UInt8](try Data(contentsOf: cache))
    for index in bytes.indices.dropLast(3) where bytes[index...].starts(with: Array("milk".utf8)) {
      bytes[index + 1] = UInt8(ascii: "x")
    }
    try Data(bytes).write(to: cache)
    #expect(try store.search(SearchQuery(words: ["milk"])) == expected)
    #expect(expected.count == 3)
  }

  @Test("--all-versions finds words only old versions hold, each body once, with its commit")
  func allVersions() throws {
    let directory = try TemporaryDirectory()
    let store = try store(directory)
    let note = try store.resolveNote("Shopping")
    try store.writeBody(of: note, content: .plainText("Oat milk\nBread"))
    try store.writeBody(of: note, content: .plainText("Rice\nBread"))
    #expect(try store.search(SearchQuery(words: ["eggs"])).isEmpty)
    let old = try store.search(SearchQuery(words: ["eggs"], allVersions: true))
    #expect(old.map { "\($0.note):\($0.line)" } == ["Shopping:2"])
    let version = try #require(old.first?.version)
    let repository = try Repository.open(at: store.root)
    #expect(try repository.commit(try #require(ObjectID(hex: version.commit))).summary == "Create Shopping")
    #expect(version.device == "laptop")
    // A line the current text still holds comes once, without a version.
    let bread = try store.search(SearchQuery(words: ["bread"], allVersions: true))
    #expect(bread.filter { $0.version == nil }.map(\.note) == ["Formatted", "Shopping"])
    #expect(bread.filter { $0.version != nil }.isEmpty)
    // A line several old versions held is reported once, for the newest that held it;
    // old versions come newest first.
    let oat = try store.search(SearchQuery(words: ["oat"], allVersions: true)).filter { $0.version != nil }
    #expect(oat.map { "\($0.note):\($0.line):\($0.text)" } == ["Shopping:1:Oat milk", "Shopping:1:Oat MILK"])
    let milk = try store.search(SearchQuery(words: ["milk"], allVersions: true)).filter { $0.version != nil }
    #expect(milk.map(\.text) == ["Oat milk", "Oat MILK"])
  }

  struct HistoryCase: Sendable, CustomTestStringConvertible {
    var id: String
    /// Changes after the notes are made, applied in order.
    var steps: @Sendable (Store) throws -> Void
    var word: String
    /// NOTE:LINE (name in that version) of each old-version hit.
    var expected: [String]
    var testDescription: String { id }
  }

  static let historyCases: [HistoryCase] = [
    HistoryCase(
      id: "a word only an edited-away version holds",
      steps: { store in try store.writeBody(of: try store.resolveNote("Shopping"), content: .plainText("Rice")) },
      word: "eggs", expected: ["Shopping:2 (Shopping)"]),
    HistoryCase(
      id: "a word in a deleted note",
      steps: { store in try store.deleteNote(try store.resolveNote("Shopping")) },
      word: "eggs", expected: ["Shopping:2 (Shopping)"]),
    HistoryCase(
      id: "a word in a renamed note's version before the rename",
      steps: { store in
        try store.writeBody(of: try store.resolveNote("Shopping"), content: .plainText("Rice"))
        _ = try store.renameNote(try store.resolveNote("Shopping"), to: "Groceries")
        try store.writeBody(of: try store.resolveNote("Groceries"), content: .plainText("Rice\nBeans"))
      },
      word: "eggs", expected: ["Groceries:2 (Shopping)"]),
    HistoryCase(
      id: "a word in a version made after the rename, by the new name",
      steps: { store in
        _ = try store.renameNote(try store.resolveNote("Shopping"), to: "Groceries")
        try store.writeBody(of: try store.resolveNote("Groceries"), content: .plainText("Lentils"))
        try store.writeBody(of: try store.resolveNote("Groceries"), content: .plainText("Rice"))
      },
      word: "lentils", expected: ["Groceries:1 (Groceries)"]),
  ]

  @Test("--all-versions reads old versions through the history index", arguments: historyCases)
  func allVersionsThroughTheIndex(_ testCase: HistoryCase) throws {
    let directory = try TemporaryDirectory()
    let store = try store(directory)
    try testCase.steps(store)
    #expect(try store.search(SearchQuery(words: [testCase.word])).isEmpty)
    let hits = try store.search(SearchQuery(words: [testCase.word], allVersions: true))
    #expect(hits.map { "\($0.note):\($0.line) (\($0.version?.name ?? "current"))" } == testCase.expected)
    // The version is one `notes versions`/`log` knows: its commit is in the index.
    let logged = Set(try store.log(of: nil).map(\.commit))
    for hit in hits { #expect(logged.contains(try #require(hit.version).commit)) }
  }

  @Test("--all-versions finds words in versions only a fetched device branch holds, named by that device")
  func allVersionsOnAFetchedBranch() throws {
    let group = try DeviceGroup(devices: ["laptop", "phone"])
    let phone = try group["phone"]
    let trip = try phone.createNote(title: "Trip", content: .plainText("Passport\nTickets"))
    try phone.writeBody(of: trip, content: .plainText("Tickets"))
    try group.fetch("phone", into: "laptop")
    let laptop = try group["laptop"]
    // Not merged: the laptop's own notes do not hold the note at all.
    #expect(try laptop.search(SearchQuery(words: ["passport"])).isEmpty)
    let hits = try laptop.search(SearchQuery(words: ["passport"], allVersions: true))
    #expect(hits.map { "\($0.note):\($0.line):\($0.text)" } == ["Trip:1:Passport"])
    let version = try #require(hits.first?.version)
    #expect(version.device == "phone")
    let repository = try Repository.open(at: laptop.root)
    #expect(try repository.commit(try #require(ObjectID(hex: version.commit))).summary == "Create Trip")
  }

  @Test("versions that share a body are searched once: one hit, named by the newest, each body read once")
  func versionsSharingABody() throws {
    let directory = try TemporaryDirectory()
    let store = try store(directory)
    let note = try store.resolveNote("Shopping")
    let file = directory.path + "/receipt.txt"
    try Data("receipt".utf8).write(to: URL(fileURLWithPath: file))
    _ = try store.attach(files: [file], to: note)
    let other = directory.path + "/list.txt"
    try Data("list".utf8).write(to: URL(fileURLWithPath: other))
    _ = try store.attach(files: [other], to: note)
    try store.writeBody(of: note, content: .plainText("Rice"))
    // No search has run yet: nothing is cached, so every body read is counted.
    #expect(!FileManager.default.fileExists(atPath: store.gitDirectory + "/notes-search"))
    let (hits, bodiesRead) = try store.searchCountingReads(SearchQuery(words: ["eggs"], allVersions: true))
    #expect(hits.map { "\($0.note):\($0.line):\($0.text)" } == ["Shopping:2:Eggs"])
    let version = try #require(hits.first?.version)
    let repository = try Repository.open(at: store.root)
    #expect(try repository.commit(try #require(ObjectID(hex: version.commit))).summary == "Attach list.txt to Shopping")
    // Five current bodies and the one old body the three old versions share.
    #expect(bodiesRead == 6)
  }

  @Test(
    "match ranges count characters of the original line",
    arguments: [
      ("Un café crème", "creme", [8..<13]), ("cafe\u{301} au lait", "cafe", [0..<4]),
      ("“Quoted” milk, MILK", "milk", [9..<13, 15..<19]), ("ＣＡＦＥ noir", "cafe", [0..<4]),
      ("東京タワー", "タワー", [2..<5]),
    ] as [(String, String, [Range<Int>])])
  func matchRanges(_ line: String, _ word: String, _ expected: [Range<Int>]) {
    let needle = Array(SearchFolding.fold(word).utf8)
    #expect(SearchFolding.matchRanges(in: line, needles: [needle]) == expected)
  }

  @Test("a long line is cut around its match, and the match range points at the word", arguments: ["é", "e"])
  func longLines(_ filler: String) throws {
    let directory = try TemporaryDirectory()
    let store = try StoreTests.makeStore(directory)
    let line = String(repeating: "caf\(filler) ", count: 150) + "Zèbre" + String(repeating: " thé", count: 150)
    try store.createNote(title: "Long", content: .plainText(line))
    let hit = try #require(try store.search(SearchQuery(words: ["zebre"])).first)
    #expect(hit.text.count <= 162)
    #expect(hit.text.hasPrefix("…") && hit.text.hasSuffix("…"))
    let range = try #require(hit.matches.first)
    #expect(String(Array(hit.text)[range]) == "Zèbre")
  }
}
