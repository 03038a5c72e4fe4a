extension AttributedText {
  /// The text without formatting, as `notes show` prints it: paragraphs joined by
  /// `"\n"`, tabs as `"\t"`, line separators as U+2028, links as their text.
  ///
  /// ```swift
  /// AttributedText(plainText: "Milk\nEggs").plainText  // "Milk\nEggs"
  /// ```
  public var plainText: String {
    var result = ""
    for (index, paragraph) in paragraphs.enumerated() {
      if index > 0 { result += "\n" }
      for run in paragraph.runs { result += run.text }
    }
    return result
  }

  /// Lays an edited plain text over the existing formatting by a diff, so untouched
  /// words keep their formatting, inserted words take the formatting of the word
  /// before them (at paragraph start: the word after), deleted words go; new
  /// paragraphs take the style of the paragraph they were split from / typed after.
  ///
  /// The diff is a word diff (`WordTokenizer`, `TokenDiff`). A word typed in place of
  /// another (a replacement) takes the replaced word's formatting. Inserted text joins a
  /// link only when the characters on both sides of it belong to that link. `"\r\n"`
  /// and `"\r"` in `newText` end paragraphs as `"\n"` does. Applying the body's own
  /// `plainText` gives the body back unchanged. The document attributes are kept.
  ///
  /// ```swift
  /// let edited = body.applyingPlainText("Milk\nEggs\nBread")
  /// ```
  ///
  /// - Complexity: O((n + m) · d) for texts of n and m words that differ in d words
  ///   (bounded; see `TokenDiff`).
  public func applyingPlainText(_ newText: String) -> AttributedText {
    PlainTextOverlay(base: self, newText: newText).result()
  }
}
