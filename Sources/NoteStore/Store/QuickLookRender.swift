import Dispatch
import Foundation
import Git
import QuickLook
import RichText

/// One package's thumbnail render with every input already read from the repository (the
/// body, its text, the image or its band), so that it can run on another thread while the
/// commit is prepared: it touches neither the repository nor the store.
struct QuickLookRender: Sendable {
  /// What is drawn below the text.
  enum Image: Sendable {
    case none
    /// The band of an earlier render of the image (no decoding).
    case band(name: String, ImageBand)
    /// The image's bytes, to decode; `blob` names the band kept for next time.
    case content(name: String, blob: ObjectID, bytes: [UInt8])
  }

  /// The note's name, for errors.
  var note: String
  /// What the render is cached by (``QuickLookCache``).
  var key: String
  var body: [UInt8]
  var text: AttributedText
  var image: Image
  /// The stamp to record once the files are written; the render fills in its extent.
  var stamp: QuickLookStamps.Stamp

  /// The files, and the image band to keep when the image was decoded.
  struct Result: Sendable {
    var files: QuickLookFiles
    var band: (ImageBand, of: ObjectID)?
  }

  /// Draws the thumbnail.
  ///
  /// - Throws: `NoteStoreError.cannotAccessDocument` when cairo or pango fail.
  func run() throws -> Result {
    let renderer = ThumbnailRenderer(size: stamp.size)
    let thumbnail: Thumbnail
    do {
      switch image {
      case .none: thumbnail = try renderer.renderNote(text, image: nil)
      case .band(let name, let band): thumbnail = try renderer.renderNote(text, imageNamed: name, band: band)
      case .content(let name, _, let bytes):
        thumbnail = try renderer.renderNote(text, image: ImageAttachment(name: name, content: bytes))
      }
    } catch {
      throw NoteStoreError.cannotAccessDocument(note: note, underlying: error)
    }
    var stamp = self.stamp
    stamp.textExtent = thumbnail.textExtent
    var kept: (ImageBand, of: ObjectID)?
    if case .content(_, let blob, _) = image, let band = thumbnail.imageBand { kept = (band, blob) }
    return Result(files: QuickLookFiles(thumbnail: thumbnail.png, preview: body, stamp: stamp), band: kept)
  }
}

/// A ``QuickLookRender`` running on another thread; ``result()`` waits for it.
final class StartedQuickLookRender: @unchecked Sendable {
  // `outcome` is written once, by the render's thread, before `finished` is signalled,
  // and read only after waiting for `finished`: never at the same time.
  private var outcome: Swift.Result<QuickLookRender.Result, any Error>?
  private let finished = DispatchSemaphore(value: 0)
  let render: QuickLookRender

  /// Starts `render` on `drawing` (warmed up already, or warming up) when it is free,
  /// else on a new thread.
  init(_ render: QuickLookRender, on drawing: DrawingThread?) {
    self.render = render
    let job: @Sendable () -> Void = { [self] in
      outcome = Swift.Result { try render.run() }
      finished.signal()
    }
    if let drawing, drawing.runIfIdle(job) { return }
    Thread.detachNewThread(job)
  }

  /// The render's result, once it is done.
  func result() throws -> QuickLookRender.Result {
    finished.wait()
    finished.signal()  // a second call returns at once
    guard let outcome else { return try render.run() }  // cannot happen: written before the signal
    return try outcome.get()
  }
}
