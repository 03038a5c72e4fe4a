/// Document-level values of an RTF file: the header and the document controls
/// (paper size, margins, view size, default tab width).
///
/// A body read from a file and written again keeps these, so a Mac user who opens
/// the same note sees no change the writer did not make.
public struct DocumentAttributes: Hashable, Sendable {
  /// The `\cocoartfN` version, or nil when the file did not come from Cocoa; new
  /// bodies are written with `RTFWriter.defaultCocoaVersion`.
  public var cocoaVersion: Int?
  /// The `\cocoasubrtfN` value older Cocoa versions wrote, or nil.
  public var cocoaSubversion: Int?
  /// The ANSI code page (`\ansicpgN`) used for `\'hh` escapes; 1252 by default.
  public var codePage: Int
  /// Document controls in file order, such as `\paperw11900`, `\vieww11520` and
  /// `\deftab720`.
  public var controls: [OpaqueControl]

  /// Creates document attributes.
  public init(
    cocoaVersion: Int? = nil, cocoaSubversion: Int? = nil, codePage: Int = 1252,
    controls: [OpaqueControl] = []
  ) {
    self.cocoaVersion = cocoaVersion
    self.cocoaSubversion = cocoaSubversion
    self.codePage = codePage
    self.controls = controls
  }
}
