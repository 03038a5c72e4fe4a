internal import CCairo

/// Draws a decoded picture aspect-fit and centred in a box.
struct ImagePainter {
  func draw(_ pixbuf: Pixbuf, in box: Box, on canvas: Canvas) throws(QuickLookError) {
    let image = try pixbuf.cairoSurface()
    let fitted = box.aspectFit(width: Double(image.width), height: Double(image.height))
    guard fitted.width > 0, fitted.height > 0 else { return }
    let context = canvas.context
    canvas.isolated {
      libcairo.cairo_translate(context, fitted.x, fitted.y)
      libcairo.cairo_scale(context, fitted.width / Double(image.width), fitted.height / Double(image.height))
      libcairo.cairo_set_source_surface(context, image.pointer, 0, 0)
      libcairo.cairo_pattern_set_filter(libcairo.cairo_get_source(context), CAIRO_FILTER_GOOD)
      libcairo.cairo_paint(context)
    }
    withExtendedLifetime(image) {}
    try canvas.checkDrawing("cairo_paint")
  }
}
