import Foundation

/// The one way `notes` turns values into `--json` output.
///
/// Keys are sorted, dates are ISO 8601 in UTC (`2026-01-31T09:30:00Z`), and slashes are not
/// escaped (paths stay readable). The output is always pretty-printed, whether or not
/// standard output is a terminal: the same command gives byte-identical output in a pipe
/// and on screen, which keeps golden files and script diffs simple, while people can still
/// read it and `jq -c` compacts it when one line per record is wanted.
///
/// The layout is ours rather than `JSONEncoder`'s `.prettyPrinted` (which writes
/// `"key" : value` and spreads `[]` over three lines, differently across Foundation
/// versions): two-space indent, `"key": value`, and `[]`/`{}` for empty containers, the
/// way `jq` prints.
public enum JSONOutput {
  /// The JSON text for `value`, without a trailing newline.
  ///
  /// - Throws: `EncodingError` when `value` cannot be encoded (for example a non-finite
  ///   `Double`).
  public static func encode<T: Encodable>(_ value: T) throws -> String {
    let compact = try makeEncoder().encode(value)
    return String(decoding: JSONLayout.indented(Array(compact)), as: UTF8.self)
  }

  /// The encoder behind ``encode(_:)``: sorted keys, ISO 8601 dates, unescaped slashes, and
  /// compact output (one line) for callers that need `Data`.
  public static func makeEncoder() -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .iso8601
    return encoder
  }
}

/// Re-indents compact JSON.
enum JSONLayout {
  /// `compact` (JSON with no whitespace outside strings) laid out with two-space indent.
  ///
  /// Works on UTF-8 bytes: every structural character is ASCII, and no byte of a multi-byte
  /// sequence is, so strings pass through untouched.
  static func indented(_ compact: [UInt8]) -> [UInt8] {
    let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")
    var output: [UInt8] = []
    output.reserveCapacity(compact.count * 2)
    var depth = 0
    var inString = false
    var escaped = false
    var index = 0

    func newline() {
      output.append(UInt8(ascii: "\n"))
      output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: depth * 2))
    }

    while index < compact.count {
      let byte = compact[index]
      index += 1
      if inString {
        output.append(byte)
        if escaped {
          escaped = false
        } else if byte == backslash {
          escaped = true
        } else if byte == quote {
          inString = false
        }
        continue
      }
      switch byte {
      case quote:
        inString = true
        output.append(byte)
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        output.append(byte)
        let closing = byte == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
        if index < compact.count && compact[index] == closing {
          output.append(closing)
          index += 1
        } else {
          depth += 1
          newline()
        }
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        depth -= 1
        newline()
        output.append(byte)
      case UInt8(ascii: ","):
        output.append(byte)
        newline()
      case UInt8(ascii: ":"):
        output.append(contentsOf: [byte, UInt8(ascii: " ")])
      default:
        output.append(byte)
      }
    }
    return output
  }
}
