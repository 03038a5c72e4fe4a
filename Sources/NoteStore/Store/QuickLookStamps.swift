import Foundation
import Git
import QuickLook

#if canImport(Glibc)
  import Glibc
#endif

/// What a package's QuickLook files were last rendered from, kept under
/// `.git/notes-quicklook/` (derived data, never committed), so that a refresh renders
/// only what changed: nothing when the body and the attachments are the same, and when
/// only the body changed, the text alone, with the image half taken from the band of
/// the last render (``ImageBand``) and the first image found without typing every
/// attachment again.
///
/// Every read is checked and every failure only costs speed: a stamp or band file that
/// does not parse is ignored and rewritten.
struct QuickLookStamps {
  /// One package's stamp.
  struct Stamp: Equatable, Sendable {
    /// The package path, such as `Work/Plan.note`.
    var path: String
    /// The body blob rendered.
    var body: ObjectID
    /// ``attachmentsKey(_:)`` of the attachments then.
    var attachments: String
    /// The first image attachment among them, by name, or nil when none was an image.
    var firstImage: (name: String, blob: ObjectID)?
    /// The picture size rendered.
    var size: Int
    /// How far the text reached in the thumbnail, or nil when not known: an edit past it
    /// leaves the picture as it is.
    var textExtent: TextExtent? = nil

    static func == (a: Stamp, b: Stamp) -> Bool {
      a.path == b.path && a.body == b.body && a.attachments == b.attachments && a.size == b.size
        && a.firstImage?.name == b.firstImage?.name && a.firstImage?.blob == b.firstImage?.blob
        && a.textExtent == b.textExtent
    }
  }

  /// Bumped when rendering changes, so that stamps made by an older `notes` are not trusted.
  static let header = "NSQLS02"
  /// Bands kept at most (each is about 0.5 MB at 512×512); the least recently written go.
  static let bandLimit = 32

  let directory: String

  init(gitDirectory: String) {
    directory = gitDirectory + "/notes-quicklook"
  }

  /// A key naming a list of attachments (names and blobs, in order).
  static func attachmentsKey(_ attachments: [TreeEntry]) -> String {
    // FNV-1a, 64 bits, over "name\0blob" of each; the count guards against collisions
    // between lists of different lengths.
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    func mix(_ byte: UInt8) {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01B3
    }
    for entry in attachments {
      for byte in entry.name.utf8 { mix(byte) }
      mix(0)
      for byte in entry.id.bytes { mix(byte) }
    }
    return "\(attachments.count)-" + String(hash, radix: 16)
  }

  /// The stamp of `path`, or nil when there is none (or it cannot be read).
  func stamp(of path: String) -> Stamp? {
    guard let data = FileManager.default.contents(atPath: stampFile(path)) else { return nil }
    let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
    guard lines.count >= 7, lines[0] == Self.header, lines[1] == path, let body = ObjectID(hex: String(lines[2])),
      let size = Int(lines[6])
    else { return nil }
    var firstImage: (String, ObjectID)?
    if !lines[4].isEmpty {
      guard let blob = ObjectID(hex: String(lines[5])) else { return nil }
      firstImage = (String(lines[4]), blob)
    }
    return Stamp(
      path: path, body: body, attachments: String(lines[3]), firstImage: firstImage, size: size,
      textExtent: lines.count >= 8 ? Self.extent(lines[7]) : nil)
  }

  /// An extent written as "paragraphs bottom height", the two lengths as the hex bit
  /// patterns of their doubles (exact, as the painter's comparison must be).
  private static func extent(_ line: Substring) -> TextExtent? {
    let fields = line.split(separator: " ")
    guard fields.count == 3, let paragraphs = Int(fields[0]), paragraphs >= 0,
      let bottom = UInt64(fields[1], radix: 16), let height = UInt64(fields[2], radix: 16)
    else { return nil }
    return TextExtent(paragraphs: paragraphs, bottom: Double(bitPattern: bottom), height: Double(bitPattern: height))
  }

  private static func line(_ extent: TextExtent?) -> String {
    guard let extent else { return "" }
    return "\(extent.paragraphs) \(String(extent.bottom.bitPattern, radix: 16)) \(String(extent.height.bitPattern, radix: 16))"
  }

  /// Records `stamp` (after its files were written).
  func record(_ stamp: Stamp) {
    let text = [
      Self.header, stamp.path, stamp.body.hex, stamp.attachments, stamp.firstImage?.name ?? "",
      stamp.firstImage?.blob.hex ?? "", String(stamp.size), Self.line(stamp.textExtent), "",
    ].joined(separator: "\n")
    write(Array(text.utf8), to: stampFile(stamp.path))
  }

  /// Forgets the stamp of a package that is gone.
  func forget(_ path: String) {
    unlink(stampFile(path))
  }

  /// The band drawn for the image `blob` at `size`, or nil.
  func band(of blob: ObjectID, size: Int) -> ImageBand? {
    guard let data = FileManager.default.contents(atPath: bandFile(blob, size: size)),
      let band = ImageBand(encoded: [UInt8](data)), band.size == size
    else { return nil }
    return band
  }

  /// Keeps `band` for the image `blob`, dropping the oldest bands beyond ``bandLimit``.
  func keep(_ band: ImageBand, of blob: ObjectID) {
    write(band.encoded(), to: bandFile(blob, size: band.size))
    let folder = directory + "/bands"
    let fileManager = FileManager.default
    guard let names = try? fileManager.contentsOfDirectory(atPath: folder), names.count > Self.bandLimit else { return }
    let dated = names.map { name -> (String, Date) in
      let date = (try? fileManager.attributesOfItem(atPath: folder + "/" + name)[.modificationDate] as? Date) ?? nil
      return (name, date ?? .distantPast)
    }
    for (name, _) in dated.sorted(by: { $0.1 < $1.1 }).prefix(names.count - Self.bandLimit) {
      unlink(folder + "/" + name)
    }
  }

  private func stampFile(_ path: String) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in path.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01B3
    }
    return directory + "/stamps/" + String(hash, radix: 16)
  }

  private func bandFile(_ blob: ObjectID, size: Int) -> String {
    directory + "/bands/\(blob.hex)-\(size)"
  }

  /// Writes a file through a temporary one renamed over it; a failure only costs speed.
  private func write(_ bytes: [UInt8], to path: String) {
    try? ReplacedFile.write(bytes, to: path)
  }
}
