import CGdkPixbuf

/// Writes PNG files through gdk-pixbuf (libpng), at a chosen zlib compression level.
///
/// cairo's own PNG writer always compresses at libpng's default level; for thumbnails,
/// which are rewritten on every save, a lower level is several times faster for files
/// a little larger.
enum PNGEncoder {
  /// The level thumbnails are written at (zlib's 0–9).
  static let thumbnailCompression = 2

  /// A PNG of 8-bit pixels, rows of `rowBytes` bytes, `channels` 3 (RGB) or 4 (RGBA).
  ///
  /// The corresponding gdk-pixbuf functions are `gdk_pixbuf_new_from_data` and
  /// `gdk_pixbuf_save_to_bufferv`.
  static func encode(
    _ pixels: inout [UInt8], width: Int, height: Int, channels: Int, compression: Int
  ) throws(QuickLookError) -> [UInt8] {
    try encode(&pixels, width: width, height: height, channels: channels, format: "png", options: [("compression", String(compression))])
  }

  /// An image file of `format` (`png`, `jpeg`) with gdk-pixbuf's saver options.
  static func encode(
    _ pixels: inout [UInt8], width: Int, height: Int, channels: Int, format: String, options: [(String, String)]
  ) throws(QuickLookError) -> [UInt8] {
    guard width > 0, height > 0, pixels.count >= width * height * channels else {
      throw QuickLookError(library: .gdkPixbuf, function: "gdk_pixbuf_new_from_data", message: "the picture is empty")
    }
    return try pixels.withUnsafeMutableBufferPointer { buffer throws(QuickLookError) -> [UInt8] in
      guard
        let made = gdk_pixbuf_new_from_data(
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
      let saved = gdk_pixbuf_save_to_bufferv(pixbuf.pointer, &output, &size, format, &keys, &values, &error)
      withExtendedLifetime(pixbuf) {}
      guard saved != 0, let output else { throw QuickLookError.taking(error, .gdkPixbuf, "gdk_pixbuf_save_to_bufferv") }
      defer { g_free(output) }
      return output.withMemoryRebound(to: UInt8.self, capacity: size) { Array(UnsafeBufferPointer(start: $0, count: size)) }
    }
  }
}
