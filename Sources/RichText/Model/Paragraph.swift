/// One paragraph: a sequence of attributed runs and a paragraph style.
///
/// Runs are kept normalized: no run is empty, and no two neighbours have equal
/// attributes (they are joined). Normalizing keeps equality meaningful: the same
/// text with the same formatting is the same paragraph however it was built.
/// A paragraph's text never contains `"\n"`; a line break inside a paragraph is
/// U+2028 (LINE SEPARATOR), as Cocoa writes it.
///
/// A paragraph is small to copy: unformatted text with the default style is kept as
/// its string alone, and anything else in one shared, copy-on-write box. Bodies of
/// millions of paragraphs, and the copies a merge or an edit makes of them, stay
/// close to the size of their text.
public struct Paragraph: Hashable, Sendable {
  private var storage: ParagraphStorage

  /// The attributed runs, normalized.
  public var runs: [TextRun] {
    switch storage {
    case .plain(let text): text.isEmpty ? [] : [TextRun(text: text)]
    case .formatted(let box): box.runs
    }
  }

  /// Alignment, indents, tab stops, spacing and list membership.
  public var style: ParagraphStyle {
    get {
      switch storage {
      case .plain: ParagraphStyle()
      case .formatted(let box): box.style
      }
    }
    set { modify { $0.style = newValue } }
  }

  /// Creates a paragraph, normalizing `runs`.
  public init(runs: [TextRun] = [], style: ParagraphStyle = ParagraphStyle()) {
    storage = ParagraphStorage(runs: Paragraph.normalize(runs), style: style)
  }

  /// Creates a paragraph of runs that are already normalized (none empty, no two
  /// neighbours with equal attributes), without a second pass over them: the
  /// reader's runs are. Debug builds check the promise.
  init(normalizedRuns runs: [TextRun], style: ParagraphStyle) {
    assert(runs == Paragraph.normalize(runs), "runs are not normalized")
    storage = ParagraphStorage(runs: runs, style: style)
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
    switch storage {
    case .plain(let text): return text
    case .formatted(let box):
      if box.runs.count == 1 { return box.runs[0].text }
      return box.runs.reduce(into: "") { $0 += $1.text }
    }
  }

  /// Appends a run, joining it to the last run when their attributes are equal.
  public mutating func append(_ run: TextRun) {
    guard !run.text.isEmpty else { return }
    modify { contents in
      if let last = contents.runs.last, last.attributes == run.attributes {
        contents.runs[contents.runs.count - 1].text += run.text
      } else {
        contents.runs.append(run)
      }
    }
  }

  /// Appends text with the given attributes.
  public mutating func append(_ text: String, attributes: CharacterAttributes) {
    append(TextRun(text: text, attributes: attributes))
  }

  /// Replaces all runs, normalizing them.
  public mutating func setRuns(_ newRuns: [TextRun]) {
    let normalized = Paragraph.normalize(newRuns)
    modify { $0.runs = normalized }
  }

  /// Changes runs and style in place (without copying a box no one else holds), then
  /// stores the result in its most compact form (in the same box, when it is still
  /// formatted and no one else held it).
  private mutating func modify(_ change: (inout ParagraphContents) -> Void) {
    switch storage {
    case .plain(let text):
      var contents = ParagraphContents(runs: text.isEmpty ? [] : [TextRun(text: text)], style: ParagraphStyle())
      change(&contents)
      storage = ParagraphStorage(runs: contents.runs, style: contents.style)
    case .formatted(var box):
      storage = .plain("")  // drops this paragraph's reference, so the box may be unique
      guard isKnownUniquelyReferenced(&box) else {
        var contents = ParagraphContents(runs: box.runs, style: box.style)
        change(&contents)
        storage = ParagraphStorage(runs: contents.runs, style: contents.style)
        return
      }
      var contents = ParagraphContents(taking: box)
      change(&contents)
      storage = ParagraphStorage(runs: contents.runs, style: contents.style, reusing: box)
    }
  }

  /// Calls `body` with the runs read in place: the array is neither copied nor
  /// made (a plain paragraph's one run is made for the call only). For loops over
  /// every run of a big body, such as the writer's, where `runs` would cost an
  /// array's retain and release, or an allocation, per paragraph.
  func withRuns<R>(_ body: (UnsafeBufferPointer<TextRun>) -> R) -> R {
    switch storage {
    case .plain(let text):
      guard !text.isEmpty else { return body(UnsafeBufferPointer(start: nil, count: 0)) }
      return withUnsafePointer(to: TextRun(text: text)) { body(UnsafeBufferPointer(start: $0, count: 1)) }
    case .formatted(let box):
      return box.runs.withUnsafeBufferPointer(body)
    }
  }

  /// Calls `body` with the style read in place, not copied (see `withRuns`).
  func withStyle<R>(_ body: (UnsafePointer<ParagraphStyle>) -> R) -> R {
    switch storage {
    case .plain:
      return withUnsafePointer(to: Paragraph.defaultStyle, body)
    case .formatted(let box):
      return withUnsafePointer(to: &box.style) { body($0) }
    }
  }

  /// The style's list marker, read in place (nil at once for a paragraph in no list).
  var listMarker: ListMarker? {
    withStyle { RTFInPlaceComparison.hasList($0) ? $0.pointee.list : nil }
  }

  /// Changes the style in place (without the copy that setting `style` makes).
  mutating func modifyStyle(_ change: (inout ParagraphStyle) -> Void) {
    modify { change(&$0.style) }
  }

  /// The style of a plain paragraph, made once.
  private static let defaultStyle = ParagraphStyle()

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

/// How a paragraph keeps its runs and style. Unformatted text with the default style
/// is always `.plain`, so equal paragraphs have equal storage.
private enum ParagraphStorage: Hashable, Sendable {
  /// One run with the default attributes (or none, for ""), and the default style.
  case plain(String)
  /// Anything else.
  case formatted(FormattedParagraph)

  init(runs: [TextRun], style: ParagraphStyle) {
    if Self.isPlain(runs: runs, style: style) {
      self = .plain(runs.first?.text ?? "")
    } else {
      self = .formatted(FormattedParagraph(runs: runs, style: style))
    }
  }

  /// `init(runs:style:)`, which puts formatted contents into `box` (a box no one else
  /// holds) instead of a new one.
  init(runs: [TextRun], style: ParagraphStyle, reusing box: FormattedParagraph) {
    if Self.isPlain(runs: runs, style: style) {
      self = .plain(runs.first?.text ?? "")
    } else {
      box.runs = runs
      box.style = style
      self = .formatted(box)
    }
  }

  private static func isPlain(runs: [TextRun], style: ParagraphStyle) -> Bool {
    runs.count <= 1 && (runs.first?.attributes.isDefault ?? true) && style.isDefault
  }
}

/// The runs and style of a paragraph that is not plain text, shared by its copies.
/// Never changed once shared: `Paragraph` changes one only while it holds the sole
/// reference (which is what makes the unchecked `Sendable` sound).
private final class FormattedParagraph: Hashable, @unchecked Sendable {
  var runs: [TextRun]
  var style: ParagraphStyle

  init(runs: [TextRun], style: ParagraphStyle) {
    self.runs = runs
    self.style = style
  }

  static func == (lhs: FormattedParagraph, rhs: FormattedParagraph) -> Bool {
    lhs === rhs || (lhs.runs == rhs.runs && lhs.style == rhs.style)
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(runs)
    hasher.combine(style)
  }
}

/// A paragraph's runs and style while they change.
private struct ParagraphContents {
  var runs: [TextRun]
  var style: ParagraphStyle

  init(runs: [TextRun], style: ParagraphStyle) {
    self.runs = runs
    self.style = style
  }

  /// The contents of `box`, which no one else holds: its arrays are moved out (so
  /// they can grow in place) and the box is left empty.
  init(taking box: FormattedParagraph) {
    runs = []
    style = ParagraphStyle()
    swap(&runs, &box.runs)
    swap(&style, &box.style)
  }
}

extension CharacterAttributes {
  /// Whether nothing is set.
  var isDefault: Bool { self == CharacterAttributes() }
}

extension ParagraphStyle {
  /// Whether every field is the RTF default.
  var isDefault: Bool { self == ParagraphStyle() }
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

extension Paragraph: CustomReflectable {
  /// The runs and style, as a plain struct of them shows: descriptions (which a merge
  /// compares to break a tie between identical sides) do not depend on the storage.
  public var customMirror: Mirror {
    Mirror(self, children: ["runs": runs, "style": style], displayStyle: .struct)
  }
}
