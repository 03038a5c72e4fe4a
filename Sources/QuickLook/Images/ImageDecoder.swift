internal import CGdkPixbuf

/// Decodes images through gdk-pixbuf (PNG, JPEG, GIF, BMP, TIFF, … as installed),
/// checking the size an image declares before any pixel is decoded.
enum ImageDecoder {
  /// Decodes `data`, scaled down (keeping its aspect ratio) to fit in
  /// `maximumWidth`×`maximumHeight` when it is larger; JPEG scales while decoding.
  ///
  /// Never decodes an image whose declared size breaks `limits`: the decoder is told to
  /// stop as soon as the header is read.
  ///
  /// The corresponding gdk-pixbuf functions are `gdk_pixbuf_loader_write`,
  /// `gdk_pixbuf_loader_close` and `gdk_pixbuf_apply_embedded_orientation`.
  static func decode(
    _ data: [UInt8], fittingIn maximumWidth: Int, _ maximumHeight: Int, limits: ImageLimits
  ) -> Result<Pixbuf, ImageProblem> {
    guard !data.isEmpty else { return .failure(.unreadable("the file is empty")) }
    var functions: notes_pixbuf_functions
    do {
      functions = try DrawingLibraries.require().gdkPixbuf
    } catch {
      return .failure(.unreadable(error.description))
    }
    let gate = SizeGate(limits: limits, maximumWidth: max(1, maximumWidth), maximumHeight: max(1, maximumHeight))
    guard let made = libgdkPixbuf.gdk_pixbuf_loader_new() else { return .failure(.unreadable("gdk_pixbuf_loader_new failed")) }
    let loader = Loader(made)
    return withExtendedLifetime(gate) { () -> Result<Pixbuf, ImageProblem> in
      _ = notes_pixbuf_loader_on_size_prepared(&functions, 
        loader.pointer,
        { loader, width, height, context in
          guard let loader, let context else { return }
          let gate = Unmanaged<SizeGate>.fromOpaque(context).takeUnretainedValue()
          let size = gate.sizeToDecode(width: Int(width), height: Int(height))
          // Zero tells the loader to stop before it allocates anything (gdk-pixbuf's
          // documented convention, used by gdk_pixbuf_get_file_info).
          if size.width != Int(width) || size.height != Int(height) {
            libgdkPixbuf.gdk_pixbuf_loader_set_size(loader, Int32(size.width), Int32(size.height))
          }
        }, Unmanaged.passUnretained(gate).toOpaque())
      var error: UnsafeMutablePointer<GError>?
      let written = data.withUnsafeBufferPointer { buffer in
        libgdkPixbuf.gdk_pixbuf_loader_write(loader.pointer, buffer.baseAddress, gsize(buffer.count), &error)
      }
      // A failed write closes the loader itself; closing it again is a programming error.
      if written == 0 {
        loader.isClosed = true
        let message = QuickLookError.taking(error, .gdkPixbuf, "gdk_pixbuf_loader_write").message
        if let refused = gate.refused { return .failure(.tooLarge(width: refused.width, height: refused.height)) }
        return .failure(.unreadable(message))
      }
      let closed = libgdkPixbuf.gdk_pixbuf_loader_close(loader.pointer, &error)
      loader.isClosed = true
      if let refused = gate.refused { return .failure(.tooLarge(width: refused.width, height: refused.height)) }
      if closed == 0 {
        return .failure(.unreadable(QuickLookError.taking(error, .gdkPixbuf, "gdk_pixbuf_loader_close").message))
      }
      if let format = formatName(loader), EndOfImage.isCutShort(data, format: format) {
        return .failure(.unreadable("the \(format.uppercased()) file is cut short"))
      }
      guard let borrowed = libgdkPixbuf.gdk_pixbuf_loader_get_pixbuf(loader.pointer),
        let oriented = libgdkPixbuf.gdk_pixbuf_apply_embedded_orientation(borrowed)
      else {
        return .failure(.unreadable("the decoder produced no picture"))
      }
      return .success(Pixbuf(taking: oriented))
    }
  }
}

/// The short name of the format the loader recognised (`png`, `jpeg`, …).
private func formatName(_ loader: Loader) -> String? {
  guard let format = libgdkPixbuf.gdk_pixbuf_loader_get_format(loader.pointer), let name = libgdkPixbuf.gdk_pixbuf_format_get_name(format) else {
    return nil
  }
  defer { libgdkPixbuf.g_free(name) }
  return String(cString: name)
}

/// gdk-pixbuf draws a PNG, JPEG or GIF file that stops early as far as it got, without
/// an error; a thumbnail shows such a file as broken, so its end marker is checked.
enum EndOfImage {
  /// Whether `data`, a file of `format`, lacks its format's end marker near its end.
  static func isCutShort(_ data: [UInt8], format: String) -> Bool {
    // Some writers append a little data after the end marker: look at the last 4 KiB.
    let tail = data.suffix(4096)
    switch format {
    case "png": return !contains(tail, Array("IEND".utf8))
    case "jpeg": return !contains(tail, [0xFF, 0xD9])
    case "gif": return !tail.contains(0x3B)
    default: return false
    }
  }

  private static func contains(_ haystack: ArraySlice<UInt8>, _ needle: [UInt8]) -> Bool {
    guard haystack.count >= needle.count else { return false }
    var index = haystack.endIndex - needle.count
    while index >= haystack.startIndex {
      if haystack[index..<(index + needle.count)].elementsEqual(needle) { return true }
      index -= 1
    }
    return false
  }
}

/// The single owner of a `GdkPixbufLoader`, closed (if still open) and released once.
private final class Loader {
  let pointer: UnsafeMutablePointer<GdkPixbufLoader>
  var isClosed = false
  private let scope: HandleScope?

  init(_ pointer: UnsafeMutablePointer<GdkPixbufLoader>) {
    self.pointer = pointer
    scope = HandleScope.opened()
  }

  deinit {
    // gdk-pixbuf warns about a loader released while open; an error here has nothing
    // left to report, since the caller has already decided the outcome.
    if !isClosed { _ = libgdkPixbuf.gdk_pixbuf_loader_close(pointer, nil) }
    libgdkPixbuf.g_object_unref(UnsafeMutableRawPointer(pointer))
    HandleScope.closed(scope)
  }
}

/// Decides, when the decoder has read an image's header, what size to decode it at.
private final class SizeGate {
  let limits: ImageLimits
  let maximumWidth: Int
  let maximumHeight: Int
  /// The declared size of an image the gate stopped.
  var refused: (width: Int, height: Int)?

  init(limits: ImageLimits, maximumWidth: Int, maximumHeight: Int) {
    self.limits = limits
    self.maximumWidth = maximumWidth
    self.maximumHeight = maximumHeight
  }

  /// The size to decode an image of `width`×`height` at; zero stops the decoder.
  func sizeToDecode(width: Int, height: Int) -> (width: Int, height: Int) {
    guard limits.allow(width: width, height: height) else {
      refused = (width, height)
      return (0, 0)
    }
    guard width > maximumWidth || height > maximumHeight else { return (width, height) }
    let scale = min(Double(maximumWidth) / Double(width), Double(maximumHeight) / Double(height))
    return (max(1, Int((Double(width) * scale).rounded())), max(1, Int((Double(height) * scale).rounded())))
  }
}
