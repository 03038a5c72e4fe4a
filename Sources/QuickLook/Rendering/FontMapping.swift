import RichText

/// Turns the fonts RTF files name (Cocoa writes PostScript names such as
/// `Helvetica-Bold` or `TimesNewRomanPSMT`) into pango family lists that fontconfig
/// resolves on any machine: the family as named, then a generic family.
enum FontMapping {
  /// A pango family list for `font`, such as `Times New Roman,serif`.
  static func families(for font: Font?) -> String {
    guard let font else { return "Helvetica,sans-serif" }
    let family = familyName(font.name)
    return family.isEmpty ? generic(for: font, family: family) : family + "," + generic(for: font, family: family)
  }

  /// Whether the PostScript name itself says bold or italic (`Helvetica-BoldOblique`).
  static func impliedStyle(of font: Font?) -> (bold: Bool, italic: Bool) {
    guard let font, let dash = font.name.lastIndex(of: "-") else { return (false, false) }
    let style = font.name[font.name.index(after: dash)...].lowercased()
    return (
      style.contains("bold") || style.contains("black") || style.contains("heavy"),
      style.contains("italic") || style.contains("oblique")
    )
  }

  /// `TimesNewRomanPSMT` → `Times New Roman`, `Helvetica-Bold` → `Helvetica`.
  static func familyName(_ postScriptName: String) -> String {
    var name = Substring(postScriptName)
    if let dash = name.lastIndex(of: "-"), dash != name.startIndex { name = name[..<dash] }
    for suffix in ["PSMT", "MT", "PS"] where name.hasSuffix(suffix) && name.count > suffix.count + 2 {
      name = name.dropLast(suffix.count)
      break
    }
    var spaced = ""
    var previous: Character?
    for character in name {
      if let previous, character.isUppercase, previous.isLowercase { spaced.append(" ") }
      spaced.append(character)
      previous = character
    }
    // A family list is comma separated: a comma in a name would split it.
    return spaced.replacingOccurrences(of: ",", with: " ")
  }

  private static let monospaced: Set<String> = [
    "Menlo", "Monaco", "Courier", "Courier New", "SF Mono", "Consolas", "Andale Mono", "DejaVu Sans Mono",
  ]
  private static let serif: Set<String> = [
    "Times", "Times New Roman", "Georgia", "Palatino", "Baskerville", "Didot", "Hoefler Text", "Cochin",
    "Garamond", "Cambria", "Book Antiqua", "New York",
  ]

  private static func generic(for font: Font, family: String) -> String {
    if font.family == .modern || monospaced.contains(family) { return "monospace" }
    if font.family == .roman || serif.contains(family) { return "serif" }
    return "sans-serif"
  }
}

extension String {
  fileprivate func replacingOccurrences(of target: String, with replacement: String) -> String {
    split(separator: Character(target), omittingEmptySubsequences: false).joined(separator: replacement)
  }
}
