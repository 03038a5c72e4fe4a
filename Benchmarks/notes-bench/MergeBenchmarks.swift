import Foundation
import RichText

/// `notes-bench merge`: ThreeWayMerge on a 1 MB prose body against `git merge-file`
/// on the plain-text projections of the same three bodies (one paragraph per line).
enum MergeBenchmarks {
  static func run(_ arguments: [String]) throws {
    var prose = ProseGenerator()
    let base = prose.body(bytes: 1_000_000)
    // 1 % of the words edited on each side, mine in paragraphs 0, 4, 8, …, theirs in
    // 2, 6, 10, …, so the sides never touch the same or neighbouring paragraphs.
    let wordCount = base.plainText.split(separator: " ").count
    let mine = prose.edited(base, words: wordCount / 100, paragraphRemainder: 0)
    let theirs = prose.edited(base, words: wordCount / 100, paragraphRemainder: 2)
    let laptop = MergeSideInfo(label: "laptop", date: Date(timeIntervalSince1970: 1))
    let phone = MergeSideInfo(label: "phone", date: Date(timeIntervalSince1970: 2))

    let merge = ThreeWayMerge(base: base, mine: mine, theirs: theirs, mineInfo: laptop, theirInfo: phone)
    let result = merge.merge()
    let ours = measure("ThreeWayMerge", warmUp: 1, iterations: 10) { blackHole(merge.merge()) }

    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("notes-bench-merge-\(getpid())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let files = ["base", "mine", "theirs"].map { directory.appendingPathComponent($0 + ".txt") }
    for (file, body) in zip(files, [base, mine, theirs]) {
      try Data((body.plainText + "\n").utf8).write(to: file)
    }
    var gitOutput = Data()
    var gitStatus: Int32 = 0
    let git = measure("git merge-file -p", warmUp: 1, iterations: 10) {
      (gitOutput, gitStatus) = runGitMergeFile(mine: files[1], base: files[0], theirs: files[2])
    }
    let gitText = String(decoding: gitOutput, as: UTF8.self)
    print("base \(base.plainText.utf8.count) bytes, \(base.paragraphs.count) paragraphs, \(wordCount / 100) word edits per side")
    print("ThreeWayMerge: \(result.hunks.isEmpty ? "clean" : "\(result.hunks.count) conflicts"), "
      + "same text as git: \(result.text.plainText + "\n" == gitText); git exit status \(gitStatus)")
    printTable(
      ["", "median", "p90"],
      [ours, git].map { [$0.name, $0.median.formattedMilliseconds, $0.p90.formattedMilliseconds] })
    print(String(format: "ratio ThreeWayMerge / git merge-file: %.2f×", ours.median.seconds / git.median.seconds))
  }

  private static func runGitMergeFile(mine: URL, base: URL, theirs: URL) -> (Data, Int32) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["git", "merge-file", "-p", mine.path, base.path, theirs.path]
    let pipe = Pipe()
    process.standardOutput = pipe
    do { try process.run() } catch { return (Data(), -1) }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (data, process.terminationStatus)
  }
}

/// Deterministic prose: words made of syllables (a large vocabulary, as real text has),
/// paragraphs of 1–3 KB.
struct ProseGenerator {
  private var random = SeededGenerator(seed: 0x4D45_5247_45)

  private mutating func next(_ bound: Int) -> Int {
    Int(random.next() % UInt64(bound))
  }

  private static let syllables = ["ka", "lo", "mi", "ne", "ru", "sa", "to", "vi", "de", "ba", "po", "gu", "fe", "ri"]

  mutating func word() -> String {
    (0..<(1 + next(4))).map { _ in Self.syllables[next(Self.syllables.count)] }.joined()
  }

  mutating func body(bytes: Int) -> AttributedText {
    var paragraphs: [Paragraph] = []
    var size = 0
    while size < bytes {
      let target = 1_000 + next(2_000)
      var words: [String] = []
      var length = 0
      while length < target {
        let word = word() + (next(12) == 0 ? "." : next(10) == 0 ? "," : "")
        words.append(word)
        length += word.utf8.count + 1
      }
      let text = words.joined(separator: " ")
      paragraphs.append(Paragraph(text: text))
      size += text.utf8.count + 1
    }
    return AttributedText(paragraphs: paragraphs)
  }

  /// `base` with `words` words replaced, spread over the paragraphs whose index is
  /// `paragraphRemainder` modulo 4.
  mutating func edited(_ base: AttributedText, words: Int, paragraphRemainder: Int) -> AttributedText {
    var result = base
    let candidates = Array(stride(from: paragraphRemainder, to: base.paragraphs.count, by: 4))
    var perParagraph = [Int: Int]()
    for _ in 0..<words { perParagraph[candidates[next(candidates.count)], default: 0] += 1 }
    for (index, count) in perParagraph {
      var paragraphWords = result.paragraphs[index].text.split(separator: " ").map(String.init)
      for _ in 0..<count { paragraphWords[next(paragraphWords.count)] = "edited" + word() }
      result.replaceParagraph(at: index, with: Paragraph(text: paragraphWords.joined(separator: " ")))
    }
    return result
  }
}
