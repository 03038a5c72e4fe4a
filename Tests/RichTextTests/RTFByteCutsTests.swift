import Testing

@testable import RichText

/// Bytes cut out of a table's RTF, or put in, never join a control word to the text
/// after it.
@Suite("RTF byte cuts keep control words apart from the text after them")
struct RTFByteCutsTests {
  @Test("a control word ends where RTF ends it: an escaped backslash and a hex escape are no word", arguments: [
    (#"Nuts\cell"#, true), (#"\fs20"#, true), (#"\li-720"#, true), (#"\cell "#, false), (#"a\\cell"#, false),
    (#"a\\\cell"#, true), (#"\'e9"#, false), (#"\-"#, false), (#"text"#, false), (#"\"#, false), (#"\123"#, false),
  ])
  func controlWordEnd(_ text: String, _ endsInWord: Bool) {
    #expect(RTFControlWordEnd.endsInControlWord(Array(text.utf8)) == endsInWord, "\(text)")
  }

  @Test("a cut that leaves a control word before text, or puts text after one, adds the space that ends the word")
  func spaceAdded() {
    let rtf = Array(#"Nuts\cell\cell two\cell"#.utf8)
    // The second `\cell ` cut out: "two" must not join the first `\cell`.
    let removed = RTFByteCuts(rtf, [(9..<15, [])])
    #expect(String(decoding: removed.bytes, as: UTF8.self) == #"Nuts\cell two\cell"#)
    // Text put in after a word that has no space of its own, and a word put before text.
    let inserted = RTFByteCuts(rtf, [(9..<9, Array("x".utf8)), (15..<15, Array(#"\b"#.utf8))])
    #expect(String(decoding: inserted.bytes, as: UTF8.self) == #"Nuts\cell x\cell \b two\cell"#)
    #expect(inserted.starts == [10, 17])
    // Nothing added where a space, a brace or a backslash follows.
    let kept = RTFByteCuts(Array(#"{\b x}\cell\row"#.utf8), [(6..<11, [])])
    #expect(String(decoding: kept.bytes, as: UTF8.self) == #"{\b x}\row"#)
  }
}
