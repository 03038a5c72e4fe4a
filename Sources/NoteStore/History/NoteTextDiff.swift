import Foundation
import RichText

/// A word-level diff of two versions of a note body, plus a description of changes to
/// formatting only ("bold added to 'fresh'").
public struct NoteTextDiff: Sendable, Hashable, Codable {
  /// One stretch of the text: unchanged, removed or inserted.
  public struct Segment: Sendable, Hashable, Codable {
    /// What happened to the text.
    public enum Kind: String, Sendable, Hashable, Codable {
      case equal, removed, inserted
    }
    /// What happened to the text.
    public var kind: Kind
    /// The text.
    public var text: String
  }

  /// One changed stretch of text, as `--json` prints it.
  public struct Hunk: Sendable, Hashable, Codable {
    /// The text removed (empty for a pure insertion).
    public var old: String
    /// The text inserted (empty for a pure deletion).
    public var new: String
    /// The 1-based paragraph of the old text where the hunk starts.
    public var oldParagraph: Int
    /// The 1-based paragraph of the new text where the hunk starts.
    public var newParagraph: Int
  }

  /// A change to the formatting of text that is the same in both versions.
  public struct FormatChange: Sendable, Hashable, Codable {
    /// The text whose formatting changed.
    public var text: String
    /// What changed, such as `bold added` or `font size 12 → 14`.
    public var change: String
    /// The 1-based paragraph of the new text.
    public var paragraph: Int
  }

  /// The whole new text cut into unchanged, removed and inserted stretches.
  public var segments: [Segment]
  /// The changed stretches.
  public var hunks: [Hunk]
  /// Formatting changes on text both versions share.
  public var formatting: [FormatChange]

  /// Whether the two versions have the same text and formatting.
  public var isEmpty: Bool { hunks.isEmpty && formatting.isEmpty }

  /// Diffs `old` against `new` by words (`WordTokenizer`, `TokenDiff`).
  public init(from old: AttributedText, to new: AttributedText) {
    let oldText = Spans(old)
    let newText = Spans(new)
    var interner: [String: Int] = [:]
    func intern(_ tokens: [String]) -> [Int] {
      tokens.map { token in
        if let known = interner[token] { return known }
        interner[token] = interner.count
        return interner.count - 1
      }
    }
    let diff = TokenDiff(from: intern(oldText.tokenTexts), to: intern(newText.tokenTexts))
    var segments: [Segment] = []
    var hunks: [Hunk] = []
    func add(_ kind: Segment.Kind, _ text: String) {
      guard !text.isEmpty else { return }
      if let last = segments.last, last.kind == kind {
        segments[segments.count - 1].text += text
      } else {
        segments.append(Segment(kind: kind, text: text))
      }
    }
    var newPosition = 0
    let oldEnd: Range<Int> = oldText.tokens.count..<oldText.tokens.count
    let newEnd: Range<Int> = newText.tokens.count..<newText.tokens.count
    let changes: [TokenDiff.Change] = diff.changes + [TokenDiff.Change(old: oldEnd, new: newEnd)]
    for change in changes {
      add(.equal, newText.text(newPosition..<change.new.lowerBound))
      let removed = oldText.text(change.old)
      let inserted = newText.text(change.new)
      if !removed.isEmpty || !inserted.isEmpty {
        hunks.append(
          Hunk(
            old: removed, new: inserted, oldParagraph: oldText.paragraph(ofToken: change.old.lowerBound),
            newParagraph: newText.paragraph(ofToken: change.new.lowerBound)))
      }
      add(.removed, removed)
      add(.inserted, inserted)
      newPosition = change.new.upperBound
    }
    var formatting: [FormatChange] = []
    for match in diff.matches {
      var run: (text: String, change: String, paragraph: Int)?
      for offset in 0..<match.count {
        let before = oldText.attributes[match.old + offset]
        let after = newText.attributes[match.new + offset]
        let token = newText.tokenTexts[match.new + offset]
        let described = before == after ? nil : Self.describe(before, after)
        if let described, let current = run, current.change == described {
          run?.text += token
        } else {
          if let current = run { formatting.append(Self.trimmed(current)) }
          run = described.map { (token, $0, newText.paragraph(ofToken: match.new + offset)) }
        }
      }
      if let current = run { formatting.append(Self.trimmed(current)) }
    }
    self.segments = segments
    self.hunks = hunks
    self.formatting = formatting.filter { !$0.text.trimmingCharacters(in: .whitespaces).isEmpty }
  }

  private static func trimmed(_ run: (text: String, change: String, paragraph: Int)) -> FormatChange {
    FormatChange(text: run.text.trimmingCharacters(in: .whitespaces), change: run.change, paragraph: run.paragraph)
  }

  /// Says what differs between two sets of character attributes, in words.
  static func describe(_ old: CharacterAttributes?, _ new: CharacterAttributes?) -> String {
    let a = old ?? CharacterAttributes()
    let b = new ?? CharacterAttributes()
    var parts: [String] = []
    func toggle(_ name: String, _ x: Bool, _ y: Bool) {
      if x != y { parts.append(y ? "\(name) added" : "\(name) removed") }
    }
    toggle("bold", a.isBold, b.isBold)
    toggle("italic", a.isItalic, b.isItalic)
    toggle("underline", a.underline != nil, b.underline != nil)
    toggle("strikethrough", a.strikethrough != nil, b.strikethrough != nil)
    if a.font != b.font {
      let before: String = a.font?.name ?? "default"
      let after: String = b.font?.name ?? "default"
      parts.append("font " + before + " → " + after)
    }
    if a.fontSize != b.fontSize {
      let before: String = a.fontSize.map(Self.number) ?? "default"
      let after: String = b.fontSize.map(Self.number) ?? "default"
      parts.append("font size " + before + " → " + after)
    }
    if a.foregroundColor != b.foregroundColor { parts.append("colour changed") }
    if a.backgroundColor != b.backgroundColor { parts.append("highlight changed") }
    if a.link != b.link {
      let described: String = b.link.map { "link to " + $0 } ?? "link removed"
      parts.append(described)
    }
    if a.verticalPosition != b.verticalPosition { parts.append("baseline changed") }
    return parts.isEmpty ? "formatting changed" : parts.joined(separator: ", ")
  }

  private static func number(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(value)
  }
}

/// A body cut into word tokens, each with the attributes of its first character and
/// the paragraph it is in. Paragraphs are joined by `"\n"` tokens.
private struct Spans {
  var tokens: [Range<Int>] = []
  var tokenTexts: [String] = []
  var attributes: [CharacterAttributes?] = []
  var paragraphs: [Int] = []

  init(_ body: AttributedText) {
    for (number, paragraph) in body.paragraphs.enumerated() {
      if number > 0 {
        tokenTexts.append("\n")
        attributes.append(nil)
        paragraphs.append(number)
      }
      var scalars: [Unicode.Scalar] = []
      var scalarAttributes: [CharacterAttributes] = []
      for run in paragraph.runs {
        for scalar in run.text.unicodeScalars {
          scalars.append(scalar)
          scalarAttributes.append(run.attributes)
        }
      }
      for token in WordTokenizer.tokens(of: scalars) {
        var text = String.UnicodeScalarView()
        text.append(contentsOf: scalars[token.range])
        tokenTexts.append(String(text))
        attributes.append(scalarAttributes[token.range.lowerBound])
        paragraphs.append(number + 1)
      }
    }
    tokens = tokenTexts.indices.map { $0..<($0 + 1) }
  }

  func text(_ range: Range<Int>) -> String {
    tokenTexts[range].joined()
  }

  func paragraph(ofToken index: Int) -> Int {
    index < paragraphs.count ? paragraphs[index] : (paragraphs.last ?? 1)
  }
}
