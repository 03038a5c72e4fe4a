import Foundation
import Testing

@testable import RichText

/// `CharacterAttributes` keeps its fields in a box that copies share: however it is
/// built or changed, it must behave as a plain struct of those fields (equality,
/// hashing, copies independent of each other, and the same description, which a
/// merge compares to break a tie, so devices of either version decide alike).
@Suite("Character attribute storage")
struct CharacterAttributesStorageTests {
  /// The fields as the plain struct that held them before the box, in their order.
  struct CharacterAttributes: Hashable {
    var font: Font?
    var fontSize: Double?
    var isBold: Bool
    var isItalic: Bool
    var underline: LineStyle?
    var strikethrough: LineStyle?
    var foregroundColor: Color?
    var backgroundColor: Color?
    var link: String?
    var verticalPosition: VerticalPosition?
    var unknown: [OpaqueControl]
    var element: RTFElement?

    init(_ attributes: RichText.CharacterAttributes) {
      font = attributes.font
      fontSize = attributes.fontSize
      isBold = attributes.isBold
      isItalic = attributes.isItalic
      underline = attributes.underline
      strikethrough = attributes.strikethrough
      foregroundColor = attributes.foregroundColor
      backgroundColor = attributes.backgroundColor
      link = attributes.link
      verticalPosition = attributes.verticalPosition
      unknown = attributes.unknown
      element = attributes.element
    }
  }

  static func seed() -> UInt64 { TestSeed.make(for: "CharacterAttributesStorageTests") }

  @Test("equality, hashing and descriptions are those of the plain struct of the fields")
  func behavesAsItsFields() {
    var generator = RandomModelGenerator(seed: Self.seed())
    let values = (0..<300).map { index in
      index % 10 == 0 ? RichText.CharacterAttributes() : generator.attributes()
    }
    let rotated = Array(values.dropFirst()) + [values[0]]
    // Each value with its neighbour, and with itself rebuilt field by field (equal,
    // in a box of its own).
    let rebuilt = values.map { value in
      RichText.CharacterAttributes(
        font: value.font, fontSize: value.fontSize, isBold: value.isBold, isItalic: value.isItalic,
        underline: value.underline, strikethrough: value.strikethrough, foregroundColor: value.foregroundColor,
        backgroundColor: value.backgroundColor, link: value.link, verticalPosition: value.verticalPosition,
        unknown: value.unknown, element: value.element)
    }
    for (one, other) in Array(zip(values, rotated)) + Array(zip(values, rebuilt)) {
      let plainOne = CharacterAttributes(one)
      let plainOther = CharacterAttributes(other)
      #expect((one == other) == (plainOne == plainOther))
      if one == other { #expect(one.hashValue == other.hashValue) }
      #expect(String(describing: one) == String(describing: plainOne))
      #expect(String(reflecting: one) == String(reflecting: plainOne)
        .replacingOccurrences(of: "RichTextTests.CharacterAttributesStorageTests.", with: "RichText."))
    }
  }

  @Test("a changed copy leaves the original as it was, field by field")
  func copiesAreIndependent() {
    var generator = RandomModelGenerator(seed: Self.seed() &+ 1)
    for _ in 0..<200 {
      let original = generator.attributes()
      let before = CharacterAttributes(original)
      var copy = original
      copy.isBold.toggle()
      copy.link = (copy.link ?? "") + "x"
      copy.setUnknown(OpaqueControl(name: "zzz", parameter: 1))
      copy.element = RTFElement(kind: .picture, rtf: Array("{\\pict}".utf8))
      #expect(CharacterAttributes(original) == before)
      #expect(copy != original)
      #expect(copy.isBold != original.isBold)
      #expect(copy.unknown.last == OpaqueControl(name: "zzz", parameter: 1))
      copy.removeAllUnknown()
      #expect(copy.unknown.isEmpty)
    }
    // Nothing set, however it was reached, is the default.
    var changedBack = RichText.CharacterAttributes(isBold: true)
    changedBack.isBold = false
    #expect(changedBack == RichText.CharacterAttributes())
    #expect(changedBack.isDefault)
    #expect(changedBack.hashValue == RichText.CharacterAttributes().hashValue)
  }
}
