import Foundation
import Testing

/// Files an operating system leaves in folders on its own (Finder's `.DS_Store`,
/// AppleDouble `._` files, LibreOffice's lock files) are never taken for part of a
/// note: status, save and plain git pass them by.
@Suite("Files the operating system makes in note packages")
struct OperatingSystemFilesTests {
  static let junk = ["Idea.note/.DS_Store", "Idea.note/Attachments/.DS_Store", "Idea.note/._Text.rtf", ".DS_Store",
    "Idea.note/Attachments/.~lock.plan.odt#"]

  @Test("a .DS_Store in a package and its Attachments, and others like it, neither show as changes nor stop a save")
  func passedBy() throws {
    let sandbox = try Sandbox()
    let store = try sandbox.makeStore()
    #expect(sandbox.notes("-C", store, "new", "Idea", "--text", "first").status == 0)
    #expect(sandbox.notes("-C", store, "attach", "Idea", try sandbox.writeFile("plan.txt", "plan")).status == 0)
    for path in Self.junk { try Data("junk".utf8).write(to: URL(fileURLWithPath: store + "/" + path)) }
    let head = sandbox.head(store)
    let status = sandbox.notes("-C", store, "status")
    #expect(status.status == 0, "\(status.stderr)")
    #expect(!status.stdout.contains("Idea"), "\(status.stdout)")
    let saved = sandbox.notes("-C", store, "save")
    #expect(saved.status == 0, "\(saved.stderr)")
    #expect(sandbox.head(store) == head)
    #expect(sandbox.git("status", "--porcelain", in: store).stdout.isEmpty)
    // A real edit beside them is saved, and they stay out of the commit.
    let text = store + "/Idea.note/Text.rtf"
    try Data(#"{\rtf1\ansi second\par}"#.utf8).write(to: URL(fileURLWithPath: text))
    let edited = sandbox.notes("-C", store, "save")
    #expect(edited.status == 0, "\(edited.stderr)")
    #expect(sandbox.head(store) != head)
    let files = sandbox.git("ls-tree", "-r", "--name-only", "HEAD", in: store).stdout
    #expect(!files.contains("DS_Store") && !files.contains("._") && !files.contains("lock"), "\(files)")
  }

  @Test("a store made before the rule gets it when it is opened")
  func olderStore() throws {
    let sandbox = try Sandbox()
    let store = try sandbox.makeStore()
    #expect(sandbox.notes("-C", store, "new", "Idea", "--text", "first").status == 0)
    try Data("# git's own\n".utf8).write(to: URL(fileURLWithPath: store + "/.git/info/exclude"))
    try Data("junk".utf8).write(to: URL(fileURLWithPath: store + "/Idea.note/.DS_Store"))
    let saved = sandbox.notes("-C", store, "save")
    #expect(saved.status == 0, "\(saved.stderr)")
    let exclude = try String(contentsOfFile: store + "/.git/info/exclude", encoding: .utf8)
    #expect(exclude.hasPrefix("# git's own\n") && exclude.contains(".DS_Store\n"), "\(exclude)")
    #expect(sandbox.git("status", "--porcelain", in: store).stdout.isEmpty)
  }
}
