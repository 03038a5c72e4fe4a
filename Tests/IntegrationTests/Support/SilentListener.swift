import Foundation

/// A TCP listener on 127.0.0.1 that completes connections (the kernel accepts them into its
/// backlog) but never reads or answers: a stalled server.
final class SilentListener {
  let port: UInt16
  private let descriptor: Int32

  init() throws {
    (descriptor, port) = try loopbackSocket(listening: true)
  }

  deinit { close(descriptor) }
}

/// A TCP port on 127.0.0.1 that refuses connections for as long as this object lives: bound
/// here and never listened on, so no other test's server can take it meanwhile (a port that
/// is merely free now could be).
final class ClosedPort {
  let port: UInt16
  private let descriptor: Int32

  init() throws {
    (descriptor, port) = try loopbackSocket(listening: false)
  }

  deinit { close(descriptor) }
}

/// A TCP socket bound to a port of 127.0.0.1 the kernel picks, listening or not; the
/// caller closes it.
private func loopbackSocket(listening: Bool) throws -> (descriptor: Int32, port: UInt16) {
  let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
  guard descriptor >= 0 else { throw CommandFailure(command: ["socket"], status: errno, output: "") }
  var address = loopbackAddress(port: 0)
  var length = socklen_t(MemoryLayout<sockaddr_in>.size)
  let ready = withUnsafeMutablePointer(to: &address) {
    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
      bind(descriptor, $0, length) == 0 && (!listening || listen(descriptor, 16) == 0)
        && getsockname(descriptor, $0, &length) == 0
    }
  }
  guard ready else {
    let failure = errno
    close(descriptor)
    throw CommandFailure(command: [listening ? "listen" : "bind"], status: failure, output: "")
  }
  return (descriptor, UInt16(bigEndian: address.sin_port))
}
