import Testing

@testable import RichText

/// The reader compares its group states where they lie (`ReaderStateComparison`)
/// instead of with `==`: both must say the same for states that differ in any one
/// field, and for seeded random states, so a field added to a state and not to the
/// comparison fails here.
@Suite("RTF reader: states compared in place compare as == does")
struct ReaderStateComparisonTests {
  /// A character state with every field set to something other than its default.
  static let fullCharacter: CharacterState = {
    var state = CharacterState()
    state.fontIndex = 3
    state.halfPoints = 28
    state.milliPoints = 14_500
    state.isBold = true
    state.isItalic = true
    state.underline = .double
    state.strikethrough = .single
    state.foreground = 2
    state.background = 4
    state.highlight = 5
    state.verticalPosition = .superscript
    state.raise = 6
    state.link = "https://example.com/a"
    state.unknown = [OpaqueControl(name: "expnd", parameter: 0), OpaqueControl(name: "kerning", parameter: 1)]
    state.characterKind = .doubleByte
    state.isHidden = true
    state.highANSIFont = 7
    state.doubleByteFont = 8
    return state
  }()

  /// Each field of `fullCharacter` back to its default, one at a time, by name.
  static let characterVariations: [String: @Sendable (inout CharacterState) -> Void] = [
    "fontIndex": { $0.fontIndex = nil }, "halfPoints": { $0.halfPoints = nil },
    "milliPoints": { $0.milliPoints = nil }, "isBold": { $0.isBold = false },
    "isItalic": { $0.isItalic = false }, "underline": { $0.underline = nil },
    "strikethrough": { $0.strikethrough = nil }, "foreground": { $0.foreground = nil },
    "background": { $0.background = nil }, "highlight": { $0.highlight = nil },
    "verticalPosition": { $0.verticalPosition = nil }, "raise": { $0.raise = nil },
    "link": { $0.link = nil }, "unknown": { $0.unknown = [] },
    "characterKind": { $0.characterKind = .lowANSI }, "isHidden": { $0.isHidden = false },
    "highANSIFont": { $0.highANSIFont = nil }, "doubleByteFont": { $0.doubleByteFont = nil },
  ]

  static let fullParagraph: ParagraphState = {
    var state = ParagraphState()
    state.alignment = .center
    state.firstLineIndent = -360
    state.leftIndent = 720
    state.rightIndent = 100
    state.spacingBefore = 120
    state.spacingAfter = 240
    state.tabStops = [TabStop(position: 560), TabStop(position: 1120, kind: .right)]
    state.nextTabKind = .decimal
    state.listOverride = 2
    state.listLevel = 1
    state.legacyList = ListMarker(format: .decimal)
    state.unknown = [OpaqueControl(name: "sl", parameter: 259), OpaqueControl(name: "slmult", parameter: 1)]
    return state
  }()

  static let paragraphVariations: [String: @Sendable (inout ParagraphState) -> Void] = [
    "alignment": { $0.alignment = .natural }, "firstLineIndent": { $0.firstLineIndent = 0 },
    "leftIndent": { $0.leftIndent = 0 }, "rightIndent": { $0.rightIndent = 0 },
    "spacingBefore": { $0.spacingBefore = 0 }, "spacingAfter": { $0.spacingAfter = 0 },
    "tabStops": { $0.tabStops = [] }, "nextTabKind": { $0.nextTabKind = .left },
    "listOverride": { $0.listOverride = nil }, "listLevel": { $0.listLevel = 0 },
    "legacyList": { $0.legacyList = nil }, "unknown": { $0.unknown = [] },
  ]

  static func areEqual(_ a: CharacterState, _ b: CharacterState) -> Bool {
    withUnsafePointer(to: a) { a in withUnsafePointer(to: b) { ReaderStateComparison.areEqual(a, $0) } }
  }

  static func areEqual(_ a: ParagraphState, _ b: ParagraphState) -> Bool {
    withUnsafePointer(to: a) { a in withUnsafePointer(to: b) { ReaderStateComparison.areEqual(a, $0) } }
  }

  @Test("every field of a character state is varied here and tells two states apart")
  func characterFields() {
    let names = Set(Mirror(reflecting: CharacterState()).children.compactMap(\.label))
    #expect(names == Set(Self.characterVariations.keys), "CharacterState's fields changed: update the comparison")
    #expect(Self.areEqual(Self.fullCharacter, Self.fullCharacter))
    for (name, change) in Self.characterVariations {
      var other = Self.fullCharacter
      change(&other)
      #expect(other != Self.fullCharacter, "\(name)")
      #expect(!Self.areEqual(other, Self.fullCharacter), "\(name)")
      #expect(!Self.areEqual(Self.fullCharacter, other), "\(name)")
      #expect(Self.areEqual(other, other), "\(name)")
    }
  }

  @Test("every field of a paragraph state is varied here and tells two states apart")
  func paragraphFields() {
    let names = Set(Mirror(reflecting: ParagraphState()).children.compactMap(\.label))
    #expect(names == Set(Self.paragraphVariations.keys), "ParagraphState's fields changed: update the comparison")
    #expect(Self.areEqual(Self.fullParagraph, Self.fullParagraph))
    for (name, change) in Self.paragraphVariations {
      var other = Self.fullParagraph
      change(&other)
      #expect(other != Self.fullParagraph, "\(name)")
      #expect(!Self.areEqual(other, Self.fullParagraph), "\(name)")
      #expect(!Self.areEqual(Self.fullParagraph, other), "\(name)")
      #expect(Self.areEqual(other, other), "\(name)")
    }
  }

  @Test("random pairs of states compare in place as == compares them")
  func randomStates() {
    let seed = TestSeed.make(for: "ReaderStateComparisonTests")
    var random = SplitMix64(seed: seed)
    let characterChanges = Array(Self.characterVariations.values)
    let paragraphChanges = Array(Self.paragraphVariations.values)
    func character() -> CharacterState {
      var state = Self.fullCharacter
      for change in characterChanges where random.chance(30) { change(&state) }
      return state
    }
    func paragraph() -> ParagraphState {
      var state = Self.fullParagraph
      for change in paragraphChanges where random.chance(30) { change(&state) }
      return state
    }
    for index in 0..<2_000 {
      let (a, b) = (character(), character())
      #expect(Self.areEqual(a, b) == (a == b), "seed \(seed), character pair \(index)")
      let (c, d) = (paragraph(), paragraph())
      #expect(Self.areEqual(c, d) == (c == d), "seed \(seed), paragraph pair \(index)")
    }
  }
}
