import Foundation
import RichText
import Testing

@Suite("RTF reader corpus")
struct RTFCorpusTests {
  @Test("the expectation table covers every corpus file, and the corpus has at least 30 files")
  func tableCoversCorpus() {
    #expect(Corpus.names.count >= 30)
    #expect(CorpusCase.all.map(\.name).sorted() == Corpus.names)
  }

  @Test("every corpus file has its expected plain text")
  func textMatches() throws {
    for name in Corpus.names {
      let result = try RTFReader().read(try Corpus.rtf(name))
      #expect(readerPlainText(result.text) == (try Corpus.expectedText(name)), "\(name)")
    }
  }

  @Test("reading a corpus file gives its expected text, objects, warnings and attributes", arguments: CorpusCase.all)
  func corpusFile(_ expected: CorpusCase) throws {
    let result = try RTFReader().read(try Corpus.rtf(expected.name))
    let text = result.text
    #expect(readerPlainText(text) == (try Corpus.expectedText(expected.name)))
    #expect(result.skippedObjects == expected.skippedObjects)
    #expect(result.warnings.map(\.kind) == expected.warnings)
    #expect(text.document.codePage == expected.codePage)
    #expect(text.document.cocoaVersion == expected.cocoaVersion)
    for probe in expected.probes {
      check(probe, in: text)
    }
  }

  @Test("reading a corpus file twice gives equal results", arguments: Corpus.names)
  func deterministic(_ name: String) throws {
    let bytes = try Corpus.rtf(name)
    #expect(try RTFReader().read(bytes) == (try RTFReader().read(bytes)))
  }

  private func check(_ probe: CorpusCase.Probe, in text: AttributedText) {
    switch probe {
    case .run(let fragment, let fact):
      guard let run = text.run(containing: fragment) else {
        Issue.record("no run contains \"\(fragment)\"")
        return
      }
      check(fact, run.attributes, fragment)
    case .paragraph(let fragment, let fact):
      guard let paragraph = text.paragraph(containing: fragment) else {
        Issue.record("no paragraph contains \"\(fragment)\"")
        return
      }
      check(fact, paragraph.style, fragment)
    case .documentControl(let name, let parameter):
      #expect(text.document.controls.contains(OpaqueControl(name: name, parameter: parameter)), "\\\(name)")
    }
  }

  private func check(_ fact: CorpusCase.RunFact, _ attributes: CharacterAttributes, _ fragment: String) {
    let comment: Comment = "run \"\(fragment)\": \(attributes)"
    switch fact {
    case .bold: #expect(attributes.isBold, comment)
    case .italic: #expect(attributes.isItalic, comment)
    case .plain:
      #expect(!attributes.isBold && !attributes.isItalic && attributes.underline == nil, comment)
      #expect(attributes.strikethrough == nil && attributes.foregroundColor == nil, comment)
      #expect(attributes.backgroundColor == nil && attributes.link == nil, comment)
    case .underline(let style): #expect(attributes.underline == style, comment)
    case .strikethrough(let style): #expect(attributes.strikethrough == style, comment)
    case .foreground(let color): #expect(attributes.foregroundColor == color, comment)
    case .background(let color): #expect(attributes.backgroundColor == color, comment)
    case .link(let target): #expect(attributes.link == target, comment)
    case .noLink: #expect(attributes.link == nil, comment)
    case .font(let name): #expect(attributes.font?.name == name, comment)
    case .size(let size): #expect(attributes.fontSize == size, comment)
    case .vertical(let position): #expect(attributes.verticalPosition == position, comment)
    case .unknown(let name, let parameter):
      #expect(attributes.unknown.contains(OpaqueControl(name: name, parameter: parameter)), comment)
    }
  }

  private func check(_ fact: CorpusCase.ParagraphFact, _ style: ParagraphStyle, _ fragment: String) {
    let comment: Comment = "paragraph \"\(fragment)\": \(style)"
    switch fact {
    case .list(let format, let level):
      // The text around numbers ("." or ")") is checked against LibreOffice's reading.
      #expect(style.list?.format == format && style.list?.level == level, comment)
    case .noList: #expect(style.list == nil, comment)
    case .alignment(let alignment): #expect(style.alignment == alignment, comment)
    case .indents(let first, let left, let right):
      #expect([style.firstLineIndent, style.leftIndent, style.rightIndent] == [first, left, right], comment)
    case .spacing(let before, let after):
      #expect([style.spacingBefore, style.spacingAfter] == [before, after], comment)
    case .tabStops(let stops): #expect(style.tabStops == stops, comment)
    case .unknown(let name, let parameter):
      #expect(style.unknown.contains(OpaqueControl(name: name, parameter: parameter)), comment)
    }
  }
}
