import QuickLook

/// Attachment types: read from the content by libmagic (QuickLook's
/// ``ContentTypeDetector``), with the file name's extension as a fallback and a
/// refinement, as MIME types.
///
/// Opening libmagic's database costs a few milliseconds: make one `MediaTypes` per
/// command and ask it about every attachment.
struct MediaTypes {
  private let detector: ContentTypeDetector

  /// Opens libmagic.
  ///
  /// - Throws: `NoteStoreError.cannotAccessAttachments` naming `note` and libmagic's
  ///   message (its database is missing or unreadable).
  init(note: String) throws {
    do {
      detector = try ContentTypeDetector()
    } catch {
      throw NoteStoreError.cannotAccessAttachments(note: note, underlying: error)
    }
  }

  /// What libmagic reads from `content` alone (see ``type(named:sniffed:)``).
  func sniffedType(of content: [UInt8], note: String) throws -> ContentType {
    do {
      return try detector.type(ofContent: content)
    } catch {
      throw NoteStoreError.cannotAccessAttachments(note: note, underlying: error)
    }
  }

  /// The type of a file called `name` whose content libmagic read as `sniffed`.
  static func type(named name: String, sniffed: ContentType) -> ContentType {
    ContentTypeDetector.combine(sniffed: sniffed, byExtension: ContentType(fileExtensionOf: name))
  }

  /// The type of the attachment `name` of `note` holding `content`.
  func type(of name: String, content: [UInt8], note: String) throws -> ContentType {
    do {
      return try detector.type(ofFileNamed: name, content: content)
    } catch {
      throw NoteStoreError.cannotAccessAttachments(note: note, underlying: error)
    }
  }
}
