import RichText

/// An image attachment to show in a note's thumbnail: its name and its bytes.
public struct ImageAttachment: Sendable {
  /// The attachment's file name.
  public var name: String
  /// The file's content.
  public var content: [UInt8]

  /// Creates an image attachment.
  public init(name: String, content: [UInt8]) {
    self.name = name
    self.content = content
  }
}

/// A rendered picture: PNG bytes and what it shows.
public struct Thumbnail: Sendable {
  /// The PNG file.
  public var png: [UInt8]
  /// What was drawn.
  public var content: Content
  /// For a note drawn with its image, the lower half as drawn, to render the note again
  /// when only its text changes; nil otherwise (no image, or a placeholder).
  public var imageBand: ImageBand?
  /// For a note, how far its text reached (see ``ThumbnailRenderer/drawsSameText(_:as:extent:)``);
  /// nil for an attachment's thumbnail.
  public var textExtent: TextExtent?

  /// Creates a thumbnail.
  public init(png: [UInt8], content: Content, imageBand: ImageBand? = nil, textExtent: TextExtent? = nil) {
    self.png = png
    self.content = content
    self.imageBand = imageBand
    self.textExtent = textExtent
  }

  /// What a thumbnail shows.
  public enum Content: Hashable, Sendable {
    /// A note's text, filling the picture.
    case text
    /// A note's text above its first image attachment.
    case textAndImage(name: String)
    /// A note's text above a placeholder for an image attachment that cannot be shown.
    case textAndPlaceholder(name: String, problem: ImageProblem)
    /// An image attachment, scaled to fit.
    case image(name: String)
    /// A placeholder for an image attachment that cannot be shown.
    case placeholder(name: String, problem: ImageProblem)
    /// A file icon labelled with the file's extension.
    case fileIcon(name: String, label: String)
  }
}

/// Renders QuickLook thumbnails with cairo, pango and gdk-pixbuf, written as PNG through zlib: a note (white
/// background; its text in the top half and its first image attachment aspect-fit in
/// the bottom half, or its text filling the picture), or one attachment (an image
/// scaled, any other file as a file icon with its extension).
///
/// The same input always gives the same bytes on one machine (fonts come from
/// fontconfig, so another machine may draw other glyphs). Images larger than
/// ``limits`` and images that cannot be decoded become a placeholder: rendering never
/// fails because of an attachment's content.
///
/// ```swift
/// let renderer = ThumbnailRenderer()
/// let thumbnail = try renderer.renderNote(body, image: ImageAttachment(name: "cat.jpg", content: bytes))
/// try Data(thumbnail.png).write(to: url)
/// ```
public struct ThumbnailRenderer: Sendable {
  /// The picture's width and height in pixels (16…4096).
  public var size: Int
  /// The largest images decoded.
  public var limits: ImageLimits

  /// The size Apple's Notes packages use.
  public static let defaultSize = 512
  /// The sizes a thumbnail can have.
  public static let sizes = 16...4096
  /// The grey of the panel that stands in for an image that cannot be shown.
  public static let placeholderColor = PlaceholderPainter.panel

  /// Creates a renderer for `size`×`size` pictures (clamped to ``sizes``).
  public init(size: Int = defaultSize, limits: ImageLimits = ImageLimits()) {
    self.size = min(max(size, Self.sizes.lowerBound), Self.sizes.upperBound)
    self.limits = limits
  }

  /// The width of the page the picture shows, in points: text is scaled so that a
  /// line of this width fills the picture.
  static let pageWidth = 360.0
  private var scale: Double { Double(size) / Self.pageWidth }
  private var margin: Double { 16 * scale }

  /// Renders a note's thumbnail.
  ///
  /// - Parameters:
  ///   - text: the note's body.
  ///   - image: the note's first image attachment, if it has one.
  /// - Throws: ``QuickLookError`` when cairo or pango fail (out of memory, no fonts).
  public func renderNote(_ text: AttributedText, image: ImageAttachment?) throws -> Thumbnail {
    let canvas = try Canvas(width: size, height: size)
    let whole = Box(x: 0, y: 0, width: Double(size), height: Double(size))
    let painter = TextPainter(scale: scale)
    guard let image else {
      let extent = try painter.draw(text, in: whole.inset(by: margin), on: canvas)
      return Thumbnail(png: try canvas.pngData(), content: .text, textExtent: extent)
    }
    let half = Double(size) / 2
    let extent = try painter.draw(text, in: Box(x: 0, y: 0, width: whole.width, height: half).inset(by: margin), on: canvas)
    let bottom = Box(x: 0, y: half, width: whole.width, height: half).inset(by: margin)
    if let problem = try drawImage(image.content, in: bottom, on: canvas) {
      return Thumbnail(
        png: try canvas.pngData(), content: .textAndPlaceholder(name: image.name, problem: problem), textExtent: extent)
    }
    let band = ImageBand(size: size, firstRow: bandRow, pixels: try canvas.rows(from: bandRow))
    return Thumbnail(png: try canvas.pngData(), content: .textAndImage(name: image.name), imageBand: band, textExtent: extent)
  }

  /// Renders a note's thumbnail with the lower half taken from an earlier render of the
  /// same image (``Thumbnail/imageBand``): the same bytes as
  /// ``renderNote(_:image:)`` gives, without decoding the image.
  ///
  /// - Throws: ``QuickLookError`` when cairo or pango fail, or when `band` was drawn
  ///   for another size.
  public func renderNote(_ text: AttributedText, imageNamed name: String, band: ImageBand) throws -> Thumbnail {
    guard band.size == size, band.firstRow == bandRow else {
      throw QuickLookError(
        library: .cairo, function: "cairo_image_surface_get_data",
        message: "the image band was drawn for a \(band.size)×\(band.size) picture, not \(size)×\(size)")
    }
    let canvas = try Canvas(width: size, height: size)
    let half = Double(size) / 2
    let extent = try TextPainter(scale: scale).draw(
      text, in: Box(x: 0, y: 0, width: Double(size), height: half).inset(by: margin), on: canvas)
    try canvas.setRows(band.pixels, from: bandRow)
    return Thumbnail(png: try canvas.pngData(), content: .textAndImage(name: name), imageBand: band, textExtent: extent)
  }

  /// The first row of the lower half: text is clipped above `size / 2 - margin`, so
  /// nothing but the image is drawn from here down.
  private var bandRow: Int { size / 2 }

  /// Renders one attachment's thumbnail: an image scaled to fit (or a placeholder when
  /// it cannot be shown), any other file as a file icon with its extension.
  ///
  /// - Throws: ``QuickLookError`` when cairo or pango fail.
  public func renderAttachment(named name: String, type: ContentType, content: [UInt8]) throws -> Thumbnail {
    let canvas = try Canvas(width: size, height: size)
    let box = Box(x: 0, y: 0, width: Double(size), height: Double(size)).inset(by: margin / 2)
    if type.isImage {
      if let problem = try drawImage(content, in: box, on: canvas) {
        return Thumbnail(png: try canvas.pngData(), content: .placeholder(name: name, problem: problem))
      }
      return Thumbnail(png: try canvas.pngData(), content: .image(name: name))
    }
    let label = FileIconPainter.label(forFileNamed: name, type: type)
    try FileIconPainter().draw(name: name, label: label, type: type, in: box, on: canvas)
    return Thumbnail(png: try canvas.pngData(), content: .fileIcon(name: name, label: label))
  }

  /// Draws an image (or its placeholder) into `box`; the problem when it was a placeholder.
  private func drawImage(_ content: [UInt8], in box: Box, on canvas: Canvas) throws(QuickLookError) -> ImageProblem? {
    switch ImageDecoder.decode(content, fittingIn: Int(box.width.rounded(.up)), Int(box.height.rounded(.up)), limits: limits) {
    case .success(let pixbuf):
      try ImagePainter().draw(pixbuf, in: box, on: canvas)
      return nil
    case .failure(let problem):
      PlaceholderPainter().draw(in: box, on: canvas)
      return problem
    }
  }
}
