import Foundation
import RichText

/// `notes-bench replace-words`: the work of `notes write --file` (the word diff of
/// `applyingPlainText` and writing the body) when every word of a 1 MB text is
/// replaced, against `git diff --no-index --word-diff` on the same two plain texts.
enum PlainTextBenchmarks {
  static func run(_ arguments: [String]) throws {
    var prose = ProseGenerator()
    let body = prose.body(bytes: 1_000_000)
    let newText = body.plainText.split(separator: "\n", omittingEmptySubsequences: false)
      .map { paragraph in
        paragraph.split(separator: " ").map { _ in "new" + prose.word() }.joined(separator: " ")
      }
      .joined(separator: "\n")
    let writer = RTFWriter()
    let ours = measure("applyingPlainText + RTFWriter", warmUp: 1, iterations: 5) {
      blackHole(writer.write(body.applyingPlainText(newText)))
    }

    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("notes-bench-replace-\(getpid())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let old = directory.appendingPathComponent("old.txt")
    let new = directory.appendingPathComponent("new.txt")
    try Data((body.plainText + "\n").utf8).write(to: old)
    try Data((newText + "\n").utf8).write(to: new)
    let git = measure("git diff --no-index --word-diff", warmUp: 1, iterations: 5) {
      runGit(["diff", "--no-index", "--word-diff", old.path, new.path])
    }
    print("old \(body.plainText.utf8.count) bytes, new \(newText.utf8.count) bytes, every word replaced")
    printTable(
      ["", "median", "p90"],
      [ours, git].map { [$0.name, $0.median.formattedMilliseconds, $0.p90.formattedMilliseconds] })
    print(String(format: "ratio ours / git diff --word-diff: %.2f×", ours.median.seconds / git.median.seconds))
  }

  static func runGit(_ arguments: [String]) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["git"] + arguments
    process.standardOutput = FileHandle.nullDevice
    do { try process.run() } catch { return }
    process.waitUntilExit()
  }
}

/// `notes-bench merge-big`: ThreeWayMerge of a 12 MB body of 2 million short
/// paragraphs, each side editing 1 000 paragraphs of its own, against `git merge-file`
/// on the plain texts; with the process's peak memory.
enum BigMergeBenchmarks {
  static func run(_ arguments: [String]) throws {
    var random = SeededGenerator(seed: 12)
    let words = ["milk", "eggs", "bread", "tea", "jam", "rice"]
    var paragraphs: [Paragraph] = []
    paragraphs.reserveCapacity(2_000_000)
    for index in 0..<2_000_000 {
      paragraphs.append(Paragraph(text: words[Int(random.next() % 6)] + String(index % 100)))
    }
    let base = AttributedText(paragraphs: paragraphs)
    var mine = base
    var theirs = base
    for edit in 0..<1_000 {
      mine.replaceParagraph(at: edit * 2_000, with: Paragraph(text: "mine\(edit)"))
      theirs.replaceParagraph(at: edit * 2_000 + 1_000, with: Paragraph(text: "theirs\(edit)"))
    }
    let bodySize = base.plainText.utf8.count
    let before = peakMemory()
    let laptop = MergeSideInfo(label: "laptop", date: Date(timeIntervalSince1970: 1))
    let phone = MergeSideInfo(label: "phone", date: Date(timeIntervalSince1970: 2))
    let merge = ThreeWayMerge(base: base, mine: mine, theirs: theirs, mineInfo: laptop, theirInfo: phone)
    var result: MergeResult?
    let ours = measure("ThreeWayMerge", warmUp: 0, iterations: 3) { result = merge.merge() }
    let after = peakMemory()

    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("notes-bench-bigmerge-\(getpid())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let files = ["base", "mine", "theirs"].map { directory.appendingPathComponent($0 + ".txt") }
    for (file, body) in zip(files, [base, mine, theirs]) {
      try Data((body.plainText + "\n").utf8).write(to: file)
    }
    let gitCPUBefore = childrenCPUTime()
    let git = measure("git merge-file -p", warmUp: 0, iterations: 3) {
      PlainTextBenchmarks.runGit(["merge-file", "-p", files[1].path, files[0].path, files[2].path])
    }
    let gitCPU = (childrenCPUTime() - gitCPUBefore) / 3
    print("base \(bodySize) bytes, \(base.paragraphs.count) paragraphs, 1000 paragraph edits per side, "
      + "\(result?.hunks.isEmpty == true ? "clean" : "conflicts")")
    printTable(
      ["", "median", "p90"],
      [ours, git].map { [$0.name, $0.median.formattedMilliseconds, $0.p90.formattedMilliseconds] })
    print(String(format: "ratio ThreeWayMerge / git merge-file: %.2f×", ours.median.seconds / git.median.seconds))
    print(String(format: "CPU: ThreeWayMerge %.0f ms (median), git merge-file %.0f ms (mean): ratio %.2f×",
      ours.cpuMedian.seconds * 1000, gitCPU.seconds * 1000, ours.cpuMedian.seconds / gitCPU.seconds))
    print(String(format: "peak memory: %.0f MB before the merge (the three bodies), %.0f MB after: "
      + "%.1f× the body for the bodies and the merge, %.1f× for the merge alone", before / 1e6, after / 1e6,
      after / Double(bodySize), (after - before) / Double(bodySize)))
  }

  /// The process's peak resident memory, in bytes.
  static func peakMemory() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_maxrss) * 1024
  }
}
