internal import CCairo

/// Draws the stand-in for an image that cannot be shown: a light grey panel with the
/// outline of a picture (frame, hills, sun) crossed out.
struct PlaceholderPainter {
  /// The panel's grey, which no text or icon uses: tests look for it.
  static let panel = PixelColor(red: 226, green: 228, blue: 232)
  /// The outline's grey.
  static let outline = PixelColor(red: 150, green: 154, blue: 160)

  func draw(in box: Box, on canvas: Canvas) {
    let context = canvas.context
    let side = min(box.width, box.height)
    canvas.isolated {
      Self.setColor(Self.panel, context)
      libcairo.cairo_rectangle(context, box.x, box.y, box.width, box.height)
      libcairo.cairo_fill(context)
      let frame = box.aspectFit(width: 4, height: 3).inset(by: side * 0.2)
      Self.setColor(Self.outline, context)
      libcairo.cairo_set_line_width(context, max(1, side * 0.02))
      libcairo.cairo_rectangle(context, frame.x, frame.y, frame.width, frame.height)
      libcairo.cairo_stroke(context)
      libcairo.cairo_move_to(context, frame.x, frame.y + frame.height * 0.85)
      libcairo.cairo_line_to(context, frame.x + frame.width * 0.35, frame.y + frame.height * 0.45)
      libcairo.cairo_line_to(context, frame.x + frame.width * 0.6, frame.y + frame.height * 0.7)
      libcairo.cairo_line_to(context, frame.x + frame.width * 0.75, frame.y + frame.height * 0.55)
      libcairo.cairo_line_to(context, frame.x + frame.width, frame.y + frame.height * 0.85)
      libcairo.cairo_stroke(context)
      libcairo.cairo_arc(context, frame.x + frame.width * 0.75, frame.y + frame.height * 0.25, frame.height * 0.1, 0, 2 * Double.pi)
      libcairo.cairo_stroke(context)
      libcairo.cairo_move_to(context, frame.x - side * 0.05, frame.y + frame.height + side * 0.05)
      libcairo.cairo_line_to(context, frame.x + frame.width + side * 0.05, frame.y - side * 0.05)
      libcairo.cairo_stroke(context)
    }
  }

  private static func setColor(_ color: PixelColor, _ context: OpaquePointer) {
    libcairo.cairo_set_source_rgb(context, Double(color.red) / 255, Double(color.green) / 255, Double(color.blue) / 255)
  }
}
