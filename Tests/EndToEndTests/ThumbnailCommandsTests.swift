import Foundation
import QuickLook
import Testing

/// `notes thumbnail` and `notes attachments --thumbnails/--json` through the built binary.
@Suite("Thumbnails")
struct ThumbnailCommandsTests {
  static let green = PixelColor(red: 30, green: 180, blue: 60)

  /// A store with a note "Trip" that has a JPEG photo, a PDF and a file of random bytes.
  static func tripStore(_ sandbox: Sandbox) throws -> String {
    let store = try sandbox.makeStore()
    sandbox.notes("-C", store, "new", "Trip", "--text", "Trip to the lake\nBring the map")
    let photo = try PixelImage(width: 200, height: 150, fill: green).encoded(as: .jpeg)
    // Fixed: about one file of random bytes in a hundred looks like a known format to
    // libmagic (a DOS executable, zlib, …), and this one must be plain data.
    var generator = SplitMix(seed: 2026)
    let random = Data((0..<2048).map { _ in UInt8.random(in: 0...255, using: &generator) })
    let files = [
      try sandbox.writeFile("in/lake.jpg", Data(photo)),
      try sandbox.writeFile("in/map.pdf", "%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"),
      try sandbox.writeFile("in/noise", random),
    ]
    let attached = sandbox.notes(["-C", store, "attach", "Trip"] + files)
    try #require(attached.status == 0, "attach failed: \(attached.stderr)")
    return store
  }

  @Test("notes thumbnail writes NAME.png, prints its path, and shows the text above the photo")
  func thumbnail() throws {
    let sandbox = try Sandbox()
    let store = try Self.tripStore(sandbox)
    let result = sandbox.notes("-C", store, "thumbnail", "Trip", in: sandbox.directory)
    #expect(result.status == 0, "\(result.stderr)")
    let path = sandbox.directory + "/Trip.png"
    #expect(result.stdout == path + "\n")
    let picture = try PixelImage(decoding: Array(try #require(FileManager.default.contents(atPath: path))))
    #expect(picture.width == 512 && picture.height == 512)
    #expect(picture.colors(inRows: 0..<256, step: 2).filter { $0.brightness < 100 }.count > 50)
    #expect(picture.colors(inRows: 256..<512, step: 2).filter { $0.isClose(to: Self.green) }.count > 1_000)
    let again = sandbox.notes("-C", store, "thumbnail", "Trip", in: sandbox.directory)
    #expect(again.status == 1)
    #expect(again.stderr.contains("already exists"))
  }

  @Test("notes thumbnail -o - writes the PNG to stdout at the --size asked")
  func stdoutAndSize() throws {
    let sandbox = try Sandbox()
    let store = try Self.tripStore(sandbox)
    let result = sandbox.notes("-C", store, "thumbnail", "Trip", "-o", "-", "--size", "64")
    #expect(result.status == 0)
    #expect(result.stderr.isEmpty)
    let picture = try PixelImage(decoding: Array(result.stdoutData))
    #expect(picture.width == 64 && picture.height == 64)
    let same = sandbox.notes("-C", store, "thumbnail", "Trip", "-o", "-", "--size", "64")
    #expect(same.stdoutData == result.stdoutData, "the same note gives the same bytes")
  }

  struct UsageCase: CustomTestStringConvertible, Sendable {
    var arguments: [String]
    var status: Int32
    var message: String
    var testDescription: String { arguments.joined(separator: " ") }
  }

  static let usageCases = [
    UsageCase(arguments: ["thumbnail", "Trip", "--size", "5"], status: 2, message: "--size"),
    UsageCase(arguments: ["thumbnail", "Trip", "--size", "big"], status: 2, message: "--size"),
    UsageCase(arguments: ["thumbnail"], status: 2, message: "note"),
    UsageCase(arguments: ["thumbnail", "Nowhere", "-o", "-"], status: 1, message: "Nowhere"),
  ]

  @Test("bad arguments are usage errors and a missing note a failure", arguments: usageCases)
  func usage(_ testCase: UsageCase) throws {
    let sandbox = try Sandbox()
    let store = try Self.tripStore(sandbox)
    let result = sandbox.notes(["-C", store] + testCase.arguments)
    #expect(result.status == testCase.status)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains(testCase.message), "\(result.stderr)")
  }

  @Test("attachments --thumbnails DIR writes one picture per attachment: the photo, and file icons")
  func attachmentThumbnails() throws {
    let sandbox = try Sandbox()
    let store = try Self.tripStore(sandbox)
    let folder = sandbox.directory + "/previews"
    let result = sandbox.notes("-C", store, "attachments", "Trip", "--thumbnails", folder)
    #expect(result.status == 0, "\(result.stderr)")
    let expected = ["lake.jpg", "map.pdf", "noise"].map { folder + "/" + $0 + ".png" }
    #expect(result.stdout == expected.joined(separator: "\n") + "\n")
    let photo = try PixelImage(decoding: Array(try #require(FileManager.default.contents(atPath: expected[0]))))
    #expect(photo[256, 256].isClose(to: Self.green))
    let pdf = try PixelImage(decoding: Array(try #require(FileManager.default.contents(atPath: expected[1]))))
    #expect(pdf.colors(inRows: 0..<512, step: 2).filter { $0.isClose(to: PixelColor(red: 204, green: 41, blue: 36), tolerance: 6) }.count > 500)
  }

  @Test("attachments --json reports types read from the content: random bytes are not text")
  func jsonTypes() throws {
    let sandbox = try Sandbox()
    let store = try Self.tripStore(sandbox)
    let result = sandbox.notes("-C", store, "attachments", "Trip", "--json")
    let list = try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [[String: Any]])
    let types = Dictionary(uniqueKeysWithValues: list.compactMap { item in
      (item["name"] as? String).map { ($0, item["type"] as? String ?? "") }
    })
    #expect(types == ["lake.jpg": "image/jpeg", "map.pdf": "application/pdf", "noise": "application/octet-stream"])
  }

  @Test("a note whose image declares 20000×20000 pixels gets a placeholder and a warning, quickly")
  func hugeImage() throws {
    let sandbox = try Sandbox()
    let store = try sandbox.makeStore()
    sandbox.notes("-C", store, "new", "Huge", "--text", "A very large picture")
    // A real JPEG whose frame header is rewritten to claim 20000×20000.
    var jpeg = try PixelImage(width: 16, height: 16, fill: Self.green).encoded(as: .jpeg)
    let sof = try #require((0..<(jpeg.count - 9)).first { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xC0 })
    jpeg.replaceSubrange((sof + 5)...(sof + 8), with: [0x4E, 0x20, 0x4E, 0x20])
    let attached = sandbox.notes("-C", store, "attach", "Huge", try sandbox.writeFile("huge.jpg", Data(jpeg)))
    #expect(attached.status == 0, "\(attached.stderr)")
    let start = Date()
    let result = sandbox.notes("-C", store, "thumbnail", "Huge", "-o", "-")
    #expect(result.status == 0)
    #expect(Date().timeIntervalSince(start) < 10)
    #expect(result.stderr.contains("placeholder") && result.stderr.contains("20000×20000"))
    let picture = try PixelImage(decoding: Array(result.stdoutData))
    #expect(picture.colors(inRows: 256..<512, step: 2).filter { $0.isClose(to: ThumbnailRenderer.placeholderColor, tolerance: 2) }.count > 1_000)
  }

  @Test("every save writes the note's QuickLook files into the working tree, not into git")
  func workingTreeFiles() throws {
    let sandbox = try Sandbox()
    let store = try Self.tripStore(sandbox)
    let folder = store + "/Trip.note/QuickLook"
    #expect(FileManager.default.fileExists(atPath: folder + "/Thumbnail.png"))
    #expect(FileManager.default.contents(atPath: folder + "/Preview.rtf") == FileManager.default.contents(atPath: store + "/Trip.note/Text.rtf"))
    #expect(sandbox.git("status", "--porcelain", in: store).stdout.isEmpty)
    #expect(!sandbox.git("ls-tree", "-r", "--name-only", "HEAD", in: store).stdout.contains("QuickLook"))
  }
}

/// SplitMix64, so a failing random test can be replayed from its printed seed.
struct SplitMix: RandomNumberGenerator {
  private var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
