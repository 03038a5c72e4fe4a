import Foundation

/// A name as one word of a command a user may paste into a POSIX shell: bare when it
/// holds only letters, digits and `._/-`, otherwise in single quotes (a `'` inside
/// written as `'\''`).
enum ShellWord {
  static func quoted(_ text: String) -> String {
    let plain = !text.isEmpty && !text.hasPrefix("-") && text.unicodeScalars.allSatisfy { scalar in
      (scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar))) || "._/-".unicodeScalars.contains(scalar)
    }
    return plain ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }
}
