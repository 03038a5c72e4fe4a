import Foundation
import Git
import RichText
import Testing

@testable import NoteStore

@Suite("History octopus merges")
struct HistoryOctopusTests {
  /// Commits `text` as the body of note `title` on `branch` of the store at `root`, as
  /// `author`, with the git CLI.
  static func commitBody(
    _ text: String, of title: String, by author: String, on branch: String, in root: String, git: DeviceGroup
  ) throws {
    _ = try git.output(["git", "-C", root, "checkout", "-q", branch])
    let body = RTFWriter().write(AttributedText(plainText: text))
    try Data(body).write(to: URL(fileURLWithPath: root + "/\(title).note/Text.rtf"))
    _ = try git.output([
      "git", "-C", root, "-c", "user.name=\(author)", "-c", "user.email=\(author)@example.com", "commit", "-qam",
      "\(author) edits \(title)",
    ])
  }

  /// A store whose branch ends in a merge of three parents made by `git merge b1 b2`:
  /// the device branch edits Alpha, b1 (by One) edits Beta, b2 (by Two) edits Gamma.
  static func octopusStore(_ directory: TemporaryDirectory) throws -> (store: Store, git: DeviceGroup) {
    let store = try Store.create(at: directory.path + "/store", device: try DeviceName("laptop"))
    for title in ["Alpha", "Beta", "Gamma"] {
      _ = try store.createNote(title: title, content: .plainText("\(title) first\n\(title) second\n\(title) third"))
    }
    let git = try DeviceGroup(devices: [])
    let root = store.root
    func edit(_ title: String, _ text: String, by author: String, on branch: String) throws {
      try Self.commitBody(text, of: title, by: author, on: branch, in: root, git: git)
    }
    _ = try git.output(["git", "-C", root, "branch", "b1"])
    _ = try git.output(["git", "-C", root, "branch", "b2"])
    try edit("Beta", "Beta first\nBeta second by One\nBeta third", by: "One", on: "b1")
    try edit("Gamma", "Gamma first\nGamma second\nGamma third by Two", by: "Two", on: "b2")
    try edit("Alpha", "Alpha first by Me\nAlpha second\nAlpha third", by: "Me", on: String(store.device.branch.dropFirst("refs/heads/".count)))
    _ = try git.output([
      "git", "-C", root, "-c", "user.name=Me", "-c", "user.email=me@example.com", "merge", "-q", "--no-edit", "b1", "b2",
    ])
    let parents = try git.output(["git", "-C", root, "rev-list", "--parents", "-n", "1", "HEAD"])
    try #require(parents.split(separator: " ").count == 4, "git merge b1 b2 made an octopus merge")
    return (try Store.open(at: root), git)
  }

  /// What the history commands say about the three notes.
  static func answers(_ store: Store) throws -> [String] {
    var result: [String] = []
    for title in ["Alpha", "Beta", "Gamma"] {
      let note = NotePath(packagePath: title + ".note")
      let log = try store.log(of: note)
      result.append(title + " log: " + log.map { "\($0.change.rawValue) by \($0.author)" }.joined(separator: ", "))
      result.append(title + " versions: \(try store.versions(of: note).count)")
      result.append(title + " blame: " + (try store.blame(note)).map(\.author).joined(separator: ", "))
    }
    return result
  }

  @Test("a merge whose note differs from every parent is new content in the log; one that takes a parent's is not")
  func mergedContent() throws {
    let directory = try TemporaryDirectory()
    let store = try Store.create(at: directory.path + "/store", device: try DeviceName("laptop"))
    for title in ["Alpha", "Beta"] {
      _ = try store.createNote(title: title, content: .plainText("\(title) first\n\(title) second\n\(title) third"))
    }
    let git = try DeviceGroup(devices: [])
    let root = store.root
    let branch = String(store.device.branch.dropFirst("refs/heads/".count))
    func edit(_ title: String, _ text: String, by author: String, on branch: String) throws {
      try Self.commitBody(text, of: title, by: author, on: branch, in: root, git: git)
    }
    _ = try git.output(["git", "-C", root, "branch", "b1"])
    // Alpha: both sides edit other paragraphs, so the merge holds a body neither parent has.
    try edit("Alpha", "Alpha first\nAlpha second\nAlpha third by One", by: "One", on: "b1")
    try edit("Beta", "Beta first by One\nBeta second\nBeta third", by: "One", on: "b1")
    try edit("Alpha", "Alpha first by Me\nAlpha second\nAlpha third", by: "Me", on: branch)
    _ = try git.output([
      "git", "-C", root, "-c", "user.name=Me", "-c", "user.email=me@example.com", "merge", "-q", "--no-edit", "b1",
    ])
    let merged = try git.output(["git", "-C", root, "show", "HEAD:Alpha.note/Text.rtf"])
    try #require(merged.contains("by Me") && merged.contains("by One"), "git merged both edits of Alpha")
    for reopened in [try Store.open(at: root), try { () throws -> Store in
      try store.rebuildHistoryIndex()
      return try Store.open(at: root)
    }()] {
      let alpha = try reopened.log(of: NotePath(packagePath: "Alpha.note")).map(\.change)
      let beta = try reopened.log(of: NotePath(packagePath: "Beta.note")).map(\.change)
      #expect(alpha.first == .merged, "Alpha: \(alpha)")
      #expect(alpha.filter { $0 == .merged }.count == 1, "Alpha: \(alpha)")
      #expect(!beta.contains(.merged), "Beta, taken from b1 as it was: \(beta)")
    }
  }

  @Test("an octopus merge: log, versions and blame name the branch that made each change, before and after a rebuild")
  func octopusAttribution() throws {
    let directory = try TemporaryDirectory()
    let (store, git) = try Self.octopusStore(directory)
    let head = try #require(try store.headCommit())
    // Who made the notes: the author of the first commit, as git tells it.
    let author = try #require(
      try git.output(["git", "-C", store.root, "log", "--reverse", "--format=%an"]).split(separator: "\n").first
        .map(String.init))
    let expected = [
      "Alpha log: edited by Me, created by \(author)", "Alpha versions: 2",
      "Alpha blame: Me, \(author), \(author)",
      "Beta log: edited by One, created by \(author)", "Beta versions: 2",
      "Beta blame: \(author), One, \(author)",
      "Gamma log: edited by Two, created by \(author)", "Gamma versions: 2",
      "Gamma blame: \(author), \(author), Two",
    ]
    let answers = try Self.answers(store)
    #expect(answers == expected, "\(answers)")
    let index = try store.noteHistory.index()
    let merge = try #require(index.position(of: head))
    #expect(index.commits[merge].parents.count == 3)

    try store.rebuildHistoryIndex()
    let reopened = try Store.open(at: store.root)
    let rebuiltAnswers = try Self.answers(reopened)
    #expect(rebuiltAnswers == expected, "\(rebuiltAnswers)")
    let rebuilt = try reopened.noteHistory.index()
    let position = try #require(rebuilt.position(of: head))
    #expect(rebuilt.base != nil, "the rebuilt index is read from its base file")
    #expect(rebuilt.commits[position].parents.count == 3)
  }
}
