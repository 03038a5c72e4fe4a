internal import CCairo
internal import CGdkPixbuf

/// The funnel for cairo status codes: anything but success becomes a ``QuickLookError``
/// carrying cairo's own text for the status.
@inline(__always)
func checkCairo(_ status: cairo_status_t, _ function: StaticString) throws(QuickLookError) {
  guard status != CAIRO_STATUS_SUCCESS else { return }
  throw QuickLookError(
    library: .cairo, function: function.description, message: libcairo.cairo_status_to_string(status).map { String(cString: $0) } ?? "status \(status.rawValue)")
}

extension QuickLookError {
  /// Takes a `GError` a GLib-based library reported (freeing it) and makes an error of
  /// its message; a missing `GError` becomes a message built from the function name.
  static func taking(
    _ error: UnsafeMutablePointer<GError>?, _ library: Library, _ function: StaticString
  ) -> QuickLookError {
    guard let error else {
      return QuickLookError(library: library, function: function.description, message: "failed without a message")
    }
    defer { libgdkPixbuf.g_error_free(error) }
    let message = error.pointee.message.map { String(cString: $0) } ?? ""
    return QuickLookError(
      library: library, function: function.description, message: message.isEmpty ? "failed without a message" : message)
  }
}
