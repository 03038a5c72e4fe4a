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
/// on the plain texts; with the merge's peak memory.
///
/// Each merge runs in a child process of its own (`merge-big --child`), which makes
/// the three bodies, notes its resident memory, merges once and reports its peak
/// (`getrusage`): so the peak is that of a process holding the bodies and merging
/// them, and neither git's input files, nor an earlier result, nor the previous
/// run's garbage count in it. Git's input files are written (by this process) first.
enum BigMergeBenchmarks {
  static let runs = 3

  static func run(_ arguments: [String]) throws {
    if arguments.first == "--child" { return child() }
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("notes-bench-bigmerge-\(getpid())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let files = ["base", "mine", "theirs"].map { directory.appendingPathComponent($0 + ".txt") }
    let bodySize: Int
    do {
      let (base, mine, theirs) = bodies()
      for (file, body) in zip(files, [base, mine, theirs]) {
        try Data((body.plainText + "\n").utf8).write(to: file)
      }
      bodySize = base.plainText.utf8.count
    }
    let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
    var reports: [ChildReport] = []
    var gitWall: [Duration] = []
    var gitCPU: [Duration] = []
    let clock = ContinuousClock()
    // Interleaved: one merge, one git merge-file, so both see the same load.
    for _ in 0..<runs {
      guard let report = runChild(executable) else {
        print("merge-big: the child process failed")
        return
      }
      reports.append(report)
      let cpuBefore = childrenCPUTime()
      gitWall.append(clock.measure {
        PlainTextBenchmarks.runGit(["merge-file", "-p", files[1].path, files[0].path, files[2].path])
      })
      gitCPU.append(childrenCPUTime() - cpuBefore)
    }
    let ours = Measurement(name: "ThreeWayMerge", samples: reports.map(\.wall), cpuSamples: reports.map(\.cpu))
    let git = Measurement(name: "git merge-file -p", samples: gitWall, cpuSamples: gitCPU)
    let peak = reports.map(\.peak).sorted()[reports.count / 2]
    let before = reports.map(\.before).sorted()[reports.count / 2]
    print("base \(bodySize) bytes, 2000000 paragraphs, 1000 paragraph edits per side, "
      + "\(reports.allSatisfy(\.clean) ? "clean" : "conflicts"); \(runs) runs, each merge in a child process")
    printTable(
      ["", "median", "p90", "CPU median"],
      [ours, git].map {
        [$0.name, $0.median.formattedMilliseconds, $0.p90.formattedMilliseconds, $0.cpuMedian.formattedMilliseconds]
      })
    print(String(format: "ratio ThreeWayMerge / git merge-file: %.2f× (wall), %.2f× (CPU)",
      ours.median.seconds / git.median.seconds, ours.cpuMedian.seconds / git.cpuMedian.seconds))
    print(String(format: "peak memory of the merging process: %.0f MB = %.1f× the body (target ≤ 20×); "
      + "%.0f MB = %.1f× of it held the three bodies before the merge, %.1f× the body came with the merge",
      peak / 1e6, peak / Double(bodySize), before / 1e6, before / Double(bodySize),
      (peak - before) / Double(bodySize)))
  }

  /// The three bodies: 2 million paragraphs, and two sides editing 1 000 each.
  static func bodies() -> (AttributedText, AttributedText, AttributedText) {
    var random = SeededGenerator(seed: 12)
    let words = ["milk", "eggs", "bread", "tea", "jam", "rice"]
    var paragraphs: [Paragraph] = []
    paragraphs.reserveCapacity(2_000_000)
    for index in 0..<2_000_000 {
      paragraphs.append(Paragraph(text: words[Int(random.next() % 6)] + String(index % 100)))
    }
    let base = AttributedText(paragraphs: paragraphs)
    paragraphs = []
    var mine = base
    var theirs = base
    for edit in 0..<1_000 {
      mine.replaceParagraph(at: edit * 2_000, with: Paragraph(text: "mine\(edit)"))
      theirs.replaceParagraph(at: edit * 2_000 + 1_000, with: Paragraph(text: "theirs\(edit)"))
    }
    return (base, mine, theirs)
  }

  /// What one child process measured.
  struct ChildReport {
    var wall: Duration
    var cpu: Duration
    /// Resident bytes with the three bodies made, before the merge.
    var before: Double
    /// The process's peak resident bytes.
    var peak: Double
    var clean: Bool
  }

  /// `merge-big --child`: makes the bodies, merges once, prints one line of figures.
  static func child() {
    let (base, mine, theirs) = bodies()
    let before = residentMemory()
    let laptop = MergeSideInfo(label: "laptop", date: Date(timeIntervalSince1970: 1))
    let phone = MergeSideInfo(label: "phone", date: Date(timeIntervalSince1970: 2))
    let merge = ThreeWayMerge(base: base, mine: mine, theirs: theirs, mineInfo: laptop, theirInfo: phone)
    var clean = false
    let cpuStart = threadCPUTime()
    let wall = ContinuousClock().measure {
      let result = merge.merge()
      clean = result.hunks.isEmpty
    }
    let cpu = threadCPUTime() - cpuStart
    print("child \(wall.seconds) \(cpu.seconds) \(before) \(peakMemory()) \(clean)")
  }

  private static func runChild(_ executable: String) -> ChildReport? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = ["merge-big", "--child"]
    let pipe = Pipe()
    process.standardOutput = pipe
    do { try process.run() } catch { return nil }
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    let fields = output.split(whereSeparator: \.isWhitespace)
    guard process.terminationStatus == 0, fields.count == 6, fields[0] == "child",
      let wall = Double(fields[1]), let cpu = Double(fields[2]), let before = Double(fields[3]),
      let peak = Double(fields[4])
    else { return nil }
    return ChildReport(
      wall: .nanoseconds(Int64(wall * 1e9)), cpu: .nanoseconds(Int64(cpu * 1e9)), before: before, peak: peak,
      clean: fields[5] == "true")
  }

  /// The process's peak resident memory, in bytes.
  static func peakMemory() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_maxrss) * 1024
  }

  /// The process's resident memory now, in bytes (`/proc/self/statm`).
  static func residentMemory() -> Double {
    guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = statm.split(separator: " ")
    guard fields.count > 1, let pages = Double(fields[1]) else { return 0 }
    return pages * Double(sysconf(Int32(_SC_PAGESIZE)))
  }
}
