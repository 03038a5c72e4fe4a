import Testing

@testable import NoteStore

@Suite("Commit messages")
struct CommitMessageTests {
  @Test("a message is the summary, a blank line, then the trailers")
  func layout() throws {
    let message = CommitMessage(
      summary: "Attach receipt.jpg to Shopping", device: try DeviceName("laptop"), notes: ["Shopping.note"])
    #expect(message.text == "Attach receipt.jpg to Shopping\n\nDevice: laptop\nNote: Shopping.note\n")
  }

  @Test("newlines in a summary cannot forge trailers")
  func oneLineSummary() throws {
    let message = CommitMessage(summary: "Edit A\n\nDevice: evil", device: try DeviceName("laptop"))
    #expect(message.text.hasPrefix("Edit A  Device: evil\n\nDevice: laptop\n"))
  }
}
