/// Reads RTF documents (Cocoa/TextEdit, Word, WordPad, LibreOffice and others) into
/// an ``AttributedText``.
///
/// ```swift
/// let result = try RTFReader().read(Array(data))
/// result.text.paragraphs.count
/// ```
///
/// The reader never crashes and never loops on bad input: it repairs what it can
/// (reported in ``RTFReadResult/warnings``) and throws an ``RTFError`` for input that
/// is not RTF or exceeds ``RTFLimits``.
///
/// ## What is read
/// - Text in the document's code page (`\ansicpgN`, `\mac` 10000, `\pc` 437, `\pca`
///   850; default 1252) or the current font's (`\fcharsetN`, `\cpgN`; `\fcharset0`
///   is 1252 whatever the document says, 77–89 are the Mac scripts), after `\hich`
///   or `\dbch` the font `\af` gave those characters, as Word reads them; including
///   double-byte CJK code pages (Mac Japanese, Korean and Chinese through their
///   Windows counterparts); `\uN` with `\ucN` fallbacks, surrogate pairs joined,
///   lone surrogates as U+FFFD. Invalid `\'` escapes read as U+FFFD.
/// - Paragraphs end at `\par`, `\sect`, `\page` and `\` + newline; `\line` is U+2028,
///   `\tab` and a literal TAB are `"\t"`; raw CR, LF, DEL and the other C0 control
///   bytes are not text. The last paragraph always exists, so a document ending in
///   `\par` ends with an empty paragraph.
/// - Tables are flattened: cells are separated by `"\t"` (no tab after a row's last
///   cell), rows end paragraphs; nested tables likewise.
/// - Fields show their result; a `HYPERLINK` field sets ``CharacterAttributes/link``
///   on its result text, whose own formatting is kept.
/// - Character formatting: `\f` (by value from the font table), `\fs`/`\fsmilli`,
///   `\b`, `\i`, `\ul…`/`\ulnone`/`\ulstyle`, `\strike`/`\striked1`, `\cf`, `\cb` (or Word's `\chcbpat`),
///   `\highlight`, `\super`/`\sub`/`\nosupersub`/`\up`/`\dn`; reset by `\plain`.
///   Kept as ``OpaqueControl``s (reset by `\plain`): `\expnd \expndtw \kerning \outl
///   \strokewidth \strokec \CocoaLigature \shad \obliqueness \expansion \caps \scaps`,
///   and NoteStore's `\notesconflictmarker` (see ``ConflictMarkerFormatting``).
/// - Paragraph formatting: `\ql \qc \qr \qj \qnatural`, `\fi \li \ri \sb \sa`, `\tx`
///   with `\tqc \tqr \tqdec`, lists through `\ls` + `\ilvl` and the list tables (or
///   legacy `\*\pn`); reset by `\pard`. Kept as ``OpaqueControl``s: `\slleading
///   \slmaximum \slminimum \sl \slmult \pardeftab \keepn \rtlpar`. Each paragraph
///   gets the paragraph formatting in effect where it ends (the last one: at the
///   document's closing `}`). A list level's format comes from Cocoa's
///   `\*\levelmarker` or else `\levelnfc` (see ``ListMarker/Format``).
/// - Document: `\cocoartf`, `\cocoasubrtf`, the code page, and in file order (a
///   repeated control replaces its earlier value in place) `\paperw \paperh \margl
///   \margr \margt \margb \vieww \viewh \viewkind \deftab \readonlydoc \hyphauto
///   \cocoatextscaling \cocoaplatform`.
///
/// - The file itself, kept with the body (not part of its value): writing the body
///   back with ``RTFWriter`` changes only the paragraphs that changed.
///
/// ## What is skipped
/// Hidden text (`\v`), which is never part of the body.
/// Also style sheets, document info, headers and footers, footnotes, list marker text
/// (`\listtext`, `\pntext`), field instructions, `\nonshppict` and `\nonesttables`
/// fallbacks, unknown `\*` destinations (`\*` counts only right after `{`), and
/// every other control word (Word's
/// `\rsid…`, `\lang…`, `\loch`, `\af…`, … — their text still flows). Embedded
/// objects — `\pict`, `\object`, `\shppict`, `\shp` and Cocoa `NeXTGraphic`
/// attachments with their 0xAC placeholder — are skipped and counted in
/// ``RTFReadResult/skippedObjects``. `\binN` data is skipped by length everywhere.
///
/// ## Repairs
/// Groups left open at the end of the input are closed; text after the document's
/// closing `}` is ignored; control words longer than 32 letters are ignored;
/// parameters beyond 32 bits are clamped; unknown code pages read as 1252. Font
/// names are cut at 256 bytes, field instructions and list level texts at 4 096,
/// tab stops at 128 per paragraph, so no input makes reading slow down
/// quadratically. Each
/// repair is a warning with its byte offset.
public struct RTFReader: Sendable {
  /// The limits this reader enforces.
  public var limits: RTFLimits

  /// The most warnings a result holds.
  public static let maxWarnings = 100

  /// Creates a reader.
  public init(limits: RTFLimits = .default) {
    self.limits = limits
  }

  /// Reads an RTF document.
  ///
  /// The input must start with `{\rtf`, after optional spaces, line breaks and a
  /// UTF-8 byte-order mark; spaces and line breaks may also stand between the `{`
  /// and `\rtf`, as LibreOffice and Word accept.
  ///
  /// - Throws: ``RTFError`` when the input is not RTF or exceeds the limits.
  /// - Complexity: O(n) in the size of the input.
  public func read(_ bytes: [UInt8]) throws(RTFError) -> RTFReadResult {
    try read(bytes, usingRecentCaches: true)
  }

  /// `read(_:)` on the fast path, which looks character states, paragraph
  /// boundaries and link targets up among the recent ones, or on the general path,
  /// which works each out afresh (for tests that compare the two).
  func read(_ bytes: [UInt8], usingRecentCaches: Bool) throws(RTFError) -> RTFReadResult {
    try read(bytes, usingRecentCaches: usingRecentCaches, readingBodyRuns: usingRecentCaches)
  }

  /// `read(_:usingRecentCaches:)`, reading plain body text, escapes and control
  /// words straight from the bytes or (`readingBodyRuns` false) each as a token.
  func read(
    _ bytes: [UInt8], usingRecentCaches: Bool, readingBodyRuns: Bool
  ) throws(RTFError) -> RTFReadResult {
    guard bytes.count <= limits.maxInputBytes else {
      throw .inputTooLarge(size: bytes.count, limit: limits.maxInputBytes)
    }
    let (start, rtfWord) = try Self.documentStart(bytes)
    var machine = ReaderMachine(bytes: bytes, start: start, limits: limits)
    machine.headerSpaceEnd = rtfWord
    machine.usesRecentCaches = usingRecentCaches
    machine.recorder.checksRecentStates = usingRecentCaches
    machine.readsBodyRuns = readingBodyRuns
    return try machine.run()
  }

  /// The offsets of the opening `{` and of the `\rtf` after it.
  static func documentStart(_ bytes: [UInt8]) throws(RTFError) -> (brace: Int, rtfWord: Int) {
    var index = 0
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    let isSpace = { (byte: UInt8) in byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
    while index < bytes.count, isSpace(bytes[index]) { index += 1 }
    guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else { throw .notRTF(offset: index) }
    var word = index + 1
    while word < bytes.count, isSpace(bytes[word]) { word += 1 }
    let header = Array("\\rtf".utf8)
    guard bytes[word...].starts(with: header) else { throw .notRTF(offset: index) }
    let next = word + header.count
    if next < bytes.count {
      let byte = bytes[next] | 0x20
      if byte >= UInt8(ascii: "a"), byte <= UInt8(ascii: "z") { throw .notRTF(offset: index) }
    }
    return (index, word)
  }
}
