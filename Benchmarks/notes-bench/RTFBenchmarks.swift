import Foundation
import RichText

/// `notes-bench rtf`: reading and writing Cocoa-style bodies (generated as models and
/// written by `RTFWriter`) and Word-style files (`WordRTFGenerator`) of 1 MB and
/// 10 MB, next to a plain byte copy of the same RTF and LibreOffice's conversion of it
/// (left out with `--no-soffice`). A Word file is written back whole, in Cocoa's way
/// (its body without its source), and, unchanged, into its own source.
enum RTFBenchmarks {
  static func run() {
    let withLibreOffice = !CommandLine.arguments.contains("--no-soffice")
    // `--quick`: the 1 MB bodies only, 5 runs each (for a loaded machine).
    let quick = CommandLine.arguments.contains("--quick")
    // `--reader-only`: the RTFReader rows alone (for profiling the reader).
    let readerOnly = CommandLine.arguments.contains("--reader-only")
    // `--kind Cocoa` or `--kind Word`: that kind of body alone (for profiling one).
    var kinds = ["Cocoa", "Word"]
    if let flag = CommandLine.arguments.firstIndex(of: "--kind"), flag + 1 < CommandLine.arguments.count {
      kinds = [CommandLine.arguments[flag + 1]]
    }
    // `--writer-only`: the RTFWriter rows alone (for profiling the writer).
    let writerOnly = CommandLine.arguments.contains("--writer-only")
    // `--megabytes N`: that size alone; `--iterations N`: N runs each, no warm-up (for
    // counting one run's instructions under callgrind).
    let megabytesAsked = Self.number(after: "--megabytes")
    let iterationsAsked = Self.number(after: "--iterations")
    var rows: [[String]] = []
    for kind in kinds {
      let sizes = megabytesAsked.map { [$0] } ?? (quick ? [1] : [1, 10])
      for megabytes in sizes {
        let firstRow = rows.count
        let writer = RTFWriter()
        let reader = RTFReader()
        let rtf: [UInt8]
        let body: AttributedText
        if kind == "Cocoa" {
          var generator = RTFBodyGenerator()
          // About 1 MB of RTF per megabyte asked for (escapes and control words included).
          body = generator.body(approximateBytes: megabytes * 450_000)
          rtf = writer.write(body)
        } else {
          var generator = WordRTFGenerator()
          rtf = generator.rtf(approximateBytes: megabytes * 1_000_000)
          guard let read = try? reader.read(rtf) else {
            print("RTFReader refused the generated Word file")
            return
          }
          body = read.text
        }
        // `--dump DIRECTORY`: the generated file written there too (for other readers).
        if let flag = CommandLine.arguments.firstIndex(of: "--dump"), flag + 1 < CommandLine.arguments.count {
          let path = CommandLine.arguments[flag + 1] + "/\(kind)-\(megabytes)MB.rtf"
          _ = FileManager.default.createFile(atPath: path, contents: Data(rtf))
        }
        let iterations = iterationsAsked ?? (quick ? 5 : megabytes == 1 ? 20 : 5)
        let warmUp = iterationsAsked == nil ? 2 : 0
        let name = "\(kind) \(megabytes) MB"
        // LibreOffice's conversion of the same file, its start-up (a minimal file's
        // conversion) taken off, so the rows compare reading the RTF itself.
        var libreOfficeNet: Conversion?
        if withLibreOffice, !readerOnly, !writerOnly, let whole = libreOfficeConversion(rtf),
          let startUp = libreOfficeConversion(Array(#"{\rtf1\ansi x\par}"#.utf8))
        {
          libreOfficeNet = Conversion(
            wall: max(.zero, whole.wall - startUp.wall), cpu: max(.zero, whole.cpu - startUp.cpu))
          let sizeMB = Double(rtf.count) / 1_000_000
          for (label, conversion) in [("", whole), (", start-up only", startUp)] {
            rows.append([
              "soffice --convert-to txt \(name)\(label) (once)", String(format: "%.1f", sizeMB),
              conversion.wall.formattedMilliseconds, "-", String(format: "%.1f", sizeMB / conversion.wall.seconds),
              conversion.cpu.formattedMilliseconds, String(format: "%.1f", sizeMB / conversion.cpu.seconds), "-",
            ])
          }
        }
        func row(_ measurement: Measurement, bytes: Int) -> [String] {
          let sizeMB = Double(bytes) / 1_000_000
          let cpu = measurement.cpuMedian
          // How many times faster than LibreOffice's conversion without its start-up.
          let versusLibreOffice = libreOfficeNet.map {
            String(format: "%.0f×", $0.cpu.seconds / max(cpu.seconds, 1e-9))
          } ?? "-"
          return [
            measurement.name, String(format: "%.1f", sizeMB),
            measurement.median.formattedMilliseconds, measurement.p90.formattedMilliseconds,
            String(format: "%.0f", sizeMB / measurement.median.seconds),
            cpu.formattedMilliseconds, String(format: "%.0f", sizeMB / cpu.seconds), versusLibreOffice,
          ]
        }
        if readerOnly {
          rows.append(row(measure("RTFReader.read \(name)", warmUp: warmUp, iterations: iterations) {
            blackHole(try? reader.read(rtf))
          }, bytes: rtf.count))
          continue
        }
        if !writerOnly {
          rows.append(row(measure("byte copy \(name)", warmUp: warmUp, iterations: iterations) {
            blackHole(Array(rtf[...]) + [])
          }, bytes: rtf.count))
        }
        let whole = body.forgettingSource()
        let written = writer.write(whole)
        rows.append(row(measure("RTFWriter.write \(name)", warmUp: warmUp, iterations: iterations) {
          blackHole(writer.write(whole))
        }, bytes: written.count))
        if kind == "Word" {
          rows.append(row(measure("RTFWriter.write \(name), into its source", warmUp: warmUp, iterations: iterations) {
            blackHole(writer.write(body))
          }, bytes: rtf.count))
        }
        if !writerOnly {
          rows.append(row(measure("RTFReader.read \(name)", warmUp: warmUp, iterations: iterations) {
            blackHole(try? reader.read(rtf))
          }, bytes: rtf.count))
        }
        // Each size as it is done: a loaded machine may not see the end.
        print("done: \(name) (\(rows.count) rows so far)")
        for row in rows[firstRow...] { print("  " + row.joined(separator: " | ")) }
      }
    }
    printTable(
      ["benchmark", "RTF MB", "median", "p90", "MB/s", "CPU median", "CPU MB/s", "CPU vs soffice"], rows)
    print("CPU: the thread's own CPU time (soffice: its process's, from rusage); "
      + "\"CPU vs soffice\": how many times less CPU than soffice converting the same file, its start-up taken off")
  }

  /// The positive number after `flag` on the command line, if any.
  static func number(after flag: String) -> Int? {
    guard let index = CommandLine.arguments.firstIndex(of: flag), index + 1 < CommandLine.arguments.count,
      let value = Int(CommandLine.arguments[index + 1]), value > 0
    else { return nil }
    return value
  }

  /// The wall and CPU time of one conversion.
  struct Conversion {
    var wall: Duration
    var cpu: Duration
  }

  /// The time LibreOffice takes to convert `rtf` to text, start-up included, or nil
  /// when it is not installed.
  static func libreOfficeConversion(_ rtf: [UInt8]) -> Conversion? {
    let soffice = "/usr/bin/soffice"
    guard FileManager.default.isExecutableFile(atPath: soffice) else { return nil }
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("notes-bench-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      let input = directory.appendingPathComponent("body.rtf")
      try Data(rtf).write(to: input)
      let process = Process()
      process.executableURL = URL(fileURLWithPath: soffice)
      process.arguments = [
        "-env:UserInstallation=file://" + directory.appendingPathComponent("profile").path,
        "--headless", "--convert-to", "txt:Text (encoded):UTF8",
        "--outdir", directory.path, input.path,
      ]
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      let clock = ContinuousClock()
      let cpuBefore = childrenCPUTime()
      let duration = try clock.measure {
        try process.run()
        process.waitUntilExit()
      }
      let conversion = Conversion(wall: duration, cpu: childrenCPUTime() - cpuBefore)
      return process.terminationStatus == 0 ? conversion : nil
    } catch {
      return nil
    }
  }
}
