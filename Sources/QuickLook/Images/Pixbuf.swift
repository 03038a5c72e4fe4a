internal import CCairo
internal import CGdkPixbuf

/// A decoded image: the single owner of a `GdkPixbuf`.
final class Pixbuf {
  private let handle: OwnedHandle<OpaquePointer>

  /// Takes ownership of one reference to `pointer`.
  init(taking pointer: OpaquePointer, keepAlive: AnyObject? = nil) {
    handle = OwnedHandle(pointer, keepAlive: keepAlive, release: { libgdkPixbuf.g_object_unref(UnsafeMutableRawPointer($0)) })
  }

  var pointer: OpaquePointer { handle.pointer }
  var width: Int { Int(libgdkPixbuf.gdk_pixbuf_get_width(pointer)) }
  var height: Int { Int(libgdkPixbuf.gdk_pixbuf_get_height(pointer)) }

  /// The pixels as 8-bit RGBA rows without padding.
  func rgba() -> [UInt8] {
    let (width, height) = (self.width, self.height)
    var out = [UInt8](repeating: 255, count: width * height * 4)
    out.withUnsafeMutableBufferPointer { target in
      forEachPixel { x, y, red, green, blue, alpha in
        let index = (y * width + x) * 4
        target[index] = red
        target[index + 1] = green
        target[index + 2] = blue
        target[index + 3] = alpha
      }
    }
    return out
  }

  /// Calls `body` with every pixel's position and 8-bit RGBA channels, row by row.
  @inline(__always)
  private func forEachPixel(_ body: (Int, Int, UInt8, UInt8, UInt8, UInt8) -> Void) {
    let channels = Int(libgdkPixbuf.gdk_pixbuf_get_n_channels(pointer))
    let stride = Int(libgdkPixbuf.gdk_pixbuf_get_rowstride(pointer))
    let hasAlpha = libgdkPixbuf.gdk_pixbuf_get_has_alpha(pointer) != 0
    var length: UInt32 = 0
    guard let pixels = libgdkPixbuf.gdk_pixbuf_get_pixels_with_length(pointer, &length), channels >= 3 else { return }
    let (width, height) = (self.width, self.height)
    for y in 0..<height {
      var source = pixels + y * stride
      for x in 0..<width {
        body(x, y, source[0], source[1], source[2], hasAlpha ? source[3] : 255)
        source += channels
      }
    }
  }

  /// The pixels as a cairo image surface (premultiplied ARGB), for painting.
  ///
  /// The corresponding cairo function is `cairo_image_surface_create`.
  func cairoSurface() throws(QuickLookError) -> CairoImage {
    let image = try CairoImage(width: width, height: height)
    let stride = Int(libcairo.cairo_image_surface_get_stride(image.pointer))
    libcairo.cairo_surface_flush(image.pointer)
    guard let data = libcairo.cairo_image_surface_get_data(image.pointer) else {
      throw QuickLookError(library: .cairo, function: "cairo_image_surface_get_data", message: "the surface has no pixels")
    }
    let words = UnsafeMutableRawPointer(data)
    forEachPixel { x, y, red, green, blue, alpha in
      let a = UInt32(alpha)
      func premultiplied(_ value: UInt8) -> UInt32 { (UInt32(value) * a + 127) / 255 }
      // CAIRO_FORMAT_ARGB32: one native-endian 32-bit word per pixel.
      let word = a << 24 | premultiplied(red) << 16 | premultiplied(green) << 8 | premultiplied(blue)
      words.storeBytes(of: word, toByteOffset: y * stride + x * 4, as: UInt32.self)
    }
    libcairo.cairo_surface_mark_dirty(image.pointer)
    return image
  }
}

/// The single owner of a cairo ARGB image surface holding a decoded picture.
final class CairoImage {
  private let handle: OwnedHandle<OpaquePointer>
  let width: Int
  let height: Int

  init(width: Int, height: Int) throws(QuickLookError) {
    _ = try DrawingLibraries.require()
    guard let surface = libcairo.cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)) else {
      throw QuickLookError(library: .cairo, function: "cairo_image_surface_create", message: "returned no surface")
    }
    let made = OwnedHandle(surface, release: { libcairo.cairo_surface_destroy($0) })
    try checkCairo(libcairo.cairo_surface_status(made.pointer), "cairo_image_surface_create")
    handle = made
    self.width = width
    self.height = height
  }

  var pointer: OpaquePointer { handle.pointer }
}
