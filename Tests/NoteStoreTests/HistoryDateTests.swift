import Foundation
import Testing

@testable import NoteStore

@Suite("History dates")
struct HistoryDateTests {
  /// 2026-11-03 15:30:00 UTC, a Tuesday.
  static let now = Date(timeIntervalSince1970: 1_793_719_800)
  static let utc = TimeZone(identifier: "UTC") ?? .current

  struct Case: Sendable, CustomStringConvertible {
    var text: String
    var start: String?
    var end: String?
    var description: String { text }
  }

  static let cases: [Case] = [
    Case(text: "2026-11-01", start: "2026-11-01T00:00:00Z", end: "2026-11-01T23:59:59Z"),
    Case(text: "2026-11-01T14:00", start: "2026-11-01T14:00:00Z", end: "2026-11-01T14:00:59Z"),
    Case(text: "2026-11-01 14:00:30", start: "2026-11-01T14:00:30Z", end: "2026-11-01T14:00:30Z"),
    Case(text: "2026-11-01T14:00:00Z", start: "2026-11-01T14:00:00Z", end: "2026-11-01T14:00:00Z"),
    Case(text: "yesterday", start: "2026-11-02T00:00:00Z", end: "2026-11-02T23:59:59Z"),
    Case(text: "today", start: "2026-11-03T00:00:00Z", end: "2026-11-03T23:59:59Z"),
    Case(text: "now", start: "2026-11-03T15:30:00Z", end: "2026-11-03T15:30:00Z"),
    Case(text: "3 days ago", start: "2026-10-31T15:30:00Z", end: "2026-10-31T15:30:00Z"),
    Case(text: "1 hour ago", start: "2026-11-03T14:30:00Z", end: "2026-11-03T14:30:00Z"),
    Case(text: "2 weeks ago", start: "2026-10-20T15:30:00Z", end: "2026-10-20T15:30:00Z"),
    Case(text: "2026-02-30", start: nil, end: nil),
    Case(text: "3 fortnights ago", start: nil, end: nil),
    Case(text: "3f2a9c", start: nil, end: nil),
    Case(text: "2026-11-01T25:00", start: nil, end: nil),
  ]

  @Test("dates, times and relative times read against a fixed clock", arguments: cases)
  func parse(_ example: Case) throws {
    let parsed = HistoryDate.parse(example.text, now: Self.now, timeZone: Self.utc)
    let iso = ISO8601DateFormatter()
    #expect(parsed.map { iso.string(from: $0.start) } == example.start)
    #expect(parsed.map { iso.string(from: $0.end) } == example.end)
  }
}
