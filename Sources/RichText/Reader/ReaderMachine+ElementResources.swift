extension ReaderMachine {
  /// Gives every element of the body the fonts and colours its RTF refers to, by
  /// value, so that a body written whole can renumber them.
  mutating func noteElementResources() {
    guard bodyHasElements else { return }
    for paragraphIndex in body.paragraphs.indices {
      let paragraph = body.paragraphs[paragraphIndex]
      guard paragraph.runs.contains(where: { $0.attributes.element != nil }) else { continue }
      var runs = paragraph.runs
      for runIndex in runs.indices {
        guard var element = runs[runIndex].attributes.element else { continue }
        var resources = RTFElementResources()
        RTFElementNumbers.forEach(in: element.rtf) { kind, number, _ in
          switch kind {
          case .font:
            if let entry = fonts[Int32(clamping: number)] { resources.fonts[number] = entry.font }
          case .color:
            if number < colors.count, let color = colors[number] { resources.colors[number] = color }
          }
        }
        element.resources = resources
        runs[runIndex].attributes.element = element
      }
      body.paragraphs[paragraphIndex] = Paragraph(runs: runs, style: paragraph.style)
    }
  }
}
