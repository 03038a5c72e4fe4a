import Foundation
import Testing

@testable import RichText

/// The three-way merge on plain bodies: each case gives base, mine (laptop), theirs
/// (phone) and the exact merged text; conflict blocks show laptop's version first.
@Suite("Three-way merge: cases")
struct MergeCaseTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var name: String
    var base: String
    var mine: String
    var theirs: String
    var expected: String
    var conflicts = 0
    var testDescription: String { name }
  }

  static let c = MergeFixture.conflict

  static let cases: [Case] = [
    // Edits in different places.
    Case(name: "different words of one paragraph", base: "the quick brown fox",
         mine: "the slow brown fox", theirs: "the quick brown cat", expected: "the slow brown cat"),
    Case(name: "different paragraphs", base: "a\nb\nc", mine: "A\nb\nc", theirs: "a\nb\nC",
         expected: "A\nb\nC"),
    Case(name: "neighbouring paragraphs", base: "one\ntwo", mine: "one!\ntwo", theirs: "one\ntwo?",
         expected: "one!\ntwo?"),
    Case(name: "inserts at both ends of a paragraph", base: "one two three",
         mine: "zero one two three", theirs: "one two three four", expected: "zero one two three four"),
    Case(name: "several separated edits on both sides", base: "one two three four five",
         mine: "1 two 3 four five", theirs: "one two three 4 5", expected: "1 two 3 4 5"),
    Case(name: "paragraph inserted on each side at different places", base: "a\nb\nc",
         mine: "a\nnew1\nb\nc", theirs: "a\nb\nc\nnew2", expected: "a\nnew1\nb\nc\nnew2"),
    Case(name: "paragraph prepended and appended", base: "middle", mine: "top\nmiddle",
         theirs: "middle\nbottom", expected: "top\nmiddle\nbottom"),
    Case(name: "punctuation and words", base: "Hello, world.", mine: "Hello, world!",
         theirs: "Hi, world.", expected: "Hi, world!"),
    Case(name: "times and numbers", base: "10:00 meeting", mine: "11:00 meeting",
         theirs: "10:00 meeting tomorrow", expected: "11:00 meeting tomorrow"),
    Case(name: "apostrophes stay inside words", base: "don't stop", mine: "don't stop now",
         theirs: "do not stop", expected: "do not stop now"),
    Case(name: "empty paragraphs kept", base: "a\n\nb", mine: "a\n\nB", theirs: "A\n\nb",
         expected: "A\n\nB"),
    Case(name: "tabs", base: "name\tvalue\tunit", mine: "Name\tvalue\tunit",
         theirs: "name\tvalue\tkg", expected: "Name\tvalue\tkg"),
    Case(name: "line separator inside a paragraph", base: "a\u{2028}b", mine: "A\u{2028}b",
         theirs: "a\u{2028}B", expected: "A\u{2028}B"),
    // Same change on both sides.
    Case(name: "identical bodies", base: "a b", mine: "a c", theirs: "a c", expected: "a c"),
    Case(name: "identical edit plus another edit", base: "a b c d", mine: "a B c d",
         theirs: "a B c D", expected: "a B c D"),
    Case(name: "same deletion on both sides", base: "a b c d", mine: "a c d", theirs: "a c D",
         expected: "a c D"),
    Case(name: "same paragraph deleted on both sides", base: "a\nb\nc\nd", mine: "A\nb\nd",
         theirs: "a\nb\nd", expected: "A\nb\nd"),
    // Mine's diff is "a, b → A", which overlaps theirs' deletion of b (git agrees).
    Case(name: "edit and deletion that one side made in one stretch", base: "a\nb\nc",
         mine: "A\nc", theirs: "a\nc", expected: c("A", "a") + "\nc", conflicts: 1),
    Case(name: "same paragraph inserted on both sides", base: "a\nb", mine: "a\nx\nb",
         theirs: "a\nx\nb\nc", expected: "a\nx\nb\nc"),
    // Delete against edit.
    Case(name: "paragraph deleted, another edited", base: "a\nb\nc", mine: "a\nc", theirs: "a\nb\nC",
         expected: "a\nC"),
    Case(name: "paragraph deleted, the same edited", base: "a\nb\nc", mine: "a\nc", theirs: "a\nB\nc",
         expected: "a\n" + c("", "B") + "\nc", conflicts: 1),
    Case(name: "word deleted, the same word edited", base: "keep this word", mine: "keep word",
         theirs: "keep that word", expected: c("keep word", "keep that word"), conflicts: 1),
    Case(name: "word deleted, a far word edited", base: "alpha beta gamma delta",
         mine: "alpha gamma delta", theirs: "alpha beta gamma Delta", expected: "alpha gamma Delta"),
    Case(name: "everything deleted, a word edited", base: "a b", mine: "", theirs: "a c",
         expected: "<<<<<<< laptop\n\n=======\na c\n>>>>>>> phone", conflicts: 1),
    // Overlapping edits.
    Case(name: "same word edited differently", base: "a b c", mine: "a x c", theirs: "a y c",
         expected: c("a x c", "a y c"), conflicts: 1),
    Case(name: "insertions at the same point", base: "a c", mine: "a b c", theirs: "a x c",
         expected: c("a b c", "a x c"), conflicts: 1),
    Case(name: "touching edits", base: "a b c", mine: "a B c", theirs: "a b! c",
         expected: c("a B c", "a b! c"), conflicts: 1),
    Case(name: "paragraphs appended on both sides", base: "a", mine: "a\nb", theirs: "a\nc",
         expected: "a\n" + c("b", "c"), conflicts: 1),
    Case(name: "a conflict keeps the other edits of its paragraph", base: "a b c d e",
         mine: "a X c d e", theirs: "a Y c d E", expected: c("a X c d E", "a Y c d E"), conflicts: 1),
    Case(name: "two conflicts in different paragraphs", base: "a b\nc\nd e", mine: "a B\nc\nd E",
         theirs: "a b!\nC\nd e!", expected: c("a B", "a b!") + "\nC\n" + c("d E", "d e!"), conflicts: 2),
    Case(name: "two conflicts in one paragraph make one hunk", base: "a b c d e",
         mine: "a B c D e", theirs: "a b2 c d2 e", expected: c("a B c D e", "a b2 c d2 e"), conflicts: 1),
    // Paragraph structure.
    Case(name: "paragraph moved, another edited", base: "p1\np2\np3\np4", mine: "p2\np3\np4\np1",
         theirs: "p1\np2\nP3\np4", expected: "p2\nP3\np4\np1"),
    Case(name: "paragraph split, later words edited", base: "first half second half",
         mine: "first half\nsecond half", theirs: "first half second whole",
         expected: "first half\nsecond whole"),
    Case(name: "paragraphs joined, a far word edited", base: "a b\nc d", mine: "a b c d",
         theirs: "A b\nc d", expected: "A b c d"),
    Case(name: "paragraph split where the other side edited", base: "one two three",
         mine: "one\nthree", theirs: "one 2 three", expected: c("one\nthree", "one 2 three"), conflicts: 1),
    // Unicode.
    Case(name: "accented words", base: "Grüße aus Köln", mine: "Grüße aus Berlin",
         theirs: "Viele Grüße aus Köln", expected: "Viele Grüße aus Berlin"),
    Case(name: "emoji with modifiers", base: "I 👍🏽 this 😀", mine: "I 👎 this 😀",
         theirs: "I 👍🏽 this 😀 a lot", expected: "I 👎 this 😀 a lot"),
    Case(name: "emoji sequences are one token", base: "family 👨‍👩‍👧 here", mine: "family 👨‍👩‍👧 there",
         theirs: "Family 👨‍👩‍👧 here", expected: "Family 👨‍👩‍👧 there"),
    Case(name: "ideographs merge per character", base: "日本語テキスト", mine: "月本語テキスト",
         theirs: "日本語テキストです", expected: "月本語テキストです"),
    Case(name: "Cyrillic", base: "Привет мир", mine: "Привет, мир", theirs: "Привет мир!",
         expected: "Привет, мир!"),
    Case(name: "combining marks stay with their letter", base: "cafe\u{301} noir",
         mine: "cafe\u{301} au lait", theirs: "Cafe\u{301} noir", expected: "Cafe\u{301} au lait"),
    Case(name: "Arabic", base: "مرحبا بالعالم الجميل", mine: "أهلا بالعالم الجميل",
         theirs: "مرحبا بالعالم الكبير", expected: "أهلا بالعالم الكبير"),
    // Line endings, empty and replaced bodies.
    Case(name: "CRLF bodies", base: "a\r\nb\r\nc", mine: "a\r\nB\r\nc", theirs: "a\r\nb\r\nC",
         expected: "a\nB\nC"),
    Case(name: "CR and LF bodies", base: "a\rb\rc", mine: "a\nB\nc", theirs: "a\r\nb\r\nC",
         expected: "a\nB\nC"),
    Case(name: "empty base, one side wrote", base: "", mine: "hello", theirs: "",
         expected: "hello"),
    Case(name: "empty base, both wrote differently", base: "", mine: "x", theirs: "y",
         expected: c("x", "y"), conflicts: 1),
    Case(name: "empty base, both wrote the same", base: "", mine: "same", theirs: "same",
         expected: "same"),
    Case(name: "whole body replaced, other side untouched", base: "a b\nc d", mine: "new text",
         theirs: "a b\nc d", expected: "new text"),
    Case(name: "whole body replaced on both sides", base: "old", mine: "laptop text",
         theirs: "phone words", expected: c("laptop text", "phone words"), conflicts: 1),
    Case(name: "whole body replaced against an edit", base: "a b\nc d", mine: "new text",
         theirs: "a b\nc D", expected: c("new text", "a b\nc D"), conflicts: 1),
  ]

  @Test("merges to the expected text", arguments: cases)
  func mergesToExpectedText(_ testCase: Case) {
    let result = MergeFixture.merge(testCase.base, testCase.mine, testCase.theirs)
    #expect(result.text.plainText == testCase.expected)
    #expect(result.hunks.count == testCase.conflicts)
    // The same on the other device: sides swapped, same infos per side.
    let swapped = ThreeWayMerge(
      base: AttributedText(plainText: testCase.base), mine: AttributedText(plainText: testCase.theirs),
      theirs: AttributedText(plainText: testCase.mine), mineInfo: MergeFixture.phone,
      theirInfo: MergeFixture.laptop
    ).merge()
    #expect(swapped == result)
  }

  @Test("the table has at least 40 cases")
  func tableSize() {
    #expect(Self.cases.count >= 40)
  }

  @Test("hunks name the paragraphs and the alternatives")
  func hunkDescribesConflict() throws {
    let result = MergeFixture.merge("intro\na b c\noutro", "intro\na x c\noutro", "intro\na y c\noutro")
    let hunk = try #require(result.hunks.first)
    #expect(hunk.paragraphs == 1..<6)
    #expect(hunk.first == .init(label: "laptop", text: "a x c"))
    #expect(hunk.second == .init(label: "phone", text: "a y c"))
    #expect(result.text.paragraphs[hunk.paragraphs.lowerBound].text == "<<<<<<< laptop")
    #expect(result.text.paragraphs[hunk.paragraphs.upperBound - 1].text == ">>>>>>> phone")
  }

  @Test("the older side's alternative comes first whichever side is mine")
  func conflictOrderByDate() {
    let newerLaptop = MergeSideInfo(label: "laptop", date: MergeFixture.phone.date.addingTimeInterval(1))
    let result = ThreeWayMerge(
      base: AttributedText(plainText: "a b c"), mine: AttributedText(plainText: "a x c"),
      theirs: AttributedText(plainText: "a y c"), mineInfo: newerLaptop, theirInfo: MergeFixture.phone
    ).merge()
    #expect(result.text.plainText == "<<<<<<< phone\na y c\n=======\na x c\n>>>>>>> laptop")
  }
}
