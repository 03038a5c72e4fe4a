import Foundation
import NoteStore
import Testing

@testable import NotesCLI

/// `notes log` lines up its columns: the change column is as wide as its longest entry
/// (a rename names the old note), up to a bound past which one line overflows alone.
@Suite("Log layout")
struct LogLayoutTests {
  @Test("the change column fits its longest entry, between 16 and 40 characters")
  func changeColumnWidth() {
    #expect(HistoryStyle.whatWidth(["created", "edited"]) == 16)
    #expect(HistoryStyle.whatWidth(["created", "renamed from Work/A"]) == 19)
    #expect(HistoryStyle.whatWidth(["renamed from " + String(repeating: "x", count: 60)]) == 40)
    #expect(HistoryStyle.whatWidth([]) == 16)
  }

  @Test("lines of one log put the note names in one column")
  func notesAligned() {
    let whats = ["renamed from Work/A", "created"]
    let width = HistoryStyle.whatWidth(whats)
    let lines = whats.map { what in
      HistoryStyle.logLine(
        commit: "4086017b", date: "2026-12-05 02:52", device: "laptop", note: "Work/A/Sub", change: .renamed, what: what,
        whatWidth: width, terminal: Terminal(useColor: false))
    }
    let columns = lines.map { $0.range(of: "Work/A/Sub")?.lowerBound.utf16Offset(in: $0) }
    #expect(columns[0] != nil && columns[0] == columns[1], "\(lines)")
  }
}
