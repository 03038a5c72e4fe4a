import CPNG

/// Writes thumbnails as PNG through libpng's simplified API with `PNG_IMAGE_FLAG_FAST`
/// (one cheap row filter, fast compression): thumbnails are rewritten on every save,
/// and libpng's default adaptive filtering, which cairo and gdk-pixbuf both use, costs
/// several times more for files only a little smaller. Output is deterministic, and the
/// picture is compressed once.
enum FastPNGWriter {
  /// A PNG of 8-bit RGB pixels, rows of `width * 3` bytes.
  ///
  /// - Throws: ``QuickLookError`` with libpng's message.
  ///
  /// The corresponding libpng function is `png_image_write_to_memory`.
  static func rgb(_ pixels: [UInt8], width: Int, height: Int) throws(QuickLookError) -> [UInt8] {
    guard width > 0, height > 0, pixels.count >= width * height * 3 else {
      throw QuickLookError(library: .png, function: "png_image_write_to_memory", message: "the picture is empty")
    }
    var image = png_image()
    image.version = UInt32(PNG_IMAGE_VERSION)
    image.width = UInt32(width)
    image.height = UInt32(height)
    image.format = UInt32(PNG_FORMAT_RGB)
    image.flags = UInt32(PNG_IMAGE_FLAG_FAST)
    // One call into a buffer big enough for any outcome (the rows stored uncompressed,
    // plus deflate's and the chunks' framing): asking for the size first would compress
    // the picture twice. Should it still be short, libpng says how much it needs.
    let raw = height * (1 + width * 3)
    var capacity = raw + (raw >> 7) + 4096
    var output: [UInt8] = []
    var size = 0
    for _ in 0..<2 {
      output = [UInt8](repeating: 0, count: capacity)
      size = capacity
      let written = output.withUnsafeMutableBytes { target in
        pixels.withUnsafeBytes { buffer in
          png_image_write_to_memory(&image, target.baseAddress, &size, 0, buffer.baseAddress, Int32(width * 3), nil)
        }
      }
      if written != 0 { break }
      guard size > capacity else { throw failure(&image) }
      capacity = size
      size = 0
    }
    guard size > 0, size <= output.count else { throw failure(&image) }
    png_image_free(&image)
    return Array(output.prefix(size))
  }

  /// The error libpng recorded in `image`, which is then freed.
  private static func failure(_ image: inout png_image) -> QuickLookError {
    let message = withUnsafeBytes(of: image.message) { raw in
      String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
    }
    png_image_free(&image)
    return QuickLookError(
      library: .png, function: "png_image_write_to_memory", message: message.isEmpty ? "failed without a message" : message)
  }
}
