/// Text from outside (note names, paths, remote messages) made safe to print: every
/// control character becomes a visible escape, so a crafted name cannot move the
/// cursor, recolour the terminal or hide text.
public enum TerminalText {
  /// `text` with C0 and C1 control characters and DEL as `\xHH` (`\u{HHHH}` above
  /// 0xFF); tabs and newlines too, since names never hold them.
  public static func escaped(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isControl) else { return text }
    var result = ""
    for scalar in text.unicodeScalars {
      if isControl(scalar) {
        let hex = String(scalar.value, radix: 16, uppercase: false)
        result += scalar.value <= 0xFF ? "\\x" + String(repeating: "0", count: 2 - hex.count) + hex : "\\u{\(hex)}"
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// Whether a scalar is a control character: C0, DEL, C1, and the bidirectional
  /// overrides that can reorder what a terminal shows.
  static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
  }
}
