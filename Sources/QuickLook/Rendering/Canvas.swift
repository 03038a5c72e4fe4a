internal import CCairo

/// A white picture being drawn: the single owner of a cairo image surface and of the
/// cairo context that draws on it.
final class Canvas {
  let width: Int
  let height: Int
  private let surface: OwnedHandle<OpaquePointer>
  private let drawing: OwnedHandle<OpaquePointer>

  /// A `width`×`height` picture, filled white.
  ///
  /// The corresponding cairo functions are `cairo_image_surface_create` and `cairo_create`.
  init(width: Int, height: Int) throws(QuickLookError) {
    _ = try DrawingLibraries.require()
    self.width = width
    self.height = height
    // cairo returns an error object rather than NULL; the status says which.
    guard let image = libcairo.cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height)) else {
      throw QuickLookError(library: .cairo, function: "cairo_image_surface_create", message: "returned no surface")
    }
    let made = OwnedHandle(image, release: { libcairo.cairo_surface_destroy($0) })
    try checkCairo(libcairo.cairo_surface_status(made.pointer), "cairo_image_surface_create")
    guard let madeContext = libcairo.cairo_create(made.pointer) else {
      throw QuickLookError(library: .cairo, function: "cairo_create", message: "returned no context")
    }
    let context = OwnedHandle(madeContext, release: { libcairo.cairo_destroy($0) })
    try checkCairo(libcairo.cairo_status(context.pointer), "cairo_create")
    libcairo.cairo_set_source_rgb(madeContext, 1, 1, 1)
    libcairo.cairo_paint(madeContext)
    surface = made
    drawing = context
  }

  /// The cairo context, for painters in this module; valid while the canvas lives.
  var context: OpaquePointer { drawing.pointer }

  /// The cairo surface, for copying pixels in and out; valid while the canvas lives.
  var surfacePointer: OpaquePointer { surface.pointer }

  /// Whether drawing has failed so far (cairo records the first error in the context).
  func checkDrawing(_ function: StaticString) throws(QuickLookError) {
    try checkCairo(libcairo.cairo_status(drawing.pointer), function)
  }

  /// Runs `body` between `cairo_save` and `cairo_restore`.
  func isolated<R>(_ body: () throws -> R) rethrows -> R {
    libcairo.cairo_save(context)
    defer { libcairo.cairo_restore(context) }
    return try body()
  }

  /// The picture as PNG bytes. The same drawing always gives the same bytes.
  func pngData() throws(QuickLookError) -> [UInt8] {
    try checkDrawing("cairo_status")
    libcairo.cairo_surface_flush(surface.pointer)
    let stride = Int(libcairo.cairo_image_surface_get_stride(surface.pointer))
    guard let data = libcairo.cairo_image_surface_get_data(surface.pointer) else {
      throw QuickLookError(library: .cairo, function: "cairo_image_surface_get_data", message: "the surface has no pixels")
    }
    return try PNGWriter.png(cairoRows: data, stride: stride, width: width, height: height)
  }
}

/// A rectangle in canvas pixels.
struct Box: Equatable {
  var x: Double
  var y: Double
  var width: Double
  var height: Double

  /// The box shrunk by `inset` on every side (never below zero size).
  func inset(by inset: Double) -> Box {
    Box(x: x + inset, y: y + inset, width: max(0, width - 2 * inset), height: max(0, height - 2 * inset))
  }

  /// The largest `aspectWidth`:`aspectHeight` box centred in this one.
  func aspectFit(width aspectWidth: Double, height aspectHeight: Double) -> Box {
    guard aspectWidth > 0, aspectHeight > 0 else { return Box(x: x, y: y, width: 0, height: 0) }
    let scale = min(width / aspectWidth, height / aspectHeight)
    let fitted = (aspectWidth * scale, aspectHeight * scale)
    return Box(x: x + (width - fitted.0) / 2, y: y + (height - fitted.1) / 2, width: fitted.0, height: fitted.1)
  }
}
