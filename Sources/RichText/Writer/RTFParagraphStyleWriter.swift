/// Writes a paragraph style as the control words after `\pard`, in the order Cocoa
/// writes them: `\intbl`-like words, tab stops, spacing and other unknown words,
/// indents, spacing before and after, direction, alignment, `\partightenfactor`.
///
/// Only values that differ from the RTF default are written, plus Cocoa's
/// `\pardirnatural\partightenfactor0`, so a default style is
/// `\pard\pardirnatural\partightenfactor0`.
enum RTFParagraphStyleWriter {
  static func write(_ style: ParagraphStyle, to out: inout RTFByteBuffer) {
    out.raw("\\pard")
    var controls = style.unknown
    for control in cocoaControls where !controls.contains(where: { $0.name == control.name }) {
      controls.append(control)
    }
    let unknown = controls.sorted {
      let (left, right) = (rank(of: $0.name), rank(of: $1.name))
      return left != right ? left < right : $0 < $1
    }
    var remaining = unknown[...]
    func writeUnknown(upTo maximumRank: Int) {
      while let control = remaining.first, rank(of: control.name) <= maximumRank {
        out.control(control)
        remaining.removeFirst()
      }
    }
    writeUnknown(upTo: 0)
    for stop in style.tabStops {
      switch stop.kind {
      case .left: break
      case .center: out.raw("\\tqc")
      case .right: out.raw("\\tqr")
      case .decimal: out.raw("\\tqdec")
      }
      out.word("\\tx", stop.position)
    }
    writeUnknown(upTo: 1)
    if style.leftIndent != 0 { out.word("\\li", style.leftIndent) }
    if style.firstLineIndent != 0 { out.word("\\fi", style.firstLineIndent) }
    if style.rightIndent != 0 { out.word("\\ri", style.rightIndent) }
    if style.spacingBefore != 0 { out.word("\\sb", style.spacingBefore) }
    if style.spacingAfter != 0 { out.word("\\sa", style.spacingAfter) }
    writeUnknown(upTo: 2)
    switch style.alignment {
    case .natural: break
    case .left: out.raw("\\ql")
    case .center: out.raw("\\qc")
    case .right: out.raw("\\qr")
    case .justified: out.raw("\\qj")
    }
    writeUnknown(upTo: 3)
  }

  /// What Cocoa writes on every paragraph, and the reader ignores: natural writing
  /// direction and no tightening.
  private static let cocoaControls = [
    OpaqueControl(name: "pardirnatural"), OpaqueControl(name: "partightenfactor", parameter: 0),
  ]

  /// Where Cocoa puts an unknown paragraph word: 0 before the tab stops (table
  /// membership), 2 just before the alignment (direction), 3 last
  /// (`\partightenfactor`), 1 after the tab stops for everything else. Words of one
  /// rank keep the model's order (by name).
  private static func rank(of name: String) -> Int {
    switch name {
    case "intbl", "itap": return 0
    case "pardirnatural", "rtlpar", "ltrpar": return 2
    case "partightenfactor": return 3
    default: return 1
    }
  }
}
