internal import CMagic
import Foundation

/// Tells a file's type from its content through libmagic, with the file name's
/// extension as a fallback and a refinement.
///
/// Loading libmagic's database takes a few milliseconds, so make one detector and ask
/// it about many files. A detector is not thread-safe: use it from one thread at a time.
///
/// ```swift
/// let detector = try ContentTypeDetector()
/// detector.type(ofFileNamed: "photo.jpg", content: bytes)  // image/jpeg
/// ```
public final class ContentTypeDetector {
  private let cookie: OwnedHandle<OpaquePointer>
  private let libmagic: notes_magic_functions

  /// How many leading bytes of a file libmagic looks at.
  public static let bytesExamined = 1 << 20

  /// Opens libmagic with its default database, asking for MIME types.
  ///
  /// - Throws: ``QuickLookError`` from `magic_open` or `magic_load` (no database found),
  ///   or from `dlopen` when libmagic is not installed.
  ///
  /// The corresponding libmagic functions are `magic_open` and `magic_load`.
  public init() throws {
    let libmagic = try MagicLibrary.require()
    // Compressed files are typed as themselves (application/gzip), not by what they hold.
    // The ELF check only adds details to the human description, never to the MIME type.
    let flags = MAGIC_MIME_TYPE | MAGIC_NO_CHECK_COMPRESS | MAGIC_NO_CHECK_ELF | MAGIC_ERROR
    guard let made = libmagic.magic_open(flags) else {
      throw QuickLookError(
        library: .magic, function: "magic_open", message: String(cString: strerror(errno)))
    }
    let owned = OwnedHandle(made, release: { libmagic.magic_close($0) })
    if libmagic.magic_load(owned.pointer, nil) != 0 {
      throw Self.lastError(libmagic, owned.pointer, "magic_load")
    }
    cookie = owned
    self.libmagic = libmagic
  }

  /// The type libmagic reads from `content` alone.
  ///
  /// - Throws: ``QuickLookError`` with libmagic's message when it cannot examine the bytes.
  ///
  /// The corresponding libmagic function is `magic_buffer`.
  public func type(ofContent content: [UInt8]) throws -> ContentType {
    if content.isEmpty { return .empty }
    let count = min(content.count, Self.bytesExamined)
    let answer = content.withUnsafeBytes { libmagic.magic_buffer(cookie.pointer, $0.baseAddress, count) }
    guard let answer else { throw Self.lastError(libmagic, cookie.pointer, "magic_buffer") }
    return ContentType(String(cString: answer))
  }

  /// The type of a file called `name` holding `content`: what libmagic reads from the
  /// content, refined by the extension where the extension names a more specific type
  /// of the same kind (`notes.md`: `text/markdown`, not `text/plain`; `report.docx`
  /// rather than `application/zip`), and the extension's type where the content says
  /// nothing more than "data" — unless the extension claims text, because bytes that
  /// are not text never become text by their name.
  public func type(ofFileNamed name: String, content: [UInt8]) throws -> ContentType {
    let sniffed = try type(ofContent: content)
    return Self.combine(sniffed: sniffed, byExtension: ContentType(fileExtensionOf: name))
  }

  /// The rule of ``type(ofFileNamed:content:)`` on its two inputs: what libmagic read
  /// from the content (``type(ofContent:)``) and the type the name's extension names.
  public static func combine(sniffed: ContentType, byExtension: ContentType?) -> ContentType {
    guard let byExtension, byExtension != sniffed else { return sniffed }
    switch sniffed {
    case .empty:
      return byExtension
    case .data:
      return byExtension.conforms(to: .text) ? sniffed : byExtension
    default:
      return byExtension.conforms(to: sniffed) ? byExtension : sniffed
    }
  }

  /// The version of libmagic (and so of its database, which comes with it), such as 544:
  /// a type read from content stays true for as long as this does not change.
  ///
  /// The corresponding libmagic function is `magic_version`.
  /// 0 when libmagic cannot be loaded (no detector can be made then either).
  public static var libraryVersion: Int {
    guard let libmagic = try? MagicLibrary.require() else { return 0 }
    return Int(libmagic.magic_version())
  }

  private static func lastError(_ libmagic: notes_magic_functions, _ cookie: OpaquePointer, _ function: StaticString) -> QuickLookError {
    let message = libmagic.magic_error(cookie).map { String(cString: $0) }
    return QuickLookError(
      library: .magic, function: function.description,
      message: message ?? "failed (errno \(libmagic.magic_errno(cookie)))")
  }
}
