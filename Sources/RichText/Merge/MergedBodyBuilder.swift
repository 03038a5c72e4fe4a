/// Assembles a merged body: paragraphs copied whole, and word-merged pieces turned
/// back into paragraphs, each conflict widened to whole paragraphs and shown between
/// highlighted marker paragraphs.
///
/// Only the marker paragraphs are formatted (`ConflictMarkerFormatting`); the
/// alternatives keep the formatting they have in their versions, so the words a
/// user keeps carry their own formatting, a background of the marker's colour that
/// the user gave them included.
struct MergedBodyBuilder {
  private(set) var paragraphs: [Paragraph] = []
  private(set) var hunks: [ConflictHunk] = []
  private let firstLabel: String
  private let secondLabel: String

  init(firstLabel: String, secondLabel: String) {
    self.firstLabel = firstLabel
    self.secondLabel = secondLabel
  }

  /// Makes room for `count` paragraphs, so a big body is not regrown (and briefly
  /// held twice) as it is built.
  mutating func reserveCapacity(_ count: Int) {
    paragraphs.reserveCapacity(count)
  }

  mutating func append(_ newParagraphs: some Sequence<Paragraph>) {
    paragraphs.append(contentsOf: newParagraphs)
  }

  /// Appends merged pieces. A conflict takes in the rest of its paragraph on both
  /// sides (the resolved tokens before it since the last break, and after it up to
  /// the next resolved break); conflicts that meet in one paragraph become one hunk.
  mutating func append(_ pieces: [MergedPiece], table: AttributeTable) {
    var line: [MergedToken] = []
    var hunk: (first: [MergedToken], second: [MergedToken])?
    for piece in pieces {
      switch piece {
      case .token(let token):
        if var open = hunk {
          open.first.append(token)
          open.second.append(token)
          hunk = open
          if token.style != nil {
            appendHunk(open.first, open.second, table: table)
            hunk = nil
          }
        } else if let style = token.style {
          paragraphs.append(Self.paragraph(line, style: style, table: table))
          line = []
        } else {
          line.append(token)
        }
      case .conflict(let first, let second):
        if var open = hunk {
          open.first += first
          open.second += second
          hunk = open
        } else {
          hunk = (line + first, line + second)
          line = []
        }
      }
    }
    if let open = hunk { appendHunk(open.first, open.second, table: table) }
    if !line.isEmpty { paragraphs.append(Self.paragraph(line, style: ParagraphStyle(), table: table)) }
  }

  /// Appends a conflict of whole paragraphs, `first` and `second` as they are.
  mutating func appendConflict(_ first: ArraySlice<Paragraph>, _ second: ArraySlice<Paragraph>) {
    appendHunk(Array(first), Array(second))
  }

  private mutating func appendHunk(
    _ first: [MergedToken], _ second: [MergedToken], table: AttributeTable
  ) {
    appendHunk(Self.paragraphs(first, table: table), Self.paragraphs(second, table: table))
  }

  private mutating func appendHunk(_ firstParagraphs: [Paragraph], _ secondParagraphs: [Paragraph]) {
    let start = paragraphs.count
    paragraphs.append(Self.marker("<<<<<<< " + firstLabel))
    paragraphs += firstParagraphs
    paragraphs.append(Self.marker("======="))
    paragraphs += secondParagraphs
    paragraphs.append(Self.marker(">>>>>>> " + secondLabel))
    hunks.append(
      ConflictHunk(
        paragraphs: start..<paragraphs.count,
        first: .init(label: firstLabel, text: firstParagraphs.map(\.text).joined(separator: "\n")),
        second: .init(label: secondLabel, text: secondParagraphs.map(\.text).joined(separator: "\n"))))
  }

  /// Tokens split into paragraphs at their breaks; tokens after the last break make a
  /// last paragraph with the style of the break before them.
  private static func paragraphs(_ tokens: [MergedToken], table: AttributeTable) -> [Paragraph] {
    var result: [Paragraph] = []
    var line: [MergedToken] = []
    var lastStyle = ParagraphStyle()
    for token in tokens {
      if let style = token.style {
        result.append(paragraph(line, style: style, table: table))
        lastStyle = style
        line = []
      } else {
        line.append(token)
      }
    }
    if !line.isEmpty { result.append(paragraph(line, style: lastStyle, table: table)) }
    return result
  }

  private static func paragraph(
    _ tokens: [MergedToken], style: ParagraphStyle, table: AttributeTable
  ) -> Paragraph {
    var runs: [TextRun] = []
    var text = String.UnicodeScalarView()
    var current: Int32 = -1
    for token in tokens {
      for (scalar, number) in zip(token.scalars, token.attributes) {
        if number != current, current >= 0, !text.isEmpty {
          runs.append(TextRun(text: String(text), attributes: table[current]))
          text = String.UnicodeScalarView()
        }
        current = number
        text.append(scalar)
      }
    }
    if current >= 0, !text.isEmpty { runs.append(TextRun(text: String(text), attributes: table[current])) }
    return Paragraph(runs: runs, style: style)
  }

  /// A marker paragraph: its text with the marker formatting.
  private static func marker(_ text: String) -> Paragraph {
    Paragraph(text: text, attributes: ConflictMarkerFormatting.attributes)
  }
}
