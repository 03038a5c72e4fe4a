import Foundation

/// A TCP listener on 127.0.0.1 that completes connections (the kernel accepts them into its
/// backlog) but never reads or answers: a stalled server.
final class SilentListener {
  let port: UInt16
  private let descriptor: Int32

  init() throws {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { throw CommandFailure(command: ["socket"], status: errno, output: "") }
    var address = loopbackAddress(port: 0)
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let listening = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, length) == 0 && listen(descriptor, 16) == 0
          && getsockname(descriptor, $0, &length) == 0
      }
    }
    guard listening else {
      close(descriptor)
      throw CommandFailure(command: ["listen"], status: errno, output: "")
    }
    self.descriptor = descriptor
    port = UInt16(bigEndian: address.sin_port)
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
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { throw CommandFailure(command: ["socket"], status: errno, output: "") }
    var address = loopbackAddress(port: 0)
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
      }
    }
    guard bound else {
      close(descriptor)
      throw CommandFailure(command: ["bind"], status: errno, output: "")
    }
    self.descriptor = descriptor
    port = UInt16(bigEndian: address.sin_port)
  }

  deinit { close(descriptor) }
}
