/// The font and colour tables of a file being written: every font and colour the
/// body uses, numbered in order of first use.
struct RTFResourceTables {
  /// Fonts in table order; `\fN` is the index.
  private(set) var fonts: [Font] = []
  private var fontNumbers: [Font: Int] = [:]
  /// Colours in table order after the empty entry 0; entry 1 is always white, as Cocoa
  /// writes it. `\cfN` is the index plus one.
  private(set) var colors: [Color] = [.white]
  private var colorNumbers: [Color: Int] = [.white: 1]

  /// Whether a font's number is its index in `fonts` and a colour's its index in
  /// `colors` plus one (tables collected from a body, not a file's).
  private var numbersFollowOrder = true

  /// The font Cocoa writes when a body sets none.
  static let defaultFont = Font(name: "Helvetica", family: .swiss, charset: 0)

  /// Tables with the given numbers: those of a file a body is written back into.
  init(fontNumbers: [Font: Int], colorNumbers: [Color: Int]) {
    self.fontNumbers = fontNumbers
    self.colorNumbers = colorNumbers
    numbersFollowOrder = false
  }

  /// Collects the fonts and colours of `text` in order of first use.
  init(collecting text: AttributedText) {
    // Runs mostly repeat the font and colours of the run before: compare with those
    // before hashing.
    var (lastFont, lastForeground, lastBackground): (Font?, Color?, Color?) = (nil, nil, nil)
    for paragraph in text.paragraphs {
      let runs = paragraph.runs
      // By index, each attribute read in place (a run's attributes are large to copy).
      for index in runs.indices {
        if let font = runs[index].attributes.font, font != lastFont {
          lastFont = font
          if fontNumbers[font] == nil {
            fontNumbers[font] = fonts.count
            fonts.append(font)
          }
        }
        if let color = runs[index].attributes.foregroundColor, color != lastForeground {
          lastForeground = color
          addColor(color)
        }
        if let color = runs[index].attributes.backgroundColor, color != lastBackground {
          lastBackground = color
          addColor(color)
        }
        if let resources = runs[index].attributes.element?.resources, !resources.isEmpty { add(resources) }
      }
    }
  }

  /// Collects the fonts and colours of `text` in order of first use, as
  /// `init(collecting:)` does, looking at each distinct attribute set once: every run
  /// is numbered in `sets` (`sets.runNumbers`, in body order), and its text counted.
  init(collecting text: AttributedText, numbering sets: inout RTFAttributeSets) {
    var runNumbers: [Int32] = []
    runNumbers.reserveCapacity(text.paragraphs.count * 2)
    var textBytes = 0
    var added: [Int] = []
    for paragraph in text.paragraphs {
      // Through a pointer, so each run's attributes are compared in place, not
      // copied (they are large), and the run array is not retained.
      paragraph.withRuns { runs in
        guard let base = runs.baseAddress else { return }
        for index in 0..<runs.count {
          let run = base + index
          textBytes += run.pointee.text.utf8.count
          let known = sets.sets.count
          let number = sets.number(of: run.attributes)
          runNumbers.append(Int32(truncatingIfNeeded: number))
          if number >= known { added.append(number) }
        }
      }
      // A set seen before adds nothing: its fonts and colours are in already.
      for number in added {
        let attributes = sets.sets[number]
        if let font = attributes.font, fontNumbers[font] == nil {
          fontNumbers[font] = fonts.count
          fonts.append(font)
        }
        if let color = attributes.foregroundColor { addColor(color) }
        if let color = attributes.backgroundColor { addColor(color) }
        if let resources = attributes.element?.resources, !resources.isEmpty { add(resources) }
      }
      added.removeAll(keepingCapacity: true)
    }
    sets.runNumbers = runNumbers
    sets.textBytes = textBytes
  }

  /// Adds the fonts and colours an element refers to, in the order of their old numbers.
  private mutating func add(_ resources: RTFElementResources) {
    for (_, font) in resources.fonts.sorted(by: { $0.key < $1.key }) where fontNumbers[font] == nil {
      fontNumbers[font] = fonts.count
      fonts.append(font)
    }
    for (_, color) in resources.colors.sorted(by: { $0.key < $1.key }) { addColor(color) }
  }

  /// An element's RTF with its font and colour numbers renumbered to these tables.
  func renumbered(_ element: RTFElement) -> [UInt8] {
    guard let resources = element.resources, !resources.isEmpty else { return element.rtf }
    return RTFElementNumbers.renumbered(element.rtf) { kind, number in
      switch kind {
      case .font: resources.fonts[number].flatMap { fontNumbers[$0] }
      case .color: resources.colors[number].flatMap { colorNumbers[$0] }
      }
    }
  }

  private mutating func addColor(_ color: Color) {
    guard colorNumbers[color] == nil else { return }
    colors.append(color)
    colorNumbers[color] = colors.count
  }

  /// Tables up to this size are searched by comparing, which is quicker than hashing
  /// (a body has a few fonts and colours; their numbers are looked up on every change).
  private static let searchedTableSize = 16

  /// The `\fN` number of a collected font.
  func number(of font: Font) -> Int {
    if numbersFollowOrder, fonts.count <= Self.searchedTableSize, let index = fonts.firstIndex(of: font) { return index }
    return fontNumbers[font] ?? 0
  }

  /// The `\cfN` number of a colour: 0 for none, otherwise its table entry.
  func number(of color: Color?) -> Int {
    guard let color else { return 0 }
    if numbersFollowOrder, colors.count <= Self.searchedTableSize, let index = colors.firstIndex(of: color) { return index + 1 }
    return colorNumbers[color] ?? 0
  }

  /// Writes `{\fonttbl…}`: unbraced entries, Helvetica alone when the body sets no font.
  func writeFontTable(to out: inout RTFByteBuffer) {
    out.raw("{\\fonttbl")
    for (number, font) in (fonts.isEmpty ? [Self.defaultFont] : fonts).enumerated() {
      out.word("\\f", number)
      out.raw("\\f")
      out.raw(font.family.rawValue)
      out.word("\\fcharset", font.charset)
      out.byte(UInt8(ascii: " "))
      out.text(font.name, usesCodePage1252: false)
      out.byte(UInt8(ascii: ";"))
    }
    out.raw("}")
  }

  /// Writes `{\colortbl;…}` and the `{\*\expandedcolortbl;;…}` that mirrors it, each
  /// on its own line.
  /// A colour's entry in `expandedColors` is written as it is.
  func writeColorTables(expandedColors: [Color: String] = [:], to out: inout RTFByteBuffer) {
    out.raw("{\\colortbl;")
    for color in colors {
      out.word("\\red", Int(color.red))
      out.word("\\green", Int(color.green))
      out.word("\\blue", Int(color.blue))
      out.byte(UInt8(ascii: ";"))
    }
    out.raw("}\n{\\*\\expandedcolortbl;;")
    for color in colors.dropFirst() {
      if let spelling = expandedColors[color] {
        out.raw(spelling)
        out.byte(UInt8(ascii: ";"))
        continue
      }
      out.word("\\cssrgb\\c", Self.expandedComponent(color.red))
      out.word("\\c", Self.expandedComponent(color.green))
      out.word("\\c", Self.expandedComponent(color.blue))
      out.byte(UInt8(ascii: ";"))
    }
    out.raw("}")
  }

  /// A colour component as `\cssrgb` writes it: 0–255 scaled to 0–100000.
  static func expandedComponent(_ value: UInt8) -> Int {
    (Int(value) * 100_000 + 127) / 255
  }
}
