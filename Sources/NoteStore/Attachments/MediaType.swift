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

  /// The type of the attachment `name` of `note` holding `content`.
  func type(of name: String, content: [UInt8], note: String) throws -> ContentType {
    do {
      return try detector.type(ofFileNamed: name, content: content)
    } catch {
      throw NoteStoreError.cannotAccessAttachments(note: note, underlying: error)
    }
  }
}
