import Foundation

/// A push conversation with git's `git-receive-pack` (protocol version 0, as libgit2 and
/// `git push` speak it): the server's reference advertisement, then our update commands
/// and pack, then its report of what it did.
final class ReceivePackConversation {
  private let connection: any ServerConnection
  private let category: GitError.Category
  private var reader: PacketReader
  /// The references the server advertised, by name.
  private(set) var references: [String: ObjectID] = [:]
  /// Objects the server said it has without naming a reference (`.have`, from alternates).
  private(set) var extraObjects: [ObjectID] = []
  private(set) var capabilities: Set<String> = []
  /// Whether the commands asked for side-band-64k, so the report comes multiplexed.
  private var usesSideBand = false

  /// What the server did with a push.
  struct Report {
    /// Why the server could not take the pack, when it could not.
    var unpackFailure: String?
    /// Each reference it reported on, with its reason when it refused the update.
    var statuses: [(reference: String, rejection: String?)] = []
  }

  /// Reads the server's advertisement from `connection`.
  ///
  /// - Throws: When the server reports an error or the advertisement is malformed.
  init(connection: any ServerConnection, category: GitError.Category) throws {
    self.connection = connection
    self.category = category
    reader = PacketReader(category: category) { (buffer) throws -> Int in
      try connection.read(into: buffer)
    }
    var first = true
    while case .data(let payload) = try reader.next() {
      var line = payload
      if line.last == UInt8(ascii: "\n") { line.removeLast() }
      if line.starts(with: Array("ERR ".utf8)) {
        throw failure("the server refused the push: " + String(decoding: line.dropFirst(4), as: UTF8.self))
      }
      if first, line.starts(with: Array("version ".utf8)) { continue }
      if first, let nul = line.firstIndex(of: 0) {
        let names = line[(nul + 1)...].split(separator: UInt8(ascii: " "))
        capabilities = Set(names.map { String(decoding: $0, as: UTF8.self) })
        line.removeSubrange(nul...)
      }
      first = false
      guard line.count > 41, line[40] == UInt8(ascii: " "),
        let id = ObjectID(hex: String(decoding: line[0..<40], as: UTF8.self))
      else { throw failure("the server's reference advertisement is malformed") }
      let name = String(decoding: line[41...], as: UTF8.self)
      switch name {
      case "capabilities^{}": continue
      case ".have": extraObjects.append(id)
      default: references[name] = id
      }
    }
  }

  /// Sends the update commands (`old new reference`), asking on the first for a status
  /// report and side-band-64k where the server offers them, as libgit2 does.
  func sendCommands(_ commands: [(old: ObjectID, new: ObjectID, reference: String)]) throws {
    var requested: [String] = []
    if capabilities.contains("report-status") { requested.append("report-status") }
    if capabilities.contains("side-band-64k") {
      requested.append("side-band-64k")
      usesSideBand = true
    }
    var out: [UInt8] = []
    for (index, command) in commands.enumerated() {
      var line = Array("\(command.old.hex) \(command.new.hex) \(command.reference)".utf8)
      if index == 0 {
        line.append(0)
        line += Array(requested.map { " " + $0 }.joined().utf8)
      }
      line.append(UInt8(ascii: "\n"))
      out += PacketLine.encode(line)
    }
    out += PacketLine.flush
    try out.withUnsafeBytes { (bytes) throws in try connection.write(bytes) }
  }

  /// Sends bytes of the pack as they are.
  func send(_ bytes: UnsafeRawBufferPointer) throws {
    try connection.write(bytes)
  }

  /// Reads the server's report; nil when it offers none (then the push is taken as done).
  /// `progress` gets what the server prints on the side band meanwhile.
  ///
  /// - Throws: When the server reports a fatal error or the report is malformed.
  func readReport(progress: @escaping ([UInt8]) -> Void) throws -> Report? {
    guard capabilities.contains("report-status") else { return nil }
    var demultiplexer = SideBandReader(outer: reader, category: category, progress: progress)
    var inner: PacketReader
    if usesSideBand {
      inner = PacketReader(category: category) { (buffer) throws -> Int in
        try demultiplexer.read(into: buffer)
      }
    } else {
      inner = reader
    }
    var report = Report()
    guard case .data(let unpack) = try inner.next() else { throw failure("the server's report is malformed") }
    let unpackLine = Self.text(unpack)
    guard unpackLine.hasPrefix("unpack ") else { throw failure("the server's report is malformed") }
    let unpackStatus = String(unpackLine.dropFirst("unpack ".count))
    if unpackStatus != "ok" { report.unpackFailure = unpackStatus }
    while case .data(let payload) = try inner.next() {
      let line = Self.text(payload)
      if line.hasPrefix("ok ") {
        report.statuses.append((String(line.dropFirst(3)), nil))
      } else if line.hasPrefix("ng ") {
        let rest = line.dropFirst(3)
        let space = rest.firstIndex(of: " ") ?? rest.endIndex
        let reason = space < rest.endIndex ? String(rest[rest.index(after: space)...]) : "rejected"
        report.statuses.append((String(rest[..<space]), reason))
      } else {
        throw failure("the server's report is malformed")
      }
    }
    // What the server's hooks print after the report (post-receive) still comes on the
    // side band; read it to the end as git does, but the push is settled already.
    if usesSideBand { try? demultiplexer.drain() }
    return report
  }

  private static func text(_ payload: [UInt8]) -> String {
    var line = payload
    if line.last == UInt8(ascii: "\n") { line.removeLast() }
    return String(decoding: line, as: UTF8.self)
  }

  private func failure(_ message: String) -> GitError {
    .synthesized(.generic, category, message, "git-receive-pack")
  }
}

/// Splits a side-band-64k stream: band 1 is the data (read through ``read(into:)``), band 2
/// progress text, band 3 a fatal error.
struct SideBandReader {
  private var outer: PacketReader
  private let category: GitError.Category
  private let progress: ([UInt8]) -> Void
  private var pending: [UInt8] = []
  private var start = 0
  private var ended = false

  init(outer: PacketReader, category: GitError.Category, progress: @escaping ([UInt8]) -> Void) {
    self.outer = outer
    self.category = category
    self.progress = progress
  }

  /// Band-1 bytes into `buffer`; 0 once the stream ends (a flush).
  mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
    while start == pending.count {
      guard !ended, try nextDataFrame() else { return 0 }
    }
    let count = min(buffer.count, pending.count - start)
    pending.withUnsafeBytes { source in
      buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: source[start..<(start + count)]))
    }
    start += count
    return count
  }

  /// Reads to the end of the stream, passing on progress text.
  mutating func drain() throws {
    while !ended, try nextDataFrame() { start = pending.count }
  }

  /// Reads frames until band-1 data arrives (true) or the stream ends (false).
  private mutating func nextDataFrame() throws -> Bool {
    while true {
      guard case .data(let payload) = try outer.next() else {
        ended = true
        return false
      }
      guard let band = payload.first else { continue }
      switch band {
      case 1:
        pending = Array(payload.dropFirst())
        start = 0
        return true
      case 2:
        progress(Array(payload.dropFirst()))
      case 3:
        let message = String(decoding: payload.dropFirst(), as: UTF8.self)
          .trimmingCharacters(in: .whitespacesAndNewlines)
        throw GitError.synthesized(.generic, category, "remote error: \(message)", "git-receive-pack")
      default:
        throw GitError.synthesized(.generic, category, "the server sent side band \(band)", "git-receive-pack")
      }
    }
  }
}
