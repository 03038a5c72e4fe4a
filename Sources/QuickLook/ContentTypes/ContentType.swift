import Foundation

/// A file's type as a MIME type (`image/png`, `application/pdf`, …), with a
/// conformance question in the spirit of Apple's uniform type identifiers.
///
/// ```swift
/// let type = ContentType("text/markdown")
/// type.conforms(to: .text)       // true
/// type.conforms(to: .plainText)  // true
/// ContentType.png.conforms(to: .image)  // true
/// ```
public struct ContentType: Hashable, Sendable, Comparable, CustomStringConvertible, Codable {
  /// The MIME type in lower case, such as `image/png`; a wildcard such as `image/*`
  /// names a whole family.
  public let mimeType: String

  /// Creates a type from a MIME type; parameters (`; charset=…`) are dropped and case
  /// is folded. Anything that is not `type/subtype` becomes `application/octet-stream`.
  public init(_ mimeType: String) {
    let bare = mimeType.split(separator: ";", maxSplits: 1).first.map(String.init) ?? ""
    let folded = bare.trimmingCharacters(in: .whitespaces).lowercased()
    let parts = folded.split(separator: "/", omittingEmptySubsequences: false)
    if parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty {
      self.mimeType = folded
    } else {
      self.mimeType = "application/octet-stream"
    }
  }

  /// The part before the slash: `image` for `image/png`.
  public var topLevel: String { String(mimeType.prefix { $0 != "/" }) }
  /// The part after the slash: `png` for `image/png`.
  public var subtype: String { String(mimeType.drop { $0 != "/" }.dropFirst()) }

  /// Whether a file of this type is also of type `other`: itself, its family
  /// (`image/png` conforms to ``image``), its declared parents (`text/markdown` conforms
  /// to ``plainText``, `…wordprocessingml.document` to ``zip``, `image/svg+xml` to
  /// ``xml``), and ``data`` (everything is data).
  public func conforms(to other: ContentType) -> Bool {
    if other == self || other == .data || other.mimeType == "*/*" { return true }
    return supertypes.contains(other)
  }

  /// Whether the type is an image (`image/*`).
  public var isImage: Bool { conforms(to: .image) }

  /// Every type this one conforms to besides itself and ``data``.
  public var supertypes: Set<ContentType> {
    var found: Set<ContentType> = []
    var pending = [self]
    while let type = pending.popLast() {
      for parent in type.directParents where found.insert(parent).inserted {
        pending.append(parent)
      }
    }
    return found
  }

  private var directParents: [ContentType] {
    if subtype == "*" { return [] }
    var parents = [ContentType(topLevel + "/*")]
    if let declared = Self.declaredParents[mimeType] { parents += declared.map(ContentType.init) }
    if subtype.hasSuffix("+xml") { parents.append(.xml) }
    if subtype.hasSuffix("+json") { parents.append(.json) }
    if subtype.hasSuffix("+zip") { parents.append(.zip) }
    return parents
  }

  /// Parents that the family and the `+xml`/`+json` suffixes do not say, as UTIs
  /// declare them (net.daringfireball.markdown conforms to public.plain-text, …).
  private static let declaredParents: [String: [String]] = [
    "text/markdown": ["text/plain"], "text/csv": ["text/plain"], "text/tab-separated-values": ["text/plain"],
    "text/x-markdown": ["text/plain"],
    "application/json": ["text/*"], "application/xml": ["text/*"], "application/javascript": ["text/*"],
    "application/x-sh": ["text/*"], "application/x-yaml": ["text/*"], "application/rtf": ["text/rtf"],
    "text/rtf": ["text/*"],
    "application/vnd.openxmlformats-officedocument.wordprocessingml.document": ["application/zip"],
    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": ["application/zip"],
    "application/vnd.openxmlformats-officedocument.presentationml.presentation": ["application/zip"],
    "application/vnd.oasis.opendocument.text": ["application/zip"],
    "application/vnd.oasis.opendocument.spreadsheet": ["application/zip"],
    "application/epub+zip": ["application/zip"], "application/java-archive": ["application/zip"],
    "application/zip": ["application/x-archive"], "application/x-tar": ["application/x-archive"],
    "application/gzip": ["application/x-archive"], "application/x-7z-compressed": ["application/x-archive"],
  ]

  /// The MIME type.
  public var description: String { mimeType }

  /// Orders by MIME type.
  public static func < (lhs: ContentType, rhs: ContentType) -> Bool { lhs.mimeType < rhs.mimeType }

  /// Decodes from a MIME type string.
  public init(from decoder: any Decoder) throws {
    self.init(try decoder.singleValueContainer().decode(String.self))
  }

  /// Encodes as the MIME type string.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(mimeType)
  }
}

extension ContentType {
  /// Any data: every type conforms to it (`public.data`).
  public static let data = ContentType("application/octet-stream")
  /// An empty file.
  public static let empty = ContentType("application/x-empty")
  /// Any text (`public.text`).
  public static let text = ContentType("text/*")
  /// Plain text (`public.plain-text`).
  public static let plainText = ContentType("text/plain")
  /// Any image (`public.image`).
  public static let image = ContentType("image/*")
  /// Any sound (`public.audio`).
  public static let audio = ContentType("audio/*")
  /// Any video (`public.movie`).
  public static let video = ContentType("video/*")
  /// Any archive (`public.archive`).
  public static let archive = ContentType("application/x-archive")
  /// A zip archive (`public.zip-archive`).
  public static let zip = ContentType("application/zip")
  /// XML (`public.xml`).
  public static let xml = ContentType("application/xml")
  /// JSON (`public.json`).
  public static let json = ContentType("application/json")
  /// PDF (`com.adobe.pdf`).
  public static let pdf = ContentType("application/pdf")
  /// PNG (`public.png`).
  public static let png = ContentType("image/png")
  /// JPEG (`public.jpeg`).
  public static let jpeg = ContentType("image/jpeg")
}
