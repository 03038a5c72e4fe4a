import Foundation
import NoteStore
import NotesCLI
import Testing

@Suite("Style")
struct StyleTests {
  static let on = Style(isEnabled: true)

  @Test(
    "semantic styles colour only when enabled",
    arguments: [
      (Style.added, "\u{1B}[32m"), (Style.removed, "\u{1B}[31m"), (Style.note, "\u{1B}[1m"),
      (Style.warning, "\u{1B}[33m"), (Style.error, "\u{1B}[31m"), (Style.hint, "\u{1B}[36m"),
      (Style.detail, "\u{1B}[2m"), (Style.match, "\u{1B}[1;7m"), (Style.incoming, "\u{1B}[34m"),
    ] as [(@Sendable (Style) -> (String) -> String, String)])
  func semantic(_ function: @Sendable (Style) -> (String) -> String, _ prefix: String) {
    #expect(function(Self.on)("x") == prefix + "x\u{1B}[0m")
    #expect(function(Style.plain)("x") == "x")
  }

  @Test("note statuses have their own colours; current stays plain")
  func statuses() {
    #expect(Self.on.status(.current) == "current")
    #expect(Self.on.status(.conflict) == "\u{1B}[31mconflict\u{1B}[0m")
    #expect(Self.on.status(.modified) == "\u{1B}[33mmodified\u{1B}[0m")
    #expect(Style.plain.status(.conflict) == "conflict")
  }

  @Test("highlighting marks each range once and leaves the rest")
  func highlighting() throws {
    let text = "Oat milk and more milk"
    let ranges = [
      try #require(text.range(of: "milk")), try #require(text.range(of: "milk", options: .backwards)),
    ]
    #expect(
      Self.on.highlighting(text, ranges: ranges)
        == "Oat \u{1B}[1;7mmilk\u{1B}[0m and more \u{1B}[1;7mmilk\u{1B}[0m")
    #expect(Style.plain.highlighting(text, ranges: ranges) == text)
  }

  @Test("--color always and never win over the terminal and NO_COLOR; auto follows them")
  func colorModes() {
    let env = ["NO_COLOR": "1"]
    #expect(Terminal.detect(environment: env, noColorFlag: false, stdoutIsTTY: false, stderrIsTTY: false, colorMode: .always).useColor)
    #expect(!Terminal.detect(environment: [:], noColorFlag: false, stdoutIsTTY: true, stderrIsTTY: true, colorMode: .never).useColorOnStderr)
    #expect(!Terminal.detect(environment: env, noColorFlag: false, stdoutIsTTY: true, stderrIsTTY: true, colorMode: .auto).useColor)
    #expect(Terminal.detect(environment: [:], noColorFlag: false, stdoutIsTTY: true, stderrIsTTY: true, colorMode: .auto).useColor)
  }
}
