/// The RTF file a body was read from, kept with the body so that writing it back
/// changes only the paragraphs that changed: every other paragraph keeps its bytes,
/// and with them whatever the model does not hold (pictures, tables, footnotes,
/// hidden text, fields, Word's or LibreOffice's own spelling of the formatting).
///
/// Paragraph `k` of the file is `bytes[boundaries[k]..<boundaries[k + 1]]`; the
/// bytes before `boundaries[0]` are the header (tables and document controls), the
/// bytes from `boundaries[paragraphs.count]` on close the document. A boundary is
/// *clean* when the reader was in the document's own group there, outside fields,
/// tables and legacy list groups: a stretch of paragraphs between two clean
/// boundaries can be replaced without disturbing its neighbours, once the state the
/// next paragraph expects is written back (`states`).
struct RTFSource: Sendable {
  /// The whole file.
  let bytes: [UInt8]
  /// The paragraphs as read, to recognise the ones a body kept.
  let paragraphs: [Paragraph]
  /// The document attributes as read; a body whose attributes changed is written
  /// whole.
  let document: DocumentAttributes
  /// `paragraphs.count + 1` byte offsets (see the type's description).
  let boundaries: [Int]
  /// For each boundary, the index in `states` of the reader's state there, or -1
  /// when the boundary is not clean.
  let boundaryStates: [Int32]
  /// The distinct reader states at clean boundaries.
  let states: [RTFBoundaryState]
  /// The file's tables, by value: the numbers a replaced paragraph refers to.
  let tables: RTFSourceTables

  /// Whether a stretch may start or end at boundary `index` (the body's start and
  /// end always are).
  func isClean(_ index: Int) -> Bool {
    index == 0 || index == boundaries.count - 1 || boundaryStates[index] >= 0
  }

  /// The reader's state at a clean boundary inside the body.
  func state(at index: Int) -> RTFBoundaryState? {
    let number = boundaryStates[index]
    return number >= 0 ? states[Int(number)] : nil
  }
}

/// The group state of the reader at a clean paragraph boundary: what the paragraph
/// after it relies on.
struct RTFBoundaryState: Hashable, Sendable {
  var character: CharacterState
  var paragraph: ParagraphState
  var unicodeFallback: Int32
}

/// The font, colour and list numbers of a file, by the values they stand for.
struct RTFSourceTables: Sendable {
  /// `\fN` of each font (the lowest when a font is listed twice).
  var fontNumbers: [Font: Int] = [:]
  /// `\cfN` of each colour (the lowest when a colour is listed twice).
  var colorNumbers: [Color: Int] = [:]
  /// Cocoa's `\*\expandedcolortbl` entry of each colour (such as
  /// `\cssrgb\c100000\c14913\c0`), kept so that a body written whole keeps them.
  var expandedColors: [Color: String] = [:]
  /// `\lsN` of each list format and level the file's lists define (the lists the
  /// body uses first).
  var listNumbers: [ListMarker: Int] = [:]
  /// For each paragraph read, an `\lsN` of the list it is an item of, or nil: so a
  /// rewritten item stays in its own list when two lists have the same format.
  var paragraphListNumbers: [Int?] = []
}

extension RTFSource: CustomStringConvertible, CustomDebugStringConvertible {
  /// A summary: the file's size and paragraph count (never its bytes).
  var description: String { "RTFSource(\(bytes.count) bytes, \(paragraphs.count) paragraphs)" }
  var debugDescription: String { description }
}
