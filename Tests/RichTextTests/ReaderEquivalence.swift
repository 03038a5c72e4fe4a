@testable import RichText

/// One way of reading: which of the reader's fast paths are on.
struct ReaderPath: CustomStringConvertible {
  var usesRecentCaches: Bool
  var readsBodyRuns: Bool

  /// Every fast path on: what `RTFReader.read(_:)` does.
  static let fastest = ReaderPath(usesRecentCaches: true, readsBodyRuns: true)
  /// The recent caches, but every item read as a token.
  static let tokens = ReaderPath(usesRecentCaches: true, readsBodyRuns: false)
  /// No fast path: every item a token, every state worked out afresh.
  static let general = ReaderPath(usesRecentCaches: false, readsBodyRuns: false)

  var description: String {
    "caches \(usesRecentCaches ? "on" : "off"), body runs \(readsBodyRuns ? "on" : "off")"
  }

  func read(_ input: [UInt8], limits: RTFLimits) -> Result<RTFReadResult, RTFError> {
    Result { () throws(RTFError) in
      try RTFReader(limits: limits).read(
        input, usingRecentCaches: usesRecentCaches, readingBodyRuns: readsBodyRuns)
    }
  }
}

/// Compares two ways of reading the same input, for the suites that check a fast
/// path against the straightforward one.
enum ReaderEquivalence {
  /// Why reading `input` along `first` and along `second` differs (text, warnings,
  /// skipped objects, the source record, or the error thrown), or nil when they agree.
  static func difference(
    _ input: [UInt8], limits: RTFLimits = .default, _ first: ReaderPath, _ second: ReaderPath
  ) -> String? {
    switch (first.read(input, limits: limits), second.read(input, limits: limits)) {
    case (.failure(let firstError), .failure(let secondError)):
      return firstError == secondError ? nil : "errors \(firstError) and \(secondError)"
    case (.success(let one), .success(let other)):
      if one.warnings != other.warnings { return "warnings \(one.warnings) and \(other.warnings)" }
      guard one == other else {
        let paragraph = zip(one.text.paragraphs, other.text.paragraphs).enumerated()
          .first { $0.element.0 != $0.element.1 }?.offset
        return "results differ (first different paragraph: \(paragraph.map(String.init) ?? "none"), "
          + "\(one.text.paragraphs.count) and \(other.text.paragraphs.count) paragraphs)"
      }
      switch (one.text.rtfSource, other.text.rtfSource) {
      case (nil, nil): return nil
      case (let oneSource?, let otherSource?):
        if oneSource.boundaries != otherSource.boundaries { return "source boundaries differ" }
        if oneSource.boundaryStates != otherSource.boundaryStates { return "boundary state numbers differ" }
        if oneSource.states != otherSource.states { return "boundary states differ" }
        return nil
      default: return "one result has a source record, the other not"
      }
    case (.success, .failure(let error)): return "\(first) read, \(second) threw \(error)"
    case (.failure(let error), .success): return "\(first) threw \(error), \(second) read"
    }
  }
}
