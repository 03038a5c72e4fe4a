import Foundation

/// The rules every note and attachment name follows (DESIGN §2): any Unicode text
/// without `/`, NUL or control characters, not starting with `.`, at most 255 bytes
/// of UTF-8, and not empty.
enum EntryName {
  /// The longest name in UTF-8 bytes.
  static let maxBytes = 255

  /// Throws `NoteStoreError.invalidName` when `name` breaks a rule.
  static func validate(_ name: String, suffix: String = "") throws(NoteStoreError) {
    if name.isEmpty { throw .invalidName(name, reason: "a name cannot be empty") }
    if name.hasPrefix(".") { throw .invalidName(name, reason: "a name cannot start with '.'") }
    if name.contains("/") { throw .invalidName(name, reason: "a name cannot contain '/'") }
    if name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
      throw .invalidName(name, reason: "a name cannot contain control characters")
    }
    if name.trimmingCharacters(in: .whitespaces).isEmpty {
      throw .invalidName(name, reason: "a name cannot be only spaces")
    }
    if (name + suffix).utf8.count > maxBytes {
      throw .invalidName(name, reason: "a name can be at most \(maxBytes - suffix.utf8.count) bytes long")
    }
  }
}
