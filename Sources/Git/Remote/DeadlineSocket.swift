import Foundation

/// Blocking-free socket operations that wait with `poll` and give up when the transfer's
/// ``TransferClock`` says so. Each function returns nil (or -1) after recording a message
/// for libgit2; the clock records timeouts and cancellation for classification.
enum DeadlineSocket {
  /// The outcome of waiting for a socket.
  enum Wait {
    case ready
    case stopped(TransferClock.Stop)
    case failed(String)
  }

  /// Waits until `descriptor` is ready for `events` (`POLLIN` or `POLLOUT`).
  ///
  /// Without a clock (a libgit2 network call made outside this module's transfers) it
  /// waits as long as the socket does.
  static func wait(_ descriptor: Int32, for events: Int16, clock: TransferClock?) -> Wait {
    while true {
      if let stop = clock?.checkStop() { return .stopped(stop) }
      var entry = pollfd(fd: descriptor, events: events, revents: 0)
      let result = poll(&entry, 1, clock?.pollSlice() ?? -1)
      if result > 0 { return .ready }
      if result < 0 && errno != EINTR { return .failed(String(cString: strerror(errno))) }
    }
  }

  /// Connects to the first address of `host`:`port` that accepts, within the clock's
  /// deadline. Returns the connected socket in blocking mode, or nil.
  static func connect(host: String, port: String, clock: TransferClock?) -> Int32? {
    var hints = addrinfo()
    hints.ai_family = AF_UNSPEC
    hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    var list: UnsafeMutablePointer<addrinfo>?
    let resolved = getaddrinfo(host, port, &hints, &list)
    guard resolved == 0, let list else {
      let reason = String(cString: gai_strerror(resolved))
      clock?.noteUnreachable("cannot resolve \(host): \(reason)")
      setNetworkError("failed to resolve address for \(host): \(reason)")
      return nil
    }
    defer { freeaddrinfo(list) }
    var lastReason = "no address"
    var entry: UnsafeMutablePointer<addrinfo>? = list
    while let address = entry {
      entry = address.pointee.ai_next
      switch attempt(address.pointee, clock: clock) {
      case .success(let descriptor):
        return descriptor
      case .failure(.stopped(let stop)):
        setNetworkError(stop == .timedOut ? "timed out connecting to \(host)" : "cancelled")
        return nil
      case .failure(.failed(let reason)):
        lastReason = reason
      }
    }
    clock?.noteUnreachable("\(host):\(port): \(lastReason)")
    setNetworkError("failed to connect to \(host):\(port): \(lastReason)")
    return nil
  }

  private enum AttemptFailure: Error {
    case stopped(TransferClock.Stop)
    case failed(String)
  }

  private static func attempt(_ address: addrinfo, clock: TransferClock?) -> Result<
    Int32, AttemptFailure
  > {
    let descriptor = socket(
      address.ai_family, address.ai_socktype | Int32(SOCK_CLOEXEC.rawValue), address.ai_protocol)
    guard descriptor >= 0 else { return .failure(.failed(String(cString: strerror(errno)))) }
    let flags = fcntl(descriptor, F_GETFL)
    _ = fcntl(descriptor, F_SETFL, flags | O_NONBLOCK)
    if Glibc.connect(descriptor, address.ai_addr, address.ai_addrlen) != 0 && errno != EINPROGRESS {
      let reason = String(cString: strerror(errno))
      close(descriptor)
      return .failure(.failed(reason))
    }
    switch wait(descriptor, for: Int16(POLLOUT), clock: clock) {
    case .ready: break
    case .stopped(let stop):
      close(descriptor)
      return .failure(.stopped(stop))
    case .failed(let reason):
      close(descriptor)
      return .failure(.failed(reason))
    }
    var socketError: Int32 = 0
    var length = socklen_t(MemoryLayout<Int32>.size)
    getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &socketError, &length)
    guard socketError == 0 else {
      close(descriptor)
      return .failure(.failed(String(cString: strerror(socketError))))
    }
    // Back to blocking mode: libgit2's SSH transport hands this descriptor to libssh2.
    // Our own reads and writes pass MSG_DONTWAIT instead.
    _ = fcntl(descriptor, F_SETFL, flags)
    clock?.noteProgress()
    return .success(descriptor)
  }

  /// Reads what is available, waiting for data within the deadline: the byte count, 0 at
  /// the end of the stream, or -1.
  static func read(
    _ descriptor: Int32, into buffer: UnsafeMutableRawPointer?, count: Int, clock: TransferClock?
  ) -> Int {
    while true {
      guard ready(descriptor, for: Int16(POLLIN), clock: clock, action: "receiving") else {
        return -1
      }
      let received = recv(descriptor, buffer, count, Int32(MSG_DONTWAIT))
      if received > 0 { clock?.noteProgress() }
      if received >= 0 { return received }
      if errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR { continue }
      setNetworkError("error receiving socket data: \(String(cString: strerror(errno)))")
      return -1
    }
  }

  /// Sends some of `buffer` within the deadline: the byte count, or -1. Never raises
  /// SIGPIPE.
  static func write(
    _ descriptor: Int32, _ buffer: UnsafePointer<CChar>?, count: Int, clock: TransferClock?
  ) -> Int {
    while true {
      guard ready(descriptor, for: Int16(POLLOUT), clock: clock, action: "sending") else {
        return -1
      }
      let flags = Int32(MSG_DONTWAIT) | Int32(MSG_NOSIGNAL)
      let sent = send(descriptor, buffer, count, flags)
      if sent > 0 { clock?.noteProgress() }
      if sent >= 0 { return sent }
      if errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR { continue }
      setNetworkError("error sending data: \(String(cString: strerror(errno)))")
      return -1
    }
  }

  private static func ready(
    _ descriptor: Int32, for events: Int16, clock: TransferClock?, action: String
  ) -> Bool {
    switch wait(descriptor, for: events, clock: clock) {
    case .ready:
      return true
    case .stopped(.timedOut):
      setNetworkError("timed out \(action) data")
    case .stopped(.cancelled):
      setNetworkError("cancelled while \(action) data")
    case .failed(let reason):
      setNetworkError("error waiting for the socket: \(reason)")
    }
    return false
  }
}
