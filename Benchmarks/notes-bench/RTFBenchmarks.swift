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
    var rows: [[String]] = []
    for kind in ["Cocoa", "Word"] {
      for megabytes in [1, 10] {
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
        let iterations = megabytes == 1 ? 20 : 5
        let name = "\(kind) \(megabytes) MB"
        func row(_ measurement: Measurement, bytes: Int) -> [String] {
          let sizeMB = Double(bytes) / 1_000_000
          return [
            measurement.name, String(format: "%.1f", sizeMB),
            measurement.median.formattedMilliseconds, measurement.p90.formattedMilliseconds,
            String(format: "%.0f", sizeMB / measurement.median.seconds),
          ]
        }
        rows.append(row(measure("byte copy \(name)", iterations: iterations) {
          blackHole(Array(rtf[...]) + [])
        }, bytes: rtf.count))
        let whole = body.forgettingSource()
        let written = writer.write(whole)
        rows.append(row(measure("RTFWriter.write \(name)", iterations: iterations) {
          blackHole(writer.write(whole))
        }, bytes: written.count))
        if kind == "Word" {
          rows.append(row(measure("RTFWriter.write \(name), into its source", iterations: iterations) {
            blackHole(writer.write(body))
          }, bytes: rtf.count))
        }
        rows.append(row(measure("RTFReader.read \(name)", iterations: iterations) {
          blackHole(try? reader.read(rtf))
        }, bytes: rtf.count))
        if withLibreOffice, let libreOffice = libreOfficeConversion(rtf) {
          let sizeMB = Double(rtf.count) / 1_000_000
          rows.append([
            "soffice --convert-to txt \(name) (once)", String(format: "%.1f", sizeMB),
            libreOffice.formattedMilliseconds, "-", String(format: "%.1f", sizeMB / libreOffice.seconds),
          ])
        }
      }
    }
    printTable(["benchmark", "RTF MB", "median", "p90", "MB/s"], rows)
  }
  /// The time LibreOffice takes to convert `rtf` to text, start-up included, or nil
  /// when it is not installed.
  static func libreOfficeConversion(_ rtf: [UInt8]) -> Duration? {
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
      let duration = try clock.measure {
        try process.run()
        process.waitUntilExit()
      }
      return process.terminationStatus == 0 ? duration : nil
    } catch {
      return nil
    }
  }
}
