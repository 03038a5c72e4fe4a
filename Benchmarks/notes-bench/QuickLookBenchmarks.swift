import Foundation
#if canImport(Glibc)
  import Glibc
#endif
import QuickLook
import RichText

/// QuickLook rendering in process: time per note thumbnail, for notes with text only,
/// with long formatted text, and with a PNG or a 12-megapixel JPEG attachment; the
/// baseline, in the same run, is gdk-pixbuf's own decode-and-scale of the same image
/// into a 512×512 box (what `gdk-pixbuf-thumbnailer` does), and a PNG encode of an
/// empty 512×512 picture.
enum QuickLookBenchmarks {
  /// `notes-bench thumbnails [ITERATIONS] [CASE]`: CASE, a part of a row's name, runs
  /// only the rows that contain it (to profile one of them).
  static func run(_ arguments: [String]) throws {
    let iterations = arguments.first.flatMap(Int.init) ?? 20
    let only = arguments.dropFirst().first
    let renderer = ThumbnailRenderer()
    let short = AttributedText(plainText: "Shopping\nMilk\nEggs\nBread\nCoffee")
    let long = formattedBody(paragraphs: 400)
    // Made on first use, so that a profile of one row shows that row alone.
    var madePNG: [UInt8]?
    var madeJPEG: [UInt8]?
    func png() throws -> [UInt8] {
      if let madePNG { return madePNG }
      let made = try gradient(width: 1200, height: 900).encoded(as: .png)
      madePNG = made
      return made
    }
    func jpeg() throws -> [UInt8] {
      if let madeJPEG { return madeJPEG }
      let made = try gradient(width: 4000, height: 3000).encoded(as: .jpeg)
      madeJPEG = made
      return made
    }
    var rows: [[String]] = []
    // On a shared machine wall time includes waiting for a core; the CPU time of the
    // thread is what the rendering itself costs, so both are shown.
    func row(_ name: String, _ body: () throws -> Void) throws {
      if let only, !name.contains(only) { return }
      var failure: (any Error)?
      var cpu: [Double] = []
      let measurement = measure(name, warmUp: 2, iterations: iterations) {
        let start = Self.threadCPUSeconds()
        do { try body() } catch { failure = error }
        cpu.append(Self.threadCPUSeconds() - start)
      }
      if let failure { throw failure }
      let cpuMedian = cpu.suffix(iterations).sorted()[iterations / 2]
      rows.append([
        name, measurement.median.formattedMilliseconds, measurement.p90.formattedMilliseconds,
        String(format: "%.2f ms", cpuMedian * 1000),
      ])
    }
    try row("baseline: PNG of an empty 512×512 picture") {
      blackHole(try PixelImage(width: 512, height: 512, fill: PixelColor(red: 255, green: 255, blue: 255)).encoded(as: .png))
    }
    try row("baseline: gdk-pixbuf decode of the 12 MP JPEG") {
      blackHole(try PixelImage(decoding: try jpeg()))
    }
    try row("note: 5 lines of text") { blackHole(try renderer.renderNote(short, image: nil)) }
    try row("note: 400 formatted paragraphs") { blackHole(try renderer.renderNote(long, image: nil)) }
    try row("note: text + 1200×900 PNG") {
      blackHole(try renderer.renderNote(short, image: ImageAttachment(name: "a.png", content: try png())))
    }
    try row("note: text + 4000×3000 JPEG (12 MP)") {
      blackHole(try renderer.renderNote(short, image: ImageAttachment(name: "a.jpg", content: try jpeg())))
    }
    try row("attachment: PDF file icon") {
      blackHole(try renderer.renderAttachment(named: "paper.pdf", type: .pdf, content: []))
    }
    print("thumbnail time per note, 512×512, \(iterations) iterations (target: every note row under 30 ms)")
    printTable(["case", "median", "p90", "CPU median"], rows)
  }

  /// `notes-bench write-image PATH WIDTH HEIGHT png|jpeg`: a gradient picture file, the
  /// attachment the QuickLook scripts use.
  static func writeImage(_ arguments: [String]) throws {
    guard arguments.count == 4, let width = Int(arguments[1]), let height = Int(arguments[2]),
      let format = PixelImage.FileFormat(rawValue: arguments[3])
    else {
      throw BenchmarkUsage("usage: notes-bench write-image PATH WIDTH HEIGHT png|jpeg")
    }
    try Data(try gradient(width: width, height: height).encoded(as: format)).write(to: URL(fileURLWithPath: arguments[0]))
  }

  /// The CPU time this process has used, in seconds (the benchmark runs on one thread).
  static func threadCPUSeconds() -> Double {
    Double(clock()) / Double(CLOCKS_PER_SEC)
  }

  /// A smooth colour gradient with some noise, so image files are not trivially small.
  static func gradient(width: Int, height: Int) -> PixelImage {
    var image = PixelImage(width: width, height: height, fill: PixelColor(red: 0, green: 0, blue: 0))
    var generator = SeededGenerator(seed: 14)
    for y in 0..<height {
      for x in 0..<width {
        let noise = UInt8(generator.next() % 16)
        image[x, y] = PixelColor(
          red: UInt8(x * 255 / max(1, width - 1)) &+ noise, green: UInt8(y * 255 / max(1, height - 1)),
          blue: 128 &+ noise)
      }
    }
    return image
  }

  /// Paragraphs with bold, italic, sizes, colours and alignments.
  static func formattedBody(paragraphs count: Int) -> AttributedText {
    let alignments: [Alignment] = [.left, .center, .right, .justified]
    return AttributedText(paragraphs: (0..<count).map { index in
      var paragraph = Paragraph(style: ParagraphStyle(alignment: alignments[index % alignments.count]))
      paragraph.append("Paragraph \(index): ", attributes: CharacterAttributes(fontSize: 14, isBold: true))
      paragraph.append(
        "some italic words ",
        attributes: CharacterAttributes(font: Font(name: "TimesNewRomanPSMT", family: .roman), isItalic: true))
      paragraph.append(
        "and coloured ones that wrap onto a second line of the page",
        attributes: CharacterAttributes(foregroundColor: Color(red: 200, green: 30, blue: 30)))
      return paragraph
    })
  }
}
