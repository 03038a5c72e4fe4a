import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A moment as the human tables show it, `2026-11-29 10:00`: local time (`TZ`, else
/// `/etc/localtime`, as `TimeZone.current` reads them), Gregorian, to the minute.
///
/// Made from the C library's `localtime_r` instead of a `DateFormatter`: opening ICU's
/// date formatter (its locale data and pattern parser) cost more than the rest of a short
/// `notes log`, and the tables always show this one fixed layout with ASCII digits.
enum LocalMinuteFormat {
  /// `date` in local time as `yyyy-MM-dd HH:mm`; in UTC when the C library cannot
  /// convert it to local time (a year beyond its range).
  static func string(from date: Date) -> String {
    var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
    var parts = tm()
    if localtime_r(&seconds, &parts) == nil && gmtime_r(&seconds, &parts) == nil {
      return String(Int64(seconds))
    }
    var text = ""
    text.reserveCapacity(16)
    text += padded(Int(parts.tm_year) + 1900, 4) + "-" + padded(Int(parts.tm_mon) + 1, 2) + "-"
    text += padded(Int(parts.tm_mday), 2) + " " + padded(Int(parts.tm_hour), 2) + ":" + padded(Int(parts.tm_min), 2)
    return text
  }

  /// `value` with leading zeros to `width` digits (a minus sign first when negative).
  private static func padded(_ value: Int, _ width: Int) -> String {
    let digits = String(value.magnitude)
    let zeros = String(repeating: "0", count: max(0, width - digits.count))
    return (value < 0 ? "-" : "") + zeros + digits
  }
}
