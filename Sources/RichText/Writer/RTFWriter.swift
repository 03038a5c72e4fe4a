/// Writes an `AttributedText` as RTF the way Cocoa (TextEdit, `NSAttributedString`)
/// writes it.
///
/// The output is deterministic (the same body always gives the same bytes) and pure
/// 7-bit ASCII: characters of code page 1252 become `\'hh`, all others `\uc0\uN `.
/// Font, colour and list tables are rebuilt from the body in order of first use. A
/// body read from a Cocoa file keeps that file's header (`\cocoartf` version, code
/// page, document controls), so an unchanged note is written back byte for byte.
///
/// ```swift
/// let rtf = RTFWriter().write(AttributedText(plainText: "Milk\nEggs"))
/// ```
///
/// Unset attributes are not written: a run without a font or size has no `\f` or
/// `\fs` (Cocoa then shows Helvetica 12 pt), and a paragraph with the default style is
/// `\pard\pardirnatural\partightenfactor0`. Sizes are written in half points
/// (`\fsN`, with `\fsmilliN` for sizes between half points). Strikethrough styles
/// other than single and double are written as single.
public struct RTFWriter: Sendable {
  /// The `\cocoartfN` version written for bodies that did not come from a Cocoa file
  /// (macOS 15's value).
  public static let defaultCocoaVersion = 2822

  /// The document controls written for bodies that did not come from a Cocoa file:
  /// `\cocoatextscaling0\cocoaplatform0` (standard text scaling, macOS).
  public static let defaultDocumentControls = [
    OpaqueControl(name: "cocoatextscaling", parameter: 0),
    OpaqueControl(name: "cocoaplatform", parameter: 0),
  ]

  /// Creates a writer.
  public init() {}

  /// The RTF bytes of `text`.
  ///
  /// A body read from a file (and then edited or not) is written back into that
  /// file: the paragraphs it kept keep their bytes, with everything in them the
  /// model does not hold; only the changed paragraphs are written anew. A new body,
  /// or one whose document attributes or fonts and colours changed, is written
  /// whole, in Cocoa's way.
  ///
  /// - Complexity: O(n) in the size of the body.
  public func write(_ text: AttributedText) -> [UInt8] {
    if let source = text.rtfSource, let bytes = RTFSplicingWriter(source: source).write(text) {
      return bytes
    }
    let document = Self.writtenDocumentAttributes(text.document)
    var sets = RTFAttributeSets()
    let tables = RTFResourceTables(collecting: text, numbering: &sets)
    let lists = RTFListTable(planning: text.paragraphs)
    var out = RTFByteBuffer(capacity: Self.estimatedSize(textBytes: sets.textBytes, runs: sets.runNumbers.count, paragraphs: text.paragraphs.count))

    out.word("{\\rtf1\\ansi\\ansicpg", document.codePage)
    out.word("\\cocoartf", document.cocoaVersion ?? Self.defaultCocoaVersion)
    if let subversion = document.cocoaSubversion { out.word("\\cocoasubrtf", subversion) }
    out.byte(UInt8(ascii: "\n"))
    let isHeaderControl = { (control: OpaqueControl) in
      control.name == "cocoatextscaling" || control.name == "cocoaplatform"
    }
    for control in document.controls where isHeaderControl(control) { out.control(control) }
    tables.writeFontTable(to: &out)
    out.byte(UInt8(ascii: "\n"))
    tables.writeColorTables(expandedColors: text.rtfSource?.tables.expandedColors ?? [:], to: &out)
    out.byte(UInt8(ascii: "\n"))
    if !lists.isEmpty {
      lists.write(to: &out)
      out.byte(UInt8(ascii: "\n"))
    }
    let bodyControls = document.controls.filter { !isHeaderControl($0) }
    for (index, control) in bodyControls.enumerated() {
      if index > 0 && control.name == "deftab" { out.byte(UInt8(ascii: "\n")) }
      out.control(control)
    }
    if !bodyControls.isEmpty { out.byte(UInt8(ascii: "\n")) }

    var body = RTFBodyWriter(
      tables: tables, lists: lists, documentUsesCodePage1252: document.codePage == 1252)
    if !lists.cellItems.isEmpty {
      body.renumberedTables = RTFCellListNumbers.renumberedTables(of: text.paragraphs, lists: lists)
    }
    body.write(text.paragraphs, sets: &sets, to: &out)
    return out.finished()
  }

  /// The document attributes a body is written with, which are also the ones reading
  /// the output gives back: `document` itself when it came from a Cocoa file
  /// (`cocoaVersion` set), otherwise `document` with `defaultCocoaVersion` and the
  /// default controls added in front of its own.
  public static func writtenDocumentAttributes(
    _ document: DocumentAttributes
  ) -> DocumentAttributes {
    guard document.cocoaVersion == nil else { return document }
    var written = document
    written.cocoaVersion = defaultCocoaVersion
    let missing = defaultDocumentControls.filter { control in
      !document.controls.contains { $0.name == control.name }
    }
    written.controls = missing + document.controls
    return written
  }

  /// Room for the text at its most escaped but for C0 controls (CJK is 8 bytes for
  /// 3, emoji 14 for 4, Cyrillic 7 for 2), and the words of each run and paragraph.
  /// Pages the output does not reach are never touched, so room is cheap, and the
  /// buffer need not grow (a copy of all written so far).
  private static func estimatedSize(textBytes: Int, runs: Int, paragraphs: Int) -> Int {
    2048 + textBytes * 4 + runs * 64 + paragraphs * 128
  }
}
