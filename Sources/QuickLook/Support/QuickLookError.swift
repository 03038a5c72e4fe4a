/// An error reported by one of the C libraries QuickLook draws with, with the function
/// that failed and the library's own message.
///
/// ```swift
/// do { _ = try ContentTypeDetector() }
/// catch let error as QuickLookError where error.library == .magic { … }
/// ```
public struct QuickLookError: Error, Sendable, CustomStringConvertible {
  /// The library that failed.
  public var library: Library
  /// The C function that failed, such as `magic_load` or `cairo_image_surface_create`.
  public var function: String
  /// The library's message (`magic_error`, `cairo_status_to_string`, a `GError`'s text).
  public var message: String

  /// Creates an error from its parts.
  public init(library: Library, function: String, message: String) {
    self.library = library
    self.function = function
    self.message = message
  }

  /// The C libraries behind QuickLook.
  public enum Library: String, Sendable, Hashable, CaseIterable {
    /// libmagic: content types.
    case magic
    /// cairo: drawing and PNG output.
    case cairo
    /// pango: text layout.
    case pango
    /// gdk-pixbuf: decoding and encoding images.
    case gdkPixbuf = "gdk-pixbuf"
    /// zlib: compressing thumbnails (PNG files).
    case zlib
  }

  /// `library: function: message`, for example
  /// `libmagic: magic_load: could not find any valid magic files!`.
  public var description: String {
    let name = library == .magic ? "libmagic" : library.rawValue
    return "\(name): \(function): \(message)"
  }
}
