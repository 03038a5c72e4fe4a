/// One paragraph: a sequence of attributed runs and a paragraph style.
///
/// Runs are kept normalized: no run is empty, and no two neighbours have equal
/// attributes (they are joined). Normalizing keeps equality meaningful: the same
/// text with the same formatting is the same paragraph however it was built.
/// A paragraph's text never contains `"\n"`; a line break inside a paragraph is
/// U+2028 (LINE SEPARATOR), as Cocoa writes it.
public struct Paragraph: Hashable, Sendable {
  /// The attributed runs, normalized.
  public private(set) var runs: [TextRun]

  /// Alignment, indents, tab stops, spacing and list membership.
  public var style: ParagraphStyle

  /// Creates a paragraph, normalizing `runs`.
  public init(runs: [TextRun] = [], style: ParagraphStyle = ParagraphStyle()) {
    self.runs = Paragraph.normalize(runs)
    self.style = style
  }

  /// Creates a paragraph of one run.
  public init(
    text: String, attributes: CharacterAttributes = CharacterAttributes(),
    style: ParagraphStyle = ParagraphStyle()
  ) {
    self.init(runs: [TextRun(text: text, attributes: attributes)], style: style)
  }

  /// The paragraph's text without formatting.
  public var text: String {
    runs.reduce(into: "") { $0 += $1.text }
  }

  /// Appends a run, joining it to the last run when their attributes are equal.
  public mutating func append(_ run: TextRun) {
    guard !run.text.isEmpty else { return }
    if let last = runs.last, last.attributes == run.attributes {
      runs[runs.count - 1].text += run.text
    } else {
      runs.append(run)
    }
  }

  /// Appends text with the given attributes.
  public mutating func append(_ text: String, attributes: CharacterAttributes) {
    append(TextRun(text: text, attributes: attributes))
  }

  /// Replaces all runs, normalizing them.
  public mutating func setRuns(_ newRuns: [TextRun]) {
    runs = Paragraph.normalize(newRuns)
  }

  static func normalize(_ runs: [TextRun]) -> [TextRun] {
    var result: [TextRun] = []
    result.reserveCapacity(runs.count)
    for run in runs where !run.text.isEmpty {
      if let last = result.last, last.attributes == run.attributes {
        result[result.count - 1].text += run.text
      } else {
        result.append(run)
      }
    }
    return result
  }
}

/// A stretch of text with one set of character attributes.
public struct TextRun: Hashable, Sendable {
  /// The text; never contains `"\n"` inside a normalized paragraph.
  public var text: String
  /// The formatting of every character of `text`.
  public var attributes: CharacterAttributes

  /// Creates a run.
  public init(text: String, attributes: CharacterAttributes = CharacterAttributes()) {
    self.text = text
    self.attributes = attributes
  }
}
