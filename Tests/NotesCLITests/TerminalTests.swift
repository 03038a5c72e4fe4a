import NotesCLI
import Testing

@Suite("Terminal and colour")
struct TerminalTests {
  struct ColourCase: Sendable, CustomTestStringConvertible {
    var id: String
    var environment: [String: String]
    var noColorFlag = false
    var stdoutIsTTY = true
    var stderrIsTTY = true
    var stdoutColour: Bool
    var stderrColour: Bool
    var testDescription: String { id }
  }

  static let colourCases: [ColourCase] = [
    ColourCase(
      id: "both streams on a terminal", environment: [:], stdoutColour: true, stderrColour: true),
    ColourCase(
      id: "stdout piped, stderr on a terminal", environment: [:], stdoutIsTTY: false,
      stdoutColour: false, stderrColour: true),
    ColourCase(
      id: "stderr redirected, stdout on a terminal", environment: [:], stderrIsTTY: false,
      stdoutColour: true, stderrColour: false),
    ColourCase(
      id: "NO_COLOR set", environment: ["NO_COLOR": "1"], stdoutColour: false, stderrColour: false),
    ColourCase(
      id: "NO_COLOR empty is ignored", environment: ["NO_COLOR": ""], stdoutColour: true,
      stderrColour: true),
    ColourCase(
      id: "TERM=dumb", environment: ["TERM": "dumb"], stdoutColour: false, stderrColour: false),
    ColourCase(
      id: "TERM=xterm", environment: ["TERM": "xterm-256color"], stdoutColour: true,
      stderrColour: true),
    ColourCase(
      id: "--no-color", environment: [:], noColorFlag: true, stdoutColour: false,
      stderrColour: false),
  ]

  @Test("colour is used only on a terminal and never when turned off", arguments: colourCases)
  func colourDecision(_ colourCase: ColourCase) {
    let terminal = Terminal.detect(
      environment: colourCase.environment, noColorFlag: colourCase.noColorFlag,
      stdoutIsTTY: colourCase.stdoutIsTTY, stderrIsTTY: colourCase.stderrIsTTY)
    #expect(terminal.useColor == colourCase.stdoutColour)
    #expect(terminal.useColorOnStderr == colourCase.stderrColour)
    #expect(terminal.stdoutIsTTY == colourCase.stdoutIsTTY)
  }

  @Test(
    "the width comes from COLUMNS, then the terminal, then 80",
    arguments: [
      ([String: String](), Int?.none, 80), (["COLUMNS": "120"], nil, 120), ([:], 100, 100),
      (["COLUMNS": "60"], 100, 60), (["COLUMNS": "wide"], nil, 80), (["COLUMNS": "0"], 90, 90),
    ] as [([String: String], Int?, Int)])
  func width(_ environment: [String: String], windowWidth: Int?, expected: Int) {
    let terminal = Terminal.detect(
      environment: environment, noColorFlag: false, stdoutIsTTY: true, stderrIsTTY: true,
      windowWidth: windowWidth)
    #expect(terminal.width == expected)
  }

  @Test("styled text carries ANSI codes only when colour is on")
  func styledText() {
    let colour = Terminal(stdoutIsTTY: true, useColor: true)
    #expect(styled("ok", .green, terminal: colour) == "\u{1B}[32mok\u{1B}[0m")
    #expect(styled("!", .bold, terminal: colour) == "\u{1B}[1m!\u{1B}[0m")
    #expect(styled("ok", .green, terminal: Terminal()) == "ok")
    #expect(styled("warn", .yellow, enabled: false) == "warn")
    #expect(styled("", .red, enabled: true) == "")
  }

  @Test("every style has its own code")
  func distinctCodes() {
    let colour = Terminal(useColor: true)
    let texts = Set(Tone.allCases.map { styled("x", $0, terminal: colour) })
    #expect(texts.count == Tone.allCases.count)
  }

  @Test("detecting from the real streams gives a usable width")
  func realDetection() {
    let terminal = Terminal.detect(environment: [:], noColorFlag: true)
    #expect(!terminal.useColor)
    #expect(terminal.width > 0)
  }
}
