import CPNG

/// Writes thumbnails as PNG through libpng's simplified API with `PNG_IMAGE_FLAG_FAST`
/// (one cheap row filter, fast compression): thumbnails are rewritten on every save,
/// and libpng's default adaptive filtering, which cairo and gdk-pixbuf both use, costs
/// several times more for files only a little smaller. Output is deterministic.
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
    // A first call with no memory asks for the size; the second writes.
    var size = 0
    let sized = pixels.withUnsafeBytes { buffer in
      png_image_write_to_memory(&image, nil, &size, 0, buffer.baseAddress, Int32(width * 3), nil)
    }
    guard sized != 0, size > 0 else { throw failure(&image) }
    var output = [UInt8](repeating: 0, count: size)
    let written = output.withUnsafeMutableBytes { target in
      pixels.withUnsafeBytes { buffer in
        png_image_write_to_memory(&image, target.baseAddress, &size, 0, buffer.baseAddress, Int32(width * 3), nil)
      }
    }
    guard written != 0 else { throw failure(&image) }
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
