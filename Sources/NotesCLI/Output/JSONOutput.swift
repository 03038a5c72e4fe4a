import Foundation

/// The one way `notes` turns values into `--json` output.
///
/// Keys are sorted, dates are ISO 8601 in UTC (`2026-01-31T09:30:00Z`), and slashes are not
/// escaped (paths stay readable). The output is always pretty-printed, whether or not
/// standard output is a terminal: the same command gives byte-identical output in a pipe
/// and on screen, which keeps golden files and script diffs simple, while people can still
/// read it and `jq -c` compacts it when one line per record is wanted.
public enum JSONOutput {
  /// The JSON text for `value`, without a trailing newline.
  ///
  /// - Throws: `EncodingError` when `value` cannot be encoded (for example a non-finite
  ///   `Double`).
  public static func encode<T: Encodable>(_ value: T) throws -> String {
    let data = try makeEncoder().encode(value)
    return String(decoding: data, as: UTF8.self)
  }

  /// The encoder behind ``encode(_:)``, for callers that need `Data`.
  public static func makeEncoder() -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .iso8601
    return encoder
  }
}
