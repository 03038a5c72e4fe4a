import Foundation
import Testing

@testable import RichText

/// A body read from a file, edited in one word and written back: the file keeps its
/// bytes everywhere but around the edited paragraph, and reads back as the edited
/// body.
@Suite("Writing an edited body back into its file")
struct WriteBackLocalityTests {
  /// The shared corpus beside the repository (`../shared/corpus/rtf`), if present.
  static let sharedFolder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("shared/corpus/rtf")

  static let sharedFiles: [String] = {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: sharedFolder.path)) ?? []
    return files.filter { $0.hasSuffix(".rtf") }.sorted()
  }()

  /// Replaces the first word of two letters or more with "Zebra"; nil when there is none.
  static func oneWordEdit(_ text: String) -> (edited: String, paragraph: Int)? {
    let scalars = Array(text.unicodeScalars)
    var index = 0
    while index < scalars.count {
      guard CharacterSet.letters.contains(scalars[index]) else {
        index += 1
        continue
      }
      var end = index
      while end < scalars.count, CharacterSet.letters.contains(scalars[end]) { end += 1 }
      if end - index >= 2 {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars[..<index])
        view.append(contentsOf: "Zebra".unicodeScalars)
        view.append(contentsOf: scalars[end...])
        let paragraph = scalars[..<index].filter { $0 == "\n" }.count
        return (String(view), paragraph)
      }
      index = end
    }
    return nil
  }

  /// Files whose edited paragraph the writer cannot write into the file (it then
  /// writes the whole body), with the reason.
  static let writtenWhole: [String: String] = [
    "word-09-legacy-pntext-lists.rtf": "the edited item is in a Word 6 `\\pn` list, which the writer does not write",
  ]

  func check(_ bytes: [UInt8], name: String) throws {
    let read = try RTFReader().read(bytes)
    let body = read.text
    guard let source = body.rtfSource else {
      // Only a file left unfinished is not written back into.
      #expect(read.warnings.contains { if case .unclosedGroups = $0.kind { true } else { false } }, "\(name)")
      return
    }
    guard let (editedText, paragraph) = Self.oneWordEdit(body.plainText) else { return }
    let edited = body.applyingPlainText(editedText)
    guard let written = RTFSplicingWriter(source: source).write(edited) else {
      #expect(Self.writtenWhole[name] != nil, "\(name): written whole")
      return
    }
    let reread = try RTFReader().read(written).text
    #expect(reread == edited, "\(name): \(RoundTripPropertyTests.firstDifference(edited, reread))")

    var prefix = 0
    while prefix < min(bytes.count, written.count), bytes[prefix] == written[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < min(bytes.count, written.count) - prefix,
      bytes[bytes.count - 1 - suffix] == written[written.count - 1 - suffix]
    {
      suffix += 1
    }
    // The changed bytes of the original lie within the edited paragraph, widened to
    // the clean boundaries around it.
    var start = paragraph
    while !source.isClean(start) { start -= 1 }
    var end = paragraph + 1
    while end < source.paragraphs.count, source.state(at: end) == nil { end += 1 }
    let changed = prefix..<(bytes.count - suffix)
    #expect(
      changed.lowerBound >= source.boundaries[start] && changed.upperBound <= source.boundaries[end],
      "\(name): bytes \(changed) changed, paragraph \(paragraph) is \(source.boundaries[start])..<\(source.boundaries[end])")
  }

  @Test("a one-word edit changes the file only around its paragraph", arguments: Corpus.names)
  func corpusFile(_ name: String) throws {
    try check(try Corpus.rtf(name), name: name)
  }

  @Test(
    "a one-word edit changes a shared-corpus file only around its paragraph",
    .enabled(if: !sharedFiles.isEmpty, "the shared corpus ../shared/corpus/rtf is not there"),
    arguments: sharedFiles)
  func sharedFile(_ name: String) throws {
    try check(Array(try Data(contentsOf: Self.sharedFolder.appendingPathComponent(name))), name: name)
  }

  /// `text` with its first word of two letters or more in paragraph `paragraph` (or
  /// the first one after it) replaced by `word`; nil when there is none.
  static func replacingWord(in text: String, from paragraph: Int, with word: String) -> String? {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    for index in lines.indices where index >= paragraph {
      guard let edit = oneWordEdit(lines[index]) else { continue }
      lines[index] = edit.edited.replacingOccurrences(of: "Zebra", with: word)
      return lines.joined(separator: "\n")
    }
    return nil
  }

  /// Writes `text` over the body read from `bytes`, into its file.
  static func writeBack(_ text: String, into bytes: [UInt8]) throws -> [UInt8] {
    let body = try RTFReader().read(bytes).text
    return RTFWriter().write(body.applyingPlainText(text))
  }

  func checkRepeatedWrites(_ bytes: [UInt8], name: String) throws {
    let body = try RTFReader().read(bytes).text
    guard body.rtfSource != nil else { return }
    let plain = body.plainText
    let count = plain.split(separator: "\n", omittingEmptySubsequences: false).count
    // The first paragraph (after the header, the one whose formatting words the body
    // start decides) and the last (whose end follows no state words).
    for paragraph in Set([0, max(0, count - 2)]) {
      guard let zebra = Self.replacingWord(in: plain, from: paragraph, with: "Zebra"),
        let yak = Self.replacingWord(in: plain, from: paragraph, with: "Yak")
      else { continue }
      // The first write may write the body whole, or add the state words the next
      // paragraph needs; from then on the same text gives the same bytes.
      var files = [bytes]
      for text in [zebra, yak, zebra, yak, zebra] { files.append(try Self.writeBack(text, into: files[files.count - 1])) }
      // A line the body does not take as typed (a footnote's text in the section after
      // the body) has no paragraph to write.
      guard try RTFReader().read(files[1]).text.plainText == zebra else { continue }
      #expect(files[5] == files[3], "\(name), paragraph \(paragraph): \(files[3].count) then \(files[5].count) bytes")
      #expect(files[4] == files[2], "\(name), paragraph \(paragraph): \(files[2].count) then \(files[4].count) bytes")
      #expect(try RTFReader().read(files[5]).text.plainText == zebra, "\(name), paragraph \(paragraph)")
    }
  }

  @Test("writing a paragraph one way and another by turns gives the same two files from the second round: nothing piles up", arguments: Corpus.names)
  func repeatedWrites(_ name: String) throws {
    try checkRepeatedWrites(try Corpus.rtf(name), name: name)
  }

  @Test(
    "writing a shared-corpus file's paragraph one way and another by turns gives the same two files from the second round",
    .enabled(if: !sharedFiles.isEmpty, "the shared corpus ../shared/corpus/rtf is not there"),
    arguments: sharedFiles)
  func sharedRepeatedWrites(_ name: String) throws {
    try checkRepeatedWrites(Array(try Data(contentsOf: Self.sharedFolder.appendingPathComponent(name))), name: name)
  }

  @Test("a plain note written again and again keeps its size")
  func plainNoteKeepsItsSize() throws {
    var bytes = RTFWriter().write(AttributedText(plainText: "alpha beta\ngamma"))
    var sizes: [Int] = []
    for round in 1...5 {
      bytes = try Self.writeBack("alpha beta v\(round)\ngamma", into: bytes)
      sizes.append(bytes.count)
    }
    #expect(Set(sizes).count == 1, "\(sizes)")
  }

  /// Reads `rtf`, replaces `word` with "Zebra" in its plain text and writes it back
  /// into the file; checks that it reads back as the edited body.
  func spliced(_ rtf: String, replacing word: String) throws -> (source: RTFSource, written: String) {
    let body = try RTFReader().read(Array(rtf.utf8)).text
    let source = try #require(body.rtfSource)
    let edited = body.applyingPlainText(body.plainText.replacingOccurrences(of: word, with: "Zebra"))
    let written = try #require(RTFSplicingWriter(source: source).write(edited))
    #expect(try RTFReader().read(written).text == edited)
    return (source, String(decoding: written, as: UTF8.self))
  }

  @Test("a paragraph in a group of its own, as Word writes them ({…\\par }), is rewritten alone")
  func wordParagraphGroups() throws {
    let rtf = #"""
      {\rtf1\ansi{\fonttbl{\f0 Arial;}}\pard\plain \ql\fs24 {\f0\b One fish\par }{\f0 Two fish\par }
      {\f0\i Red fish\par }{\f0 Blue fish}}
      """#
    let (source, written) = try spliced(rtf, replacing: "Two")
    #expect((1...3).allSatisfy { source.isClean($0) }, "each group's closing brace ends a clean boundary")
    #expect(written.contains(#"{\f0\b One fish\par }"#))
    #expect(written.hasSuffix("\n{\\f0\\i Red fish\\par }{\\f0 Blue fish}}"))
    #expect(!written.contains("Two"))
  }

  @Test("the paragraph after a Word table, past the braces that close its last row, is rewritten alone")
  func paragraphAfterWordTable() throws {
    let table = #"\trowd\cellx2000\cellx4000\pard\intbl {\f0 A\cell B\cell }\pard\intbl {\trowd\cellx2000\cellx4000\row }"#
    let rtf = #"{\rtf1\ansi{\fonttbl{\f0 Arial;}}\pard\plain {\f0 Before\par }"# + table
      + #"\pard\plain {\f0 After one\par }{\f0 After two}}"#
    let (_, written) = try spliced(rtf, replacing: "one")
    #expect(written.contains(#"{\f0 Before\par }"# + table))
    #expect(written.hasSuffix(#"{\f0 After two}}"#))
  }

  @Test("unknown colour-table extensions stay when the body is written whole")
  func expandedColorsKept() throws {
    let rtf = #"""
      {\rtf1\ansi\ansicpg1252\cocoartf2822
      \cocoatextscaling0\cocoaplatform0{\fonttbl\f0\fswiss\fcharset0 Helvetica;}
      {\colortbl;\red255\green255\blue255;\red255\green38\blue0;}
      {\*\expandedcolortbl;;\cssrgb\c100000\c14913\c0;}
      \pard\pardirnatural\partightenfactor0

      \f0\fs24 \cf2 Red}
      """#
    var body = try RTFReader().read(Array(rtf.utf8)).text
    // A new font forces the writer to write the body whole.
    var paragraph = body.paragraphs[0]
    paragraph.append(" new", attributes: CharacterAttributes(font: Font(name: "Menlo-Regular")))
    body.replaceParagraph(at: 0, with: paragraph)
    let written = String(decoding: RTFWriter().write(body), as: UTF8.self)
    #expect(written.contains(#"{\*\expandedcolortbl;;\cssrgb\c100000\c14913\c0;}"#))
  }

  @Test("\\line is written back as \\line")
  func lineBreak() throws {
    let rtf = #"{\rtf1\ansi{\fonttbl\f0 Arial;}\f0 one\line two\par three}"#
    let body = try RTFReader().read(Array(rtf.utf8)).text
    let edited = body.applyingPlainText("one\u{2028}two more\nthree")
    let written = String(decoding: RTFWriter().write(edited), as: UTF8.self)
    #expect(written.contains(#"one\line two more"#))
    #expect(!written.contains("8232"))
  }

  @Test("spaces and line breaks between { and \\rtf are accepted", arguments: [
    "{ \\rtf1 Hello}", "{\n\\rtf1 Hello}", "\u{FEFF}{\r\n \\rtf1 Hello}", " \n{\\rtf1 Hello}",
  ])
  func spaceBeforeRTF(_ rtf: String) throws {
    #expect(try RTFReader().read(Array(rtf.utf8)).text.plainText == "Hello")
  }
}
