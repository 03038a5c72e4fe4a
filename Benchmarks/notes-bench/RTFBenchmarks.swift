import Foundation
import RichText

/// `notes-bench rtf`: writing and reading generated Cocoa-style bodies of 1 MB and
/// 10 MB, next to a plain byte copy of the same RTF and LibreOffice's conversion of it
/// (left out with `--no-soffice`).
enum RTFBenchmarks {
  static func run() {
    let withLibreOffice = !CommandLine.arguments.contains("--no-soffice")
    var rows: [[String]] = []
    for megabytes in [1, 10] {
      var generator = RTFBodyGenerator()
      // About 1 MB of RTF per megabyte asked for (escapes and control words included).
      let body = generator.body(approximateBytes: megabytes * 450_000)
      let writer = RTFWriter()
      let rtf = writer.write(body)
      let sizeMB = Double(rtf.count) / 1_000_000
      let iterations = megabytes == 1 ? 20 : 5
      func row(_ measurement: Measurement) -> [String] {
        [
          measurement.name, String(format: "%.1f", sizeMB),
          measurement.median.formattedMilliseconds, measurement.p90.formattedMilliseconds,
          String(format: "%.0f", sizeMB / measurement.median.seconds),
        ]
      }
      rows.append(row(measure("byte copy \(megabytes) MB", iterations: iterations) {
        blackHole(Array(rtf[...]) + [])
      }))
      rows.append(row(measure("RTFWriter.write \(megabytes) MB", iterations: iterations) {
        blackHole(writer.write(body))
      }))
      let reader = RTFReader()
      rows.append(row(measure("RTFReader.read \(megabytes) MB", iterations: iterations) {
        blackHole(try? reader.read(rtf))
      }))
      if withLibreOffice, let libreOffice = libreOfficeConversion(rtf) {
        rows.append([
          "soffice --convert-to txt \(megabytes) MB (once)", String(format: "%.1f", sizeMB),
          libreOffice.formattedMilliseconds, "-", String(format: "%.1f", sizeMB / libreOffice.seconds),
        ])
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
