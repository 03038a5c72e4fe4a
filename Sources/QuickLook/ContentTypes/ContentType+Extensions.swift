extension ContentType {
  /// The type a file name's extension names (case-insensitive), or nil for a name with
  /// no extension or one this table does not know.
  public init?(fileExtensionOf name: String) {
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
    let ext = name[name.index(after: dot)...].lowercased()
    guard let type = Self.byExtension[ext] else { return nil }
    self.init(type)
  }

  /// The usual extension for a type, in upper case, for labels (`PDF`); nil when the
  /// table has none.
  public var preferredExtension: String? {
    Self.preferred[mimeType]?.uppercased()
  }

  private static let preferred: [String: String] = {
    var map: [String: String] = [:]
    for (ext, type) in byExtension.sorted(by: { $0.key < $1.key }) where map[type] == nil || ext.count == 3 {
      if map[type]?.count != 3 { map[type] = ext }
    }
    return map
  }()

  private static let byExtension: [String: String] = [
    "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif",
    "heic": "image/heic", "heif": "image/heif", "webp": "image/webp", "svg": "image/svg+xml",
    "tif": "image/tiff", "tiff": "image/tiff", "bmp": "image/bmp", "ico": "image/vnd.microsoft.icon",
    "pdf": "application/pdf", "txt": "text/plain", "text": "text/plain", "md": "text/markdown",
    "markdown": "text/markdown", "csv": "text/csv", "tsv": "text/tab-separated-values",
    "html": "text/html", "htm": "text/html", "css": "text/css", "js": "application/javascript",
    "json": "application/json", "xml": "application/xml", "yaml": "application/x-yaml",
    "yml": "application/x-yaml", "sh": "application/x-sh", "rtf": "text/rtf",
    "zip": "application/zip", "gz": "application/gzip", "tgz": "application/gzip", "tar": "application/x-tar",
    "7z": "application/x-7z-compressed", "mp3": "audio/mpeg", "m4a": "audio/mp4", "wav": "audio/x-wav",
    "flac": "audio/flac", "ogg": "audio/ogg", "aac": "audio/aac", "mp4": "video/mp4", "m4v": "video/mp4",
    "mov": "video/quicktime", "avi": "video/x-msvideo", "mkv": "video/x-matroska", "webm": "video/webm",
    "doc": "application/msword",
    "docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    "xls": "application/vnd.ms-excel",
    "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    "ppt": "application/vnd.ms-powerpoint",
    "pptx": "application/vnd.openxmlformats-officedocument.presentationml.presentation",
    "odt": "application/vnd.oasis.opendocument.text", "ods": "application/vnd.oasis.opendocument.spreadsheet",
    "epub": "application/epub+zip", "ics": "text/calendar", "vcf": "text/vcard",
  ]
}
