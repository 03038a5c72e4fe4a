import Foundation

/// A device's name: the `<name>` of its branch `refs/heads/devices/<name>`.
///
/// Device names match `[A-Za-z0-9._-]{1,64}` and are not `.` or `..`, and do not end
/// in `.lock` (git reserves it).
public struct DeviceName: Hashable, Sendable, CustomStringConvertible, Comparable {
  /// The name.
  public let rawValue: String

  /// Validates `name`.
  /// - Throws: `NoteStoreError.invalidDeviceName`.
  public init(_ name: String) throws(NoteStoreError) {
    let allowed = name.utf8.allSatisfy { byte in
      (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A)
        || (byte >= 0x61 && byte <= 0x7A) || byte == 0x2E || byte == 0x5F || byte == 0x2D
    }
    guard allowed, (1...64).contains(name.utf8.count), name != ".", name != "..",
      !name.hasSuffix(".lock"), !name.hasPrefix("."), !name.contains("..")
    else { throw .invalidDeviceName(name) }
    rawValue = name
  }

  /// The device's branch, `refs/heads/devices/<name>`.
  public var branch: String { "refs/heads/devices/" + rawValue }

  public var description: String { rawValue }

  public static func < (lhs: DeviceName, rhs: DeviceName) -> Bool { lhs.rawValue < rhs.rawValue }

  /// The default device name: this machine's host name, reduced to the allowed
  /// characters (others become `-`), or `device` when nothing is left.
  public static func fromHostName(_ hostName: String = ProcessInfo.processInfo.hostName) -> DeviceName {
    let short = hostName.split(separator: ".").first.map(String.init) ?? hostName
    var cleaned = String(
      short.unicodeScalars.map { scalar -> Character in
        let allowed = scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || "._-".unicodeScalars.contains(scalar))
        return allowed ? Character(scalar) : "-"
      })
    cleaned = String(cleaned.prefix(64))
    while cleaned.hasPrefix(".") { cleaned.removeFirst() }
    if let name = try? DeviceName(cleaned) { return name }
    // "device" is valid by the rules above.
    return (try? DeviceName("device")) ?? DeviceName(unchecked: "device")
  }

  private init(unchecked: String) { rawValue = unchecked }
}
