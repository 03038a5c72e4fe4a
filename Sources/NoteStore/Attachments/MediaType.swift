/// Guesses an attachment's MIME type from its first bytes, then from its extension.
enum MediaType {
  /// The MIME type of a file called `name` whose content starts with `leadingBytes`.
  static func guess(name: String, leadingBytes: [UInt8]) -> String {
    if let sniffed = sniff(leadingBytes) { return sniffed }
    let ext = name.split(separator: ".").last.map { $0.lowercased() } ?? ""
    if name.contains("."), let byExtension = byExtension[ext] { return byExtension }
    if leadingBytes.isEmpty { return "application/x-empty" }
    return looksLikeText(leadingBytes) ? "text/plain" : "application/octet-stream"
  }

  private static let signatures: [(bytes: [UInt8], type: String)] = [
    ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "image/png"),
    ([0xFF, 0xD8, 0xFF], "image/jpeg"),
    (Array("GIF87a".utf8), "image/gif"),
    (Array("GIF89a".utf8), "image/gif"),
    (Array("%PDF-".utf8), "application/pdf"),
    (Array("{\\rtf".utf8), "text/rtf"),
    ([0x1F, 0x8B], "application/gzip"),
    (Array("BM".utf8), "image/bmp"),
    (Array("ID3".utf8), "audio/mpeg"),
    (Array("OggS".utf8), "audio/ogg"),
    (Array("fLaC".utf8), "audio/flac"),
    ([0x25, 0x21, 0x50, 0x53], "application/postscript"),
  ]

  private static func sniff(_ bytes: [UInt8]) -> String? {
    for signature in signatures where bytes.starts(with: signature.bytes) {
      return signature.type
    }
    if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)) {
      let kind = String(decoding: bytes[8..<12], as: UTF8.self)
      if kind == "WEBP" { return "image/webp" }
      if kind == "WAVE" { return "audio/wav" }
    }
    if bytes.count >= 12, Array(bytes[4..<8]) == Array("ftyp".utf8) {
      let brand = String(decoding: bytes[8..<12], as: UTF8.self)
      if brand.hasPrefix("heic") || brand.hasPrefix("heix") || brand.hasPrefix("mif1") { return "image/heic" }
      if brand.hasPrefix("M4A") { return "audio/mp4" }
      return "video/mp4"
    }
    if bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) { return nil }  // zip: the extension decides (docx, odt, …)
    return nil
  }

  private static func looksLikeText(_ bytes: [UInt8]) -> Bool {
    if bytes.contains(0) { return false }
    let decoded = String(decoding: bytes, as: UTF8.self)
    return !decoded.unicodeScalars.contains { $0 == "\u{FFFD}" } || bytes.count == 64
  }

  private static let byExtension: [String: String] = [
    "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif",
    "heic": "image/heic", "webp": "image/webp", "svg": "image/svg+xml", "tif": "image/tiff",
    "tiff": "image/tiff", "bmp": "image/bmp", "pdf": "application/pdf", "txt": "text/plain",
    "md": "text/markdown", "csv": "text/csv", "html": "text/html", "htm": "text/html",
    "json": "application/json", "xml": "application/xml", "rtf": "text/rtf",
    "zip": "application/zip", "gz": "application/gzip", "tar": "application/x-tar",
    "mp3": "audio/mpeg", "m4a": "audio/mp4", "wav": "audio/wav", "mp4": "video/mp4",
    "mov": "video/quicktime", "doc": "application/msword",
    "docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    "pptx": "application/vnd.openxmlformats-officedocument.presentationml.presentation",
    "odt": "application/vnd.oasis.opendocument.text", "ics": "text/calendar", "vcf": "text/vcard",
  ]
}
