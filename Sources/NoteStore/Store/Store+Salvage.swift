import Foundation
import RichText

extension Store {
  /// The committed body as plain text, also when no RTF reader can parse it: then the
  /// text is what can be recovered from the bytes (their text with RTF control words
  /// and groups left out) and `problem` says why, so `notes show` still shows the
  /// words of a damaged note.
  public func readableBody(of note: NotePath) throws -> ReadableBody {
    let data = try bodyData(of: note)
    do {
      return ReadableBody(text: try RTFReader().read(data).text.plainText, problem: nil)
    } catch {
      return ReadableBody(text: BodySalvage.text(of: data), problem: "\(error)")
    }
  }
}

/// Recovers readable words from bytes that are not readable RTF.
enum BodySalvage {
  /// The bytes' text: control words (`\b`, `\fs24 `), `\'hh` escapes (as Windows-1252)
  /// and braces dropped or decoded; anything that is not RTF decoded as UTF-8.
  static func text(of bytes: [UInt8]) -> String {
    guard bytes.contains(UInt8(ascii: "\\")) || bytes.contains(UInt8(ascii: "{")) else {
      return String(decoding: bytes, as: UTF8.self)
    }
    var output: [UInt8] = []
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "{"), UInt8(ascii: "}"), 0x0D, 0x0A:
        index += 1
      case UInt8(ascii: "\\"):
        index += 1
        guard index < bytes.count else { break }
        let next = bytes[index]
        if next == UInt8(ascii: "'"), index + 2 < bytes.count,
          let value = UInt8(String(decoding: bytes[(index + 1)...(index + 2)], as: UTF8.self), radix: 16)
        {
          output.append(contentsOf: Array(String(Character(Unicode.Scalar(value))).utf8))
          index += 3
        } else if (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(next) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(next) {
          var end = index
          while end < bytes.count, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(bytes[end]) { end += 1 }
          let word = String(decoding: bytes[index..<end], as: UTF8.self)
          while end < bytes.count, bytes[end] == UInt8(ascii: "-") || (0x30...0x39).contains(bytes[end]) { end += 1 }
          if end < bytes.count, bytes[end] == 0x20 { end += 1 }
          if word == "par" || word == "line" { output.append(0x0A) }
          if word == "tab" { output.append(0x09) }
          index = end
        } else {
          output.append(next)
          index += 1
        }
      default:
        output.append(byte)
        index += 1
      }
    }
    return String(decoding: output, as: UTF8.self)
  }
}
