/// Reads the instruction text of an RTF field (`\fldinst`).
enum FieldInstruction {
  /// The target of a `HYPERLINK` field, or nil for other fields.
  ///
  /// `HYPERLINK "url"` gives `url`; `\l "anchor"` adds `#anchor` (alone when there
  /// is no URL); `\o`, `\t` and their arguments and other switches are ignored.
  /// Arguments may be quoted or bare.
  static func hyperlinkTarget(_ instruction: String) -> String? {
    var words = arguments(of: instruction)[...]
    guard let first = words.popFirst(), first.text.uppercased() == "HYPERLINK" else {
      return nil
    }
    var url: String?
    var anchor: String?
    while let word = words.popFirst() {
      if !word.quoted, word.text.hasPrefix("\\") {
        let name = word.text.dropFirst().lowercased()
        if name == "l" {
          anchor = words.popFirst()?.text
        } else if name == "o" || name == "t" {
          _ = words.popFirst()
        }
      } else if url == nil {
        url = word.text
      }
    }
    switch (url, anchor) {
    case (let url?, let anchor?): return url + "#" + anchor
    case (let url?, nil): return url
    case (nil, let anchor?): return "#" + anchor
    case (nil, nil): return nil
    }
  }

  private struct Argument {
    var text: String
    var quoted: Bool
  }

  /// Splits at spaces; `"…"` is one argument.
  private static func arguments(of instruction: String) -> [Argument] {
    var result: [Argument] = []
    var current = ""
    var inQuotes = false
    var quoted = false
    for character in instruction {
      if character == "\"" {
        if inQuotes {
          result.append(Argument(text: current, quoted: true))
          current = ""
          quoted = false
        } else if !current.isEmpty {
          result.append(Argument(text: current, quoted: quoted))
          current = ""
        }
        inQuotes.toggle()
        quoted = inQuotes
      } else if !inQuotes, character == " " || character == "\t" || character.unicodeScalars.first?.value ?? 0 < 0x20 {
        if !current.isEmpty { result.append(Argument(text: current, quoted: false)) }
        current = ""
      } else {
        current.append(character)
      }
    }
    if !current.isEmpty { result.append(Argument(text: current, quoted: quoted)) }
    return result
  }
}

/// An open field: its instruction text and, once asked for, its hyperlink target
/// (parsed once, however many `\fldrslt` groups follow).
struct FieldRecord {
  /// Where the field's group starts, and the body's paragraph and run counts there,
  /// when the field may become an element (see `ReaderMachine.closeField`).
  var start: Int?
  var paragraphCount = 0
  var runCount = 0
  private var instruction: [UInt8] = []
  private var parsedTarget: String??

  mutating func append(_ utf8: [UInt8]) {
    ReaderMachine.append(utf8, to: &instruction)
    parsedTarget = nil
  }

  mutating func hyperlinkTarget() -> String? {
    if let parsedTarget { return parsedTarget }
    let target = FieldInstruction.hyperlinkTarget(String(decoding: instruction, as: UTF8.self))
    parsedTarget = .some(target)
    return target
  }

  /// `hyperlinkTarget()`, taken from `recent` when `usingRecent` and the instruction
  /// is the one parsed last (a note links to the same page again and again);
  /// `recent` becomes this field's.
  mutating func hyperlinkTarget(recent: inout RecentHyperlink?, usingRecent: Bool) -> String? {
    guard usingRecent else { return hyperlinkTarget() }
    if let parsedTarget { return parsedTarget }
    if let recent, recent.instruction == instruction {
      parsedTarget = .some(recent.target)
      return recent.target
    }
    let target = hyperlinkTarget()
    recent = RecentHyperlink(instruction: instruction, target: target)
    return target
  }
}

/// A field instruction as read (UTF-8) and the link target it gave.
struct RecentHyperlink {
  var instruction: [UInt8]
  var target: String?
}
