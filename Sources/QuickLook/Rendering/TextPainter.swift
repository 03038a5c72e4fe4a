internal import CCairo
internal import CPangoCairo
import RichText

/// Draws an attributed body with pango, keeping its font, size, bold, italic,
/// underline, strikethrough, colours, alignment, indents and spacing.
///
/// Lengths in the model are points (and twips); `scale` turns a point into canvas
/// pixels. Paragraphs are laid out one by one from the top of the box, each with its
/// own alignment, and drawing stops at the first paragraph that starts below the box.
struct TextPainter {
  /// Canvas pixels per point.
  var scale: Double

  /// The size Cocoa shows text without a size at.
  static let defaultFontSize = 12.0

  /// Draws `text` into `box` (canvas pixels), clipped to it.
  ///
  /// - Returns: how far the text reached: the paragraphs laid out before the one that
  ///   starts below the box, and where the last of them ended.
  @discardableResult
  func draw(_ text: AttributedText, in box: Box, on canvas: Canvas) throws(QuickLookError) -> TextExtent {
    let width = box.width / scale
    let height = box.height / scale
    guard box.width > 1, box.height > 1, !text.isEmpty else { return .nothing(height: height) }
    let context = canvas.context
    let layout = try PangoTextLayout(for: context, keepAlive: canvas)
    layout.setFont(families: FontMapping.families(for: nil), size: Self.defaultFontSize)
    libpango.pango_layout_set_wrap(layout.pointer, PANGO_WRAP_WORD_CHAR)
    var extent = TextExtent.nothing(height: height)
    canvas.isolated {
      libcairo.cairo_rectangle(context, box.x, box.y, box.width, box.height)
      libcairo.cairo_clip(context)
      libcairo.cairo_translate(context, box.x, box.y)
      libcairo.cairo_scale(context, scale, scale)
      var y = 0.0
      var numbering = ListNumbering()
      for paragraph in text.paragraphs {
        let style = paragraph.style
        // drawsSameText(_:as:extent:) repeats this test: keep the two the same.
        if y + Double(style.spacingBefore) / 20 >= height { break }
        y += Double(style.spacingBefore) / 20
        let left = Double(style.leftIndent) / 20
        let right = Double(style.rightIndent) / 20
        let lineWidth = max(1, width - left - right)
        let (content, attributes) = Self.content(of: paragraph, marker: numbering.marker(for: style.list))
        layout.setText(content, attributes: attributes)
        libpango.pango_layout_set_width(layout.pointer, Int32(lineWidth * Double(PANGO_SCALE)))
        libpango.pango_layout_set_indent(layout.pointer, Int32(Double(style.firstLineIndent) / 20 * Double(PANGO_SCALE)))
        libpango.pango_layout_set_alignment(layout.pointer, Self.alignment(style.alignment))
        libpango.pango_layout_set_justify(layout.pointer, style.alignment == .justified ? 1 : 0)
        libcairo.cairo_move_to(context, left, y)
        libcairo.cairo_set_source_rgb(context, 0, 0, 0)
        layout.show(on: context)
        y += layout.size.height + Double(style.spacingAfter) / 20
        extent.paragraphs += 1
        extent.bottom = y
      }
    }
    try canvas.checkDrawing("pango_cairo_show_layout")
    return extent
  }

  private static func alignment(_ alignment: Alignment) -> PangoAlignment {
    switch alignment {
    case .natural, .left, .justified: PANGO_ALIGN_LEFT
    case .center: PANGO_ALIGN_CENTER
    case .right: PANGO_ALIGN_RIGHT
    }
  }

  /// The paragraph's text (with its list marker) and pango attributes for its runs.
  static func content(
    of paragraph: Paragraph, marker: String?
  ) -> (String, [UnsafeMutablePointer<PangoAttribute>]) {
    var text = ""
    var attributes: [UnsafeMutablePointer<PangoAttribute>] = []
    if let marker {
      text = marker + "\t"
      let firstAttributes = paragraph.runs.first?.attributes ?? CharacterAttributes()
      attributes += runAttributes(firstAttributes, start: 0, end: text.utf8.count)
    }
    for run in paragraph.runs {
      let start = text.utf8.count
      // U+2028 is Cocoa's line break inside a paragraph; pango breaks at "\n".
      text += run.text.replacingLineSeparators()
      attributes += runAttributes(run.attributes, start: start, end: text.utf8.count)
    }
    return (text, attributes)
  }

  private static func runAttributes(
    _ attributes: CharacterAttributes, start: Int, end: Int
  ) -> [UnsafeMutablePointer<PangoAttribute>] {
    guard end > start else { return [] }
    let implied = FontMapping.impliedStyle(of: attributes.font)
    var size = attributes.fontSize ?? defaultFontSize
    var made: [UnsafeMutablePointer<PangoAttribute>?] = [
      libpango.pango_attr_family_new(FontMapping.families(for: attributes.font))
    ]
    if attributes.isBold || implied.bold { made.append(libpango.pango_attr_weight_new(PANGO_WEIGHT_BOLD)) }
    if attributes.isItalic || implied.italic { made.append(libpango.pango_attr_style_new(PANGO_STYLE_ITALIC)) }
    if let position = attributes.verticalPosition {
      let rise = position == .superscript ? size * 0.35 : -size * 0.2
      made.append(libpango.pango_attr_rise_new(Int32(rise * Double(PANGO_SCALE))))
      size *= 0.7
    }
    made.append(libpango.pango_attr_size_new_absolute(Int32(size * Double(PANGO_SCALE))))
    if let color = attributes.foregroundColor {
      made.append(libpango.pango_attr_foreground_new(color.red.wide, color.green.wide, color.blue.wide))
    }
    if let color = attributes.backgroundColor {
      made.append(libpango.pango_attr_background_new(color.red.wide, color.green.wide, color.blue.wide))
    }
    if let underline = attributes.underline {
      made.append(libpango.pango_attr_underline_new(underlineStyle(underline)))
    }
    if attributes.strikethrough != nil { made.append(libpango.pango_attr_strikethrough_new(1)) }
    return made.compactMap { PangoAttributes.covering($0, start, end) }
  }

  private static func underlineStyle(_ style: LineStyle) -> PangoUnderline {
    switch style {
    case .single, .dotted, .dashed: PANGO_UNDERLINE_SINGLE
    case .double: PANGO_UNDERLINE_DOUBLE
    case .thick: PANGO_UNDERLINE_SINGLE_LINE
    case .wavy: PANGO_UNDERLINE_ERROR
    }
  }
}

/// The markers of list items: bullets, or numbers counted per nesting level.
struct ListNumbering {
  private var counters: [Int] = []

  /// The marker for a paragraph in `list` (nil outside lists, which resets counting).
  mutating func marker(for list: ListMarker?) -> String? {
    guard let list else {
      counters = []
      return nil
    }
    let level = max(0, min(list.level, 16))
    if counters.count > level + 1 { counters.removeLast(counters.count - level - 1) }
    while counters.count < level + 1 { counters.append(0) }
    counters[level] += 1
    let number = counters[level]
    let indent = String(repeating: "    ", count: level)
    switch list.format {
    case .disc: return indent + "•"
    case .circle: return indent + "◦"
    case .square: return indent + "▪"
    case .hyphen: return indent + "⁃"
    case .decimal: return indent + "\(number)."
    case .lowerAlpha: return indent + Self.letters(number).lowercased() + "."
    case .upperAlpha: return indent + Self.letters(number) + "."
    case .lowerRoman: return indent + Self.roman(number).lowercased() + "."
    case .upperRoman: return indent + Self.roman(number) + "."
    }
  }

  private static func letters(_ number: Int) -> String {
    var value = number
    var result = ""
    while value > 0 {
      value -= 1
      result = String(UnicodeScalar(UInt8(65 + value % 26))) + result
      value /= 26
    }
    return result
  }

  private static func roman(_ number: Int) -> String {
    let table: [(Int, String)] = [
      (1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"), (50, "L"), (40, "XL"),
      (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I"),
    ]
    var value = min(number, 3999)
    var result = ""
    for (amount, letters) in table {
      while value >= amount {
        result += letters
        value -= amount
      }
    }
    return result
  }
}

extension UInt8 {
  /// The 16-bit colour channel pango takes.
  fileprivate var wide: UInt16 { UInt16(self) * 257 }
}

extension String {
  fileprivate func replacingLineSeparators() -> String {
    guard contains("\u{2028}") else { return self }
    return String(map { $0 == "\u{2028}" ? "\n" : $0 })
  }
}
