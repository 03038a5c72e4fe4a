import Testing

@testable import RichText

/// The states a read records at clean paragraph boundaries: each distinct state kept
/// once, and each boundary numbered with its own state, also when states differ only
/// in fields the recorder's quick hash leaves out (so that they share a hash).
@Suite("Boundary states: one per distinct state, found again by hash")
struct BoundaryStateNumberingTests {
  /// Paragraphs whose ends differ only in underline, strikethrough, alignment and an
  /// unknown word's parameter, none of which the quick hash reads, in an order that
  /// comes back to each state after more than the recent states (16) were seen.
  static let endings: [String] = {
    var endings: [String] = []
    for underline in ["", "\\ul", "\\uldb", "\\ulw", "\\uld"] {
      for strike in ["", "\\strike"] {
        for alignment in ["\\ql", "\\qc"] {
          endings.append(underline + strike + alignment + "\\expnd0\\expndtw" + String(endings.count % 3))
        }
      }
    }
    return endings
  }()

  static func file(rounds: Int) -> [UInt8] {
    var rtf = "{\\rtf1\\ansi\\ansicpg1252{\\fonttbl\\f0\\fswiss Helvetica;}\\f0\\fs24 "
    for round in 0..<rounds {
      for (index, ending) in endings.enumerated() {
        rtf += "\\pard\\plain\\f0\\fs24 \(ending) P\(round)x\(index) text\\par\n"
      }
    }
    return Array((rtf + "Last}").utf8)
  }

  @Test("every boundary's number names the state read there, on every reading path", arguments: [
    ReaderPath.fastest, ReaderPath.tokens, ReaderPath.general,
  ])
  func boundariesKeepTheirOwnStates(path: ReaderPath) throws {
    let input = Self.file(rounds: 3)
    let result = try path.read(input, limits: .default).get()
    let source = try #require(result.text.rtfSource)
    let count = Self.endings.count
    #expect(source.states.count == count, "one state per distinct ending, each kept once")
    #expect(Set(source.states).count == source.states.count)
    // Boundary k + 1 follows paragraph k: its state is the state that paragraph ended in.
    for paragraph in 0..<(3 * count) {
      let number = source.boundaryStates[paragraph + 1]
      #expect(number == Int32(paragraph % count), "paragraph \(paragraph) ends in state \(number)")
    }
    // The states told apart by fields outside the hash really are those fields.
    let first = source.states[0]
    let underlined = source.states[4]
    #expect(first.character.underline == nil)
    #expect(underlined.character.underline == .single)
    #expect(first.paragraph.alignment != source.states[1].paragraph.alignment)
  }
}
