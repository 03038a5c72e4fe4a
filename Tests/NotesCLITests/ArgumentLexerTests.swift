import Testing

@testable import NotesCLI

@Suite("Splitting argv into tokens")
struct ArgumentLexerTests {
  @Test("each kind of word becomes its kind of token, keeping its argv index")
  func kinds() {
    let tokens = ArgumentLexer.tokens([
      "show", "--json", "--title=a=b", "-abc", "-", "-5", "--", "--json", "-x",
    ])
    #expect(
      tokens.map(\.kind) == [
        .value("show"), .long(name: "json", value: nil), .long(name: "title", value: "a=b"),
        .shortGroup(["a", "b", "c"]), .value("-"), .value("-5"), .terminator, .value("--json"),
        .value("-x"),
      ])
    #expect(tokens.map(\.index) == Array(0..<9))
    #expect(tokens[2].text == "--title=a=b")
  }

  @Test("--end-of-options ends options like --")
  func endOfOptions() {
    let tokens = ArgumentLexer.tokens(["--end-of-options", "--help"])
    #expect(tokens.map(\.kind) == [.terminator, .value("--help")])
  }
}
