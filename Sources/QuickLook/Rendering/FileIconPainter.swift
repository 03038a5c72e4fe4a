internal import CCairo
internal import CPangoCairo

/// Draws a document icon — a page with a folded corner and a coloured band holding
/// the file's extension in capitals — with the file's name below it.
struct FileIconPainter {
  /// The colour of the label band for a type: red for PDF, green for images, …
  static func bandColor(for type: ContentType) -> (Double, Double, Double) {
    if type.conforms(to: .pdf) { return (0.80, 0.16, 0.14) }
    if type.isImage { return (0.20, 0.60, 0.30) }
    if type.conforms(to: .audio) { return (0.55, 0.27, 0.75) }
    if type.conforms(to: .video) { return (0.90, 0.45, 0.10) }
    if type.conforms(to: .archive) { return (0.50, 0.38, 0.25) }
    if type.conforms(to: .text) { return (0.25, 0.40, 0.60) }
    return (0.30, 0.45, 0.85)
  }

  /// The label for a file: its extension in capitals (at most 5 characters), else the
  /// type's usual extension, else `FILE`.
  static func label(forFileNamed name: String, type: ContentType) -> String {
    if let dot = name.lastIndex(of: "."), dot != name.startIndex, name.index(after: dot) != name.endIndex {
      return String(name[name.index(after: dot)...].uppercased().prefix(5))
    }
    return type.preferredExtension.map { String($0.prefix(5)) } ?? "FILE"
  }

  /// Draws the icon for `name` into `box`.
  func draw(name: String, label: String, type: ContentType, in box: Box, on canvas: Canvas) throws(QuickLookError) {
    let context = canvas.context
    let side = min(box.width, box.height)
    let captionHeight = side * 0.12
    let page = Box(x: box.x, y: box.y, width: box.width, height: box.height - captionHeight)
      .aspectFit(width: 0.72, height: 0.92).inset(by: side * 0.04)
    let fold = page.width * 0.28
    canvas.isolated {
      libcairo.cairo_new_path(context)
      libcairo.cairo_move_to(context, page.x, page.y)
      libcairo.cairo_line_to(context, page.x + page.width - fold, page.y)
      libcairo.cairo_line_to(context, page.x + page.width, page.y + fold)
      libcairo.cairo_line_to(context, page.x + page.width, page.y + page.height)
      libcairo.cairo_line_to(context, page.x, page.y + page.height)
      libcairo.cairo_close_path(context)
      libcairo.cairo_set_source_rgb(context, 0.97, 0.97, 0.98)
      libcairo.cairo_fill_preserve(context)
      libcairo.cairo_set_source_rgb(context, 0.55, 0.57, 0.60)
      libcairo.cairo_set_line_width(context, max(1, side * 0.008))
      libcairo.cairo_stroke(context)
      libcairo.cairo_move_to(context, page.x + page.width - fold, page.y)
      libcairo.cairo_line_to(context, page.x + page.width - fold, page.y + fold)
      libcairo.cairo_line_to(context, page.x + page.width, page.y + fold)
      libcairo.cairo_stroke(context)
      let color = Self.bandColor(for: type)
      libcairo.cairo_set_source_rgb(context, color.0, color.1, color.2)
      let band = Box(x: page.x, y: page.y + page.height * 0.55, width: page.width, height: page.height * 0.22)
      libcairo.cairo_rectangle(context, band.x, band.y, band.width, band.height)
      libcairo.cairo_fill(context)
    }
    let band = Box(x: page.x, y: page.y + page.height * 0.55, width: page.width, height: page.height * 0.22)
    try drawCentered(label, in: band.inset(by: band.height * 0.12), bold: true, white: true, on: canvas)
    let caption = Box(x: box.x, y: box.y + box.height - captionHeight, width: box.width, height: captionHeight)
    try drawCentered(name, in: caption.inset(by: captionHeight * 0.15), bold: false, white: false, on: canvas)
  }

  /// One line of text centred in `box`, as large as fits, ellipsized when too long.
  private func drawCentered(
    _ text: String, in box: Box, bold: Bool, white: Bool, on canvas: Canvas
  ) throws(QuickLookError) {
    guard box.width > 1, box.height > 1 else { return }
    let context = canvas.context
    let layout = try PangoTextLayout(for: context, keepAlive: canvas)
    layout.setFont(families: "DejaVu Sans,sans-serif", size: box.height * 0.8, bold: bold)
    layout.setText(text, attributes: [])
    libpango.pango_layout_set_width(layout.pointer, Int32(box.width * Double(PANGO_SCALE)))
    libpango.pango_layout_set_ellipsize(layout.pointer, PANGO_ELLIPSIZE_MIDDLE)
    libpango.pango_layout_set_alignment(layout.pointer, PANGO_ALIGN_CENTER)
    let size = layout.size
    if size.height > box.height {
      layout.setFont(families: "DejaVu Sans,sans-serif", size: box.height * 0.8 * box.height / size.height, bold: bold)
    }
    canvas.isolated {
      let height = layout.size.height
      libcairo.cairo_move_to(context, box.x, box.y + (box.height - height) / 2)
      if white { libcairo.cairo_set_source_rgb(context, 1, 1, 1) } else { libcairo.cairo_set_source_rgb(context, 0.2, 0.2, 0.22) }
      layout.show(on: context)
    }
    try canvas.checkDrawing("pango_cairo_show_layout")
  }
}
