import Foundation

/// A moment or stretch of time as a user writes it on the command line, read against a
/// clock: `2026-11-01` (that whole day), `2026-11-01T14:00` (that minute), a full ISO
/// 8601 time, `now`, `today`, `yesterday`, or `3 days ago` (minutes, hours, days,
/// weeks, months, years; singular or plural).
///
/// The one date parser of `log --since/--until`, `show --at` and `restore --to`.
public struct HistoryDate: Sendable, Hashable {
  /// The first moment the expression covers.
  public var start: Date
  /// The last moment it covers (equal to `start` for an exact moment).
  public var end: Date

  /// Reads `text` against `now` in `timeZone`; nil when it is not a date.
  public static func parse(_ text: String, now: Date, timeZone: TimeZone = .current) -> HistoryDate? {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    let words = text.lowercased().split(whereSeparator: { $0 == " " || $0 == "." || $0 == "_" }).map(String.init)
    switch words {
    case ["now"]:
      return HistoryDate(start: now, end: now)
    case ["today"]:
      return day(containing: now, calendar: calendar)
    case ["yesterday"]:
      return calendar.date(byAdding: .day, value: -1, to: now).flatMap { day(containing: $0, calendar: calendar) }
    default:
      break
    }
    if words.count == 3, words[2] == "ago", let count = Int(words[0]), count >= 0, let unit = unit(words[1]) {
      guard let moment = calendar.date(byAdding: unit, value: -count, to: now) else { return nil }
      return HistoryDate(start: moment, end: moment)
    }
    return absolute(text, calendar: calendar)
  }

  private static func unit(_ word: String) -> Calendar.Component? {
    let singular = word.hasSuffix("s") ? String(word.dropLast()) : word
    switch singular {
    case "second": return .second
    case "minute": return .minute
    case "hour": return .hour
    case "day": return .day
    case "week": return .weekOfYear
    case "month": return .month
    case "year": return .year
    default: return nil
    }
  }

  private static func day(containing date: Date, calendar: Calendar) -> HistoryDate? {
    let start = calendar.startOfDay(for: date)
    guard let next = calendar.date(byAdding: .day, value: 1, to: start) else { return nil }
    return HistoryDate(start: start, end: next.addingTimeInterval(-1))
  }

  /// `YYYY-MM-DD`, `YYYY-MM-DDTHH:MM`, `YYYY-MM-DDTHH:MM:SS` (also with a space for
  /// the `T`), local time; or a full ISO 8601 time with a zone.
  private static func absolute(_ text: String, calendar: Calendar) -> HistoryDate? {
    let iso = ISO8601DateFormatter()
    if let exact = iso.date(from: text) { return HistoryDate(start: exact, end: exact) }
    let parts = text.split(whereSeparator: { $0 == "T" || $0 == " " }).map(String.init)
    guard (1...2).contains(parts.count) else { return nil }
    let day = parts[0].split(separator: "-").map { Int($0) }
    guard day.count == 3, let year = day[0], let month = day[1], let dayOfMonth = day[2],
      parts[0].count == 10
    else { return nil }
    var components = DateComponents(year: year, month: month, day: dayOfMonth)
    var length: Calendar.Component = .day
    if parts.count == 2 {
      let time = parts[1].split(separator: ":").map { Int($0) }
      guard (2...3).contains(time.count), let hour = time[0], let minute = time[1] else { return nil }
      components.hour = hour
      components.minute = minute
      length = .minute
      if time.count == 3 {
        guard let second = time[2] else { return nil }
        components.second = second
        length = .second
      }
    }
    guard let start = calendar.date(from: components),
      let next = calendar.date(byAdding: length, value: 1, to: start)
    else { return nil }
    // 2026-02-30 would roll over to March: refuse it instead.
    let check = calendar.dateComponents([.year, .month, .day], from: start)
    guard check.year == year, check.month == month, check.day == dayOfMonth else { return nil }
    return HistoryDate(start: start, end: next.addingTimeInterval(-1))
  }
}
