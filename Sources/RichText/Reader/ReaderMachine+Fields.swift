/// Fields other than links (`PAGE`, `DATE`, `TOC`, `MERGEFIELD`, `REF`…) become
/// elements: the field's whole group is kept as read, and the element shows the
/// field's result. A link stays text with its `link` attribute.
extension ReaderMachine {
  /// `\field` in the body: notes where it starts, when it may become an element (a
  /// field in the document's text, not inside another field or a captured group).
  mutating func openField() {
    var record = FieldRecord()
    if state.destination == .body, fieldInstructions.isEmpty, elementCapture == nil,
      groupContentStart > 0, bytes[groupContentStart - 1] == UInt8(ascii: "{")
    {
      if decoder.hasPending { flushDecoder() }
      body.flushRun()
      record.start = groupContentStart - 1
      record.paragraphCount = body.paragraphs.count
      record.runCount = body.runs.count
    }
    fieldInstructions.append(record)
  }

  /// The field's group ended. A field that is not a link, whose result stayed in
  /// one paragraph, outside tables, and holds no element, becomes one element.
  mutating func closeField() {
    guard var record = fieldInstructions.popLast(), let start = record.start,
      fieldInstructions.isEmpty,
      record.hyperlinkTarget(recent: &recentHyperlink, usingRecent: usesRecentCaches) == nil, state.destination == .body,
      !recorder.isInTable, body.paragraphs.count == record.paragraphCount, hiddenText.isEmpty,
      pendingHighSurrogate == nil, body.pendingCellTabs == 0
    else { return }
    if decoder.hasPending { flushDecoder() }
    body.flushRun()
    guard body.runs.count >= record.runCount else { return }
    let result = body.runs[record.runCount...]
    let shown = result.reduce(into: "") { $0 += $1.text }
    guard !shown.unicodeScalars.contains("\u{FFFC}"),
      !result.contains(where: { $0.attributes.element != nil })
    else { return }
    var attributes = result.first?.attributes ?? body.runAttributes
    attributes.link = nil
    bodyHasElements = true
    attributes.element = RTFElement(
      kind: .field, shownText: shown, rtf: Array(bytes[start..<tokenizer.position]))
    body.replaceRuns(from: record.runCount, with: TextRun(text: "\u{FFFC}", attributes: attributes))
  }
}
