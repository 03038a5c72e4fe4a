import QuickLook

/// The derived files of a note package: `QuickLook/Thumbnail.png` and
/// `QuickLook/Preview.rtf`.
struct QuickLookFiles: Equatable, Sendable {
  static let thumbnailName = "Thumbnail.png"
  static let previewName = "Preview.rtf"

  var thumbnail: [UInt8]
  var preview: [UInt8]
  /// What they were rendered from, to record once they are written (nil: read from the
  /// working tree, where they already are).
  var stamp: QuickLookStamps.Stamp? = nil

  /// The files by their path inside the package (`QuickLook/Thumbnail.png`, …).
  var byPath: [(path: String, content: [UInt8])] {
    [
      (NotePackage.quickLookFolderName + "/" + Self.previewName, preview),
      (NotePackage.quickLookFolderName + "/" + Self.thumbnailName, thumbnail),
    ]
  }
}

/// QuickLook files already rendered, by what they were rendered from (the body blob and
/// the image attachment's name and blob), so that a save in `commit` mode, which renders
/// before the commit, does not render again when the working tree is updated.
final class QuickLookCache {
  private var files: [String: QuickLookFiles] = [:]
  /// Renders started ahead on another thread, by key, until they are taken.
  private var started: [String: StartedQuickLookRender] = [:]

  func lookup(_ key: String) -> QuickLookFiles? { files[key] }

  /// Keeps a render started ahead (on `drawing` when it is free) for ``takeStarted(_:)``.
  func start(_ render: QuickLookRender, on drawing: DrawingThread?) {
    guard files[render.key] == nil, started[render.key] == nil else { return }
    started[render.key] = StartedQuickLookRender(render, on: drawing)
  }

  /// The render started ahead for `key`, once.
  func takeStarted(_ key: String) -> StartedQuickLookRender? { started.removeValue(forKey: key) }

  func store(_ rendered: QuickLookFiles, for key: String) {
    // A long-lived store object keeps only recent renders.
    if files.count >= 64 { files.removeAll() }
    files[key] = rendered
  }
}
