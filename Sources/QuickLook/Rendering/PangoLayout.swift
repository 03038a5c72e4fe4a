internal import CPangoCairo

/// The single owner of a pango layout made for a cairo context.
final class PangoTextLayout {
  private let handle: OwnedHandle<OpaquePointer>

  /// A layout for drawing on `context`; `keepAlive` is the context's owner.
  ///
  /// The corresponding pango function is `pango_cairo_create_layout`.
  init(for context: OpaquePointer, keepAlive: AnyObject) throws(QuickLookError) {
    guard let made = libpango.pango_cairo_create_layout(context) else {
      throw QuickLookError(library: .pango, function: "pango_cairo_create_layout", message: "returned no layout")
    }
    handle = OwnedHandle(made, keepAlive: keepAlive, release: { libpango.g_object_unref(UnsafeMutableRawPointer($0)) })
  }

  var pointer: OpaquePointer { handle.pointer }

  /// Sets the default font: `families` (a comma-separated list) at `size` user units.
  func setFont(families: String, size: Double, bold: Bool = false) {
    guard let description = libpango.pango_font_description_new() else { return }
    defer { libpango.pango_font_description_free(description) }
    libpango.pango_font_description_set_family(description, families)
    libpango.pango_font_description_set_absolute_size(description, Double(PANGO_SCALE) * size)
    if bold { libpango.pango_font_description_set_weight(description, PANGO_WEIGHT_BOLD) }
    libpango.pango_layout_set_font_description(pointer, description)
  }

  /// Sets the text and its attributes; `attributes` are consumed (pango owns them).
  func setText(_ text: String, attributes: [UnsafeMutablePointer<PangoAttribute>]) {
    libpango.pango_layout_set_text(pointer, text, Int32(text.utf8.count))
    guard let list = libpango.pango_attr_list_new() else { return }
    for attribute in attributes { libpango.pango_attr_list_insert(list, attribute) }
    libpango.pango_layout_set_attributes(pointer, list)
    libpango.pango_attr_list_unref(list)
  }

  /// The laid-out size in user units.
  var size: (width: Double, height: Double) {
    var width: Int32 = 0
    var height: Int32 = 0
    libpango.pango_layout_get_size(pointer, &width, &height)
    return (Double(width) / Double(PANGO_SCALE), Double(height) / Double(PANGO_SCALE))
  }

  /// Draws the layout with its top left corner at the context's current point.
  func show(on context: OpaquePointer) {
    libpango.pango_cairo_show_layout(context, pointer)
  }
}

/// Makes pango attributes that cover the bytes `start..<end` of a layout's text.
enum PangoAttributes {
  static func covering(
    _ attribute: UnsafeMutablePointer<PangoAttribute>?, _ start: Int, _ end: Int
  ) -> UnsafeMutablePointer<PangoAttribute>? {
    guard let attribute else { return nil }
    attribute.pointee.start_index = UInt32(start)
    attribute.pointee.end_index = UInt32(end)
    return attribute
  }
}
