import Testing

@testable import NoteStore

/// `PackageSuffix` answers from bytes what `String` answers from characters; these pin
/// that the two agree, above all for names where bytes and characters part.
@Suite("Package suffix")
struct PackageSuffixTests {
  /// Starts of names: empty, ASCII, and scalars that join what follows them (a
  /// prepended mark, U+0600, joins the next character), combine with what precedes
  /// them, or are wide.
  static let stems = [
    "", "a", "Note 12", "Work/Plan", ".", "..", "x.note", "é", "e\u{301}", "\u{600}", "a\u{600}", "\u{903}",
    "🙂", "👩\u{200D}", "\u{1F1EB}", "名前", "\r", "a\u{0}", "\u{7F}",
  ]
  /// Ends of names: the extension, near misses, and marks after it.
  static let tails = [
    ".note", ".note\u{301}", ".not\u{E9}", "\u{301}.note", ".Note", "note", ".note/", "\u{600}.note", ".n\u{6F}te",
    "", ".",
  ]

  @Test("a package name is one that ends in the characters .note with a character before them")
  func packageNames() {
    for stem in Self.stems {
      for tail in Self.tails {
        let name = stem + tail
        let expected = name.hasSuffix(".note") && name.count > ".note".count
        #expect(PackageSuffix.isPackageName(name) == expected, "\(Array(name.unicodeScalars))")
      }
    }
  }

  @Test("a note's name is its path without the last five characters")
  func droppingExtension() {
    for stem in Self.stems {
      for tail in Self.tails {
        let path = stem + tail
        let expected = String(path.dropLast(5))
        #expect(PackageSuffix.droppingExtension(path) == expected, "\(Array(path.unicodeScalars))")
        #expect(NotePath(packagePath: path).name == expected)
      }
    }
  }

  @Test("a name that is exactly .note is not a package, and its name is empty")
  func bareExtension() {
    #expect(!PackageSuffix.isPackageName(".note"))
    #expect(PackageSuffix.droppingExtension(".note") == "")
    #expect(PackageSuffix.isPackageName("a.note"))
    // A prepended mark joins the dot: the characters end in "\u{600}.", "n", "o", "t", "e".
    #expect(!PackageSuffix.isPackageName("a\u{600}.note"))
    #expect(PackageSuffix.droppingExtension("a\u{600}.note") == "a")
  }
}
