/// A font table entry: the font by value and the code page of its `\'hh` bytes.
struct FontEntry {
  var font: Font
  /// nil when the font's bytes are in the document's code page.
  var codePage: CodePage?
}

/// A font table entry while its controls and name are read.
struct FontDraft {
  /// The code page of the entry's bytes: `\cpg`, else `\fcharset`'s, else nil.
  var codePageNumberInEffect: Int? {
    codePageNumber ?? (hasCharset ? CodePage.number(forCharset: charset) : nil)
  }

  var index: Int32
  var family: FontFamily = .nil
  var charset = 0
  /// Whether the entry had `\fcharset` (without it, the document's code page holds).
  var hasCharset = false
  var codePageNumber: Int?
  var name: [UInt8] = []
}

/// A colour table entry while its components are read.
struct ColorDraft {
  var red: UInt8 = 0
  var green: UInt8 = 0
  var blue: UInt8 = 0
  var isSet = false
}

/// A `\list` of the list table while its levels are read.
struct ListDraft {
  var id: Int32?
  var levels: [ListMarker?] = []
}

/// A `\listlevel` while its controls and texts are read.
struct ListLevelDraft {
  var numberFormat: Int32?
  var start = 1
  /// `\levelfollow`: what follows the marker.
  var follow = ListMarker.Follow.tab
  var levelText: [UInt8] = []
  var marker: [UInt8] = []

  /// The marker format this level stands for, or nil when it shows no marker.
  ///
  /// Cocoa's `\*\levelmarker` (`{disc}`, `{hyphen}`, `{decimal}.`, …) wins; else
  /// `\levelnfc`: 0 decimal, 1 upper roman, 2 lower roman, 3 upper alpha, 4 lower
  /// alpha, 23 bullet (the bullet's shape from the level text: ◦ or `o` circle,
  /// ▪ ■ or Wingdings `§` square, ⁃ – or `-` hyphen, anything else disc), 255 none;
  /// other numbering formats read as decimal.
  /// The level as a marker at `level`: its format, and for numbers the text
  /// around the number in the level text (`\'02\'00.` is "%1.", Cocoa's
  /// `\{lower-alpha\})` is "a)").
  func marker(level: Int) -> ListMarker? {
    guard let format else { return nil }
    var marker = ListMarker(format: format, level: level, follow: follow)
    guard !marker.isBullet else { return marker }
    marker.start = start
    // The level text: a length byte, then the text with placeholders \'00–\'08.
    let scalars = Array(String(decoding: levelText, as: UTF8.self).unicodeScalars.dropFirst())
      .filter { $0 != ";" }
    if let first = scalars.firstIndex(where: { $0.value < 9 }),
      let last = scalars.lastIndex(where: { $0.value < 9 })
    {
      marker.prefix = String(String.UnicodeScalarView(scalars[..<first]))
      marker.suffix = String(String.UnicodeScalarView(scalars[(last + 1)...]))
    } else if let close = String(decoding: self.marker, as: UTF8.self).lastIndex(of: "}") {
      let text = String(decoding: self.marker, as: UTF8.self)
      marker.suffix = String(text[text.index(after: close)...])
      if let open = text.firstIndex(of: "{") { marker.prefix = String(text[..<open]) }
    }
    return marker
  }

  /// Cocoa's marker names, in the order they are looked for.
  private static let namedFormats: [(name: String, utf8: [UInt8], format: ListMarker.Format)] = ([
    ("{disc}", .disc), ("{circle}", .circle), ("{square}", .square),
    ("{hyphen}", .hyphen), ("{decimal}", .decimal), ("{lower-alpha}", .lowerAlpha),
    ("{lower-latin}", .lowerAlpha), ("{upper-alpha}", .upperAlpha),
    ("{upper-latin}", .upperAlpha), ("{lower-roman}", .lowerRoman),
    ("{upper-roman}", .upperRoman),
  ] as [(String, ListMarker.Format)]).map { ($0.0, Array($0.0.utf8), $0.1) }

  /// The format Cocoa's marker text names, if any. An ASCII marker (Cocoa's are) is
  /// searched as bytes, lowercased the way `String.lowercased()` lowercases ASCII.
  private var namedFormat: ListMarker.Format? {
    guard !marker.isEmpty else { return nil }
    if marker.allSatisfy({ $0 < 0x80 }) {
      let lower = marker.map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 | 0x20 : $0 }
      for named in Self.namedFormats where Self.bytes(lower, contain: named.utf8) { return named.format }
      return nil
    }
    let markerText = String(decoding: marker, as: UTF8.self).lowercased()
    for named in Self.namedFormats where markerText.contains(named.name) { return named.format }
    return nil
  }

  private static func bytes(_ bytes: [UInt8], contain part: [UInt8]) -> Bool {
    guard part.count <= bytes.count else { return false }
    for start in 0...(bytes.count - part.count) where bytes[start..<start + part.count].elementsEqual(part) {
      return true
    }
    return false
  }

  var format: ListMarker.Format? {
    if let named = namedFormat { return named }
    switch numberFormat {
    case 0?: return .decimal
    case 1?: return .upperRoman
    case 2?: return .lowerRoman
    case 3?: return .upperAlpha
    case 4?: return .lowerAlpha
    case 23?: return bulletShape
    case 255?: return nil
    case nil: return marker.isEmpty ? bulletShape : .disc
    default: return .decimal
    }
  }

  private var bulletShape: ListMarker.Format {
    let text = String(decoding: levelText, as: UTF8.self)
    guard let last = text.unicodeScalars.last(where: { $0.value >= 0x20 && $0 != ";" }) else {
      return .disc
    }
    switch last.value {
    case 0x25E6, 0x6F, 0x25CB, 0xF06F: return .circle
    case 0x25AA, 0x25A0, 0xF0A7, 0xF0A8, 0xF06E: return .square
    case 0x2043, 0x2013, 0x2D, 0x2212: return .hyphen
    default: return .disc
    }
  }
}

/// A `\listoverride` while its controls are read.
struct ListOverrideDraft {
  var listID: Int32?
  var override: Int32?
}

/// A legacy `\*\pn` numbering group while its controls are read.
struct LegacyListDraft {
  var format: ListMarker.Format?
  /// `\pnstart`: the number of the first item.
  var start = 1
  var level = 0
  var isList = false
  /// Where the group's contents start, for its `\pntxtb` and `\pntxta` texts.
  var groupStart = 0
}
