internal import CCairo

extension Canvas {
  /// The pixels of rows `firstRow..<height`, packed: `width` 32-bit words per row, as
  /// cairo keeps them (native-endian 0x00RRGGBB).
  func rows(from firstRow: Int) throws(QuickLookError) -> [UInt8] {
    try checkDrawing("cairo_status")
    libcairo.cairo_surface_flush(surfacePointer)
    let first = min(max(0, firstRow), height)
    let rowBytes = width * 4
    var out = [UInt8](repeating: 0, count: (height - first) * rowBytes)
    guard let data = libcairo.cairo_image_surface_get_data(surfacePointer) else {
      throw QuickLookError(library: .cairo, function: "cairo_image_surface_get_data", message: "the surface has no pixels")
    }
    let stride = Int(libcairo.cairo_image_surface_get_stride(surfacePointer))
    out.withUnsafeMutableBytes { target in
      guard let base = target.baseAddress else { return }
      for row in first..<height {
        let offset: Int = (row - first) * rowBytes
        let source = UnsafeRawPointer(data + row * stride)
        (base + offset).copyMemory(from: source, byteCount: rowBytes)
      }
    }
    return out
  }

  /// Replaces rows `firstRow..<height` with `pixels`, packed as ``rows(from:)`` gives them.
  func setRows(_ pixels: [UInt8], from firstRow: Int) throws(QuickLookError) {
    let rowBytes = width * 4
    guard firstRow >= 0, firstRow <= height, pixels.count == (height - firstRow) * rowBytes else {
      throw QuickLookError(library: .cairo, function: "cairo_image_surface_get_data", message: "the band does not fit the picture")
    }
    libcairo.cairo_surface_flush(surfacePointer)
    guard let data = libcairo.cairo_image_surface_get_data(surfacePointer) else {
      throw QuickLookError(library: .cairo, function: "cairo_image_surface_get_data", message: "the surface has no pixels")
    }
    let stride = Int(libcairo.cairo_image_surface_get_stride(surfacePointer))
    pixels.withUnsafeBytes { source in
      guard let base = source.baseAddress else { return }
      for row in firstRow..<height {
        let target = UnsafeMutableRawPointer(data + row * stride)
        let offset: Int = (row - firstRow) * rowBytes
        target.copyMemory(from: base + offset, byteCount: rowBytes)
      }
    }
    libcairo.cairo_surface_mark_dirty(surfacePointer)
  }
}
