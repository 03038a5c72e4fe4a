/// A rich-text note body: paragraphs of attributed runs, plus the document-level
/// attributes of the RTF file it came from.
///
/// `AttributedText` is a value: two bodies are equal when their text, their
/// formatting and their document attributes are equal. There is always at least one
/// paragraph; the plain text of the body is its paragraphs' texts joined by `"\n"`,
/// so a body that ends with a newline ends with an empty paragraph.
///
/// ```swift
/// let body = AttributedText(plainText: "Milk\nEggs")
/// body.paragraphs.count  // 2
/// body.plainText         // "Milk\nEggs"
/// ```
public struct AttributedText: Hashable, Sendable {
  /// The paragraphs, in order; never empty.
  public private(set) var paragraphs: [Paragraph]

  /// Header values of the RTF file (code page, Cocoa version, paper and view size),
  /// kept so that rewriting a file does not change what its writer put there.
  public var document: DocumentAttributes

  /// The RTF file the body was read from, so that writing it back keeps the bytes
  /// of every paragraph that did not change. Not part of the body's value: two
  /// bodies with the same text, formatting and document attributes are equal
  /// whatever file they came from.
  var rtfSource: RTFSource?

  /// Creates a body from paragraphs; an empty list becomes one empty paragraph.
  public init(paragraphs: [Paragraph], document: DocumentAttributes = DocumentAttributes()) {
    self.paragraphs = paragraphs.isEmpty ? [Paragraph()] : paragraphs
    self.document = document
  }

  /// Creates an unformatted body from plain text: one paragraph per line (`"\n"`,
  /// `"\r\n"` and `"\r"` all end a line), every run with `attributes`.
  ///
  /// - Complexity: O(n) in the length of `plainText`.
  public init(
    plainText: String,
    attributes: CharacterAttributes = CharacterAttributes(),
    style: ParagraphStyle = ParagraphStyle(),
    document: DocumentAttributes = DocumentAttributes()
  ) {
    let lines = plainText.split(
      omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
    self.init(
      paragraphs: lines.map { Paragraph(text: String($0), attributes: attributes, style: style) },
      document: document)
  }

  /// An empty body: one empty paragraph.
  public init() {
    self.init(paragraphs: [])
  }

  /// Replaces paragraph `index`.
  public mutating func replaceParagraph(at index: Int, with paragraph: Paragraph) {
    paragraphs[index] = paragraph
  }

  /// Replaces all paragraphs; an empty list becomes one empty paragraph.
  public mutating func setParagraphs(_ newParagraphs: [Paragraph]) {
    paragraphs = newParagraphs.isEmpty ? [Paragraph()] : newParagraphs
  }

  /// Equal text, formatting and document attributes (the file a body was read
  /// from does not count).
  public static func == (lhs: AttributedText, rhs: AttributedText) -> Bool {
    lhs.document == rhs.document && lhs.paragraphs == rhs.paragraphs
  }

  /// Hashes the text, formatting and document attributes.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(paragraphs)
    hasher.combine(document)
  }

  /// The same body, forgetting the file it was read from: writing it gives the
  /// writer's own canonical bytes.
  public func forgettingSource() -> AttributedText {
    var copy = self
    copy.rtfSource = nil
    return copy
  }

  /// Whether the body holds no text at all.
  public var isEmpty: Bool {
    paragraphs.allSatisfy { $0.runs.isEmpty }
  }
}
