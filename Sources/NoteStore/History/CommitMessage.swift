/// The message of a store commit: a summary that says what changed (`Edit Shopping`),
/// an optional body, and trailers naming the device and the notes touched.
///
/// ```
/// Attach receipt.jpg to Shopping
///
/// Device: laptop
/// Note: Shopping.note
/// ```
public struct CommitMessage: Hashable, Sendable {
  /// The first line.
  public var summary: String
  /// Free text between the summary and the trailers.
  public var body: String?
  /// The writing device.
  public var device: DeviceName
  /// Package paths the commit changes.
  public var notes: [String]
  /// Further trailers, in order.
  public var extraTrailers: [(key: String, value: String)]

  /// Creates a message.
  public init(
    summary: String, body: String? = nil, device: DeviceName, notes: [String] = [],
    extraTrailers: [(key: String, value: String)] = []
  ) {
    self.summary = summary
    self.body = body
    self.device = device
    self.notes = notes
    self.extraTrailers = extraTrailers
  }

  /// The full text as it goes into the commit.
  public var text: String {
    var text = CommitMessage.oneLine(summary) + "\n\n"
    if let body, !body.isEmpty { text += body + "\n\n" }
    text += "Device: \(device.rawValue)\n"
    for note in notes { text += "Note: \(CommitMessage.oneLine(note))\n" }
    for trailer in extraTrailers { text += "\(trailer.key): \(CommitMessage.oneLine(trailer.value))\n" }
    return text
  }

  static func oneLine(_ text: String) -> String {
    String(text.map { $0.isNewline ? " " : $0 })
  }

  public static func == (lhs: CommitMessage, rhs: CommitMessage) -> Bool { lhs.text == rhs.text }
  public func hash(into hasher: inout Hasher) { hasher.combine(text) }
}
