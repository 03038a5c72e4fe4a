internal import CGdkPixbuf

/// Writes image files (PNG, JPEG) through gdk-pixbuf.
enum ImageEncoder {
  /// An image file of `format` (`png`, `jpeg`) with gdk-pixbuf's saver options.
  static func encode(
    _ pixels: inout [UInt8], width: Int, height: Int, channels: Int, format: String, options: [(String, String)]
  ) throws(QuickLookError) -> [UInt8] {
    _ = try DrawingLibraries.require()
    guard width > 0, height > 0, pixels.count >= width * height * channels else {
      throw QuickLookError(library: .gdkPixbuf, function: "gdk_pixbuf_new_from_data", message: "the picture is empty")
    }
    return try pixels.withUnsafeMutableBufferPointer { buffer throws(QuickLookError) -> [UInt8] in
      guard
        let made = libgdkPixbuf.gdk_pixbuf_new_from_data(
          buffer.baseAddress, GDK_COLORSPACE_RGB, channels == 4 ? 1 : 0, 8, Int32(width), Int32(height),
          Int32(width * channels), nil, nil)
      else {
        throw QuickLookError(library: .gdkPixbuf, function: "gdk_pixbuf_new_from_data", message: "no pixbuf was made")
      }
      // The pixbuf borrows `buffer`: it is released before this closure returns.
      let pixbuf = Pixbuf(taking: made)
      var keys: [UnsafeMutablePointer<CChar>?] = options.map { strdup($0.0) } + [nil]
      var values: [UnsafeMutablePointer<CChar>?] = options.map { strdup($0.1) } + [nil]
      defer { (keys + values).forEach { free($0) } }
      var output: UnsafeMutablePointer<CChar>?
      var size = 0
      var error: UnsafeMutablePointer<GError>?
      let saved = libgdkPixbuf.gdk_pixbuf_save_to_bufferv(pixbuf.pointer, &output, &size, format, &keys, &values, &error)
      withExtendedLifetime(pixbuf) {}
      guard saved != 0, let output else { throw QuickLookError.taking(error, .gdkPixbuf, "gdk_pixbuf_save_to_bufferv") }
      defer { libgdkPixbuf.g_free(output) }
      return output.withMemoryRebound(to: UInt8.self, capacity: size) { Array(UnsafeBufferPointer(start: $0, count: size)) }
    }
  }
}
