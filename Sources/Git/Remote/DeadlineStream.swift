import CLibGit2
import Foundation

/// libgit2's standard (TCP) stream, replaced by one that never blocks past the transfer's
/// deadline.
///
/// libgit2 1.5 has no network timeouts, and `git_remote_stop` does not interrupt a blocked
/// `recv`. Every TCP connection libgit2 opens goes through `git_socket_stream_new`, which
/// uses the registered standard stream: plain `git://` and `http://`, and `https://` too,
/// because the mbedTLS stream is built on top of it (libgit2 1.5.1
/// `src/libgit2/streams/mbedtls.c`, `git_mbedtls_stream_new`). Each read, write and connect
/// waits with `poll` in short slices and checks the ``TransferClock`` of the transfer that
/// opened the stream. The stream finds that clock through ``TransferClock/current`` when it
/// is created, so it applies per transfer and per thread.
///
/// The registration is process-wide and made once; it is immutable afterwards. SSH through
/// libssh2 takes the connected descriptor from this stream but then does its own blocking
/// I/O, so only its connect is bounded. Name resolution (`getaddrinfo`) is not bounded.
enum DeadlineStream {
  /// Registers the stream with libgit2, once per process.
  static func register() throws(GitError) {
    try check(registration, "git_stream_register")
  }
}

/// The result of registering, computed once (Swift globals are initialized lazily and
/// thread-safely); immutable afterwards.
private let registration: Int32 = {
  GitLibrary.initialize()
  var entry = git_stream_registration()
  entry.version = GIT_STREAM_VERSION
  entry.`init` = { out, host, port in makeStream(out, host, port) }
  entry.wrap = nil
  // libgit2 copies the registration into its registry.
  return git_stream_register(GIT_STREAM_STANDARD, &entry)
}()

/// Records `message` as libgit2's current error, so that the failing libgit2 call reports it.
func setNetworkError(_ message: String) {
  _ = git_error_set_str(Int32(GIT_ERROR_NET.rawValue), message)
}

private func deadlineStream(_ stream: UnsafeMutablePointer<git_stream>?)
  -> UnsafeMutablePointer<notes_deadline_stream>?
{
  // The stream was allocated as a notes_deadline_stream whose first member is the git_stream.
  stream.map { UnsafeMutableRawPointer($0).assumingMemoryBound(to: notes_deadline_stream.self) }
}

private func clock(of stream: UnsafeMutablePointer<notes_deadline_stream>) -> TransferClock? {
  stream.pointee.context.map { Unmanaged<TransferClock>.fromOpaque($0).takeUnretainedValue() }
}

private func makeStream(
  _ out: UnsafeMutablePointer<UnsafeMutablePointer<git_stream>?>?,
  _ host: UnsafePointer<CChar>?, _ port: UnsafePointer<CChar>?
) -> Int32 {
  guard let out, let host, let port,
    let raw = calloc(1, MemoryLayout<notes_deadline_stream>.size)
  else {
    setNetworkError("cannot create a socket stream")
    return -1
  }
  let stream = raw.bindMemory(to: notes_deadline_stream.self, capacity: 1)
  stream.pointee.parent.version = GIT_STREAM_VERSION
  stream.pointee.parent.encrypted = 0
  stream.pointee.parent.proxy_support = 0
  stream.pointee.parent.connect = { streamConnect($0) }
  stream.pointee.parent.read = { streamRead($0, $1, $2) }
  stream.pointee.parent.write = { streamWrite($0, $1, $2, $3) }
  stream.pointee.parent.close = { streamClose($0) }
  stream.pointee.parent.free = { streamFree($0) }
  stream.pointee.host = strdup(host)
  stream.pointee.port = strdup(port)
  stream.pointee.s = -1
  // Retained here, released in streamFree: the stream may outlive the task-local binding.
  stream.pointee.context = TransferClock.current.map { Unmanaged.passRetained($0).toOpaque() }
  out.pointee = UnsafeMutableRawPointer(stream).assumingMemoryBound(to: git_stream.self)
  return 0
}

private func streamConnect(_ stream: UnsafeMutablePointer<git_stream>?) -> Int32 {
  guard let stream = deadlineStream(stream), let host = stream.pointee.host,
    let port = stream.pointee.port
  else { return -1 }
  guard
    let descriptor = DeadlineSocket.connect(
      host: String(cString: host), port: String(cString: port), clock: clock(of: stream))
  else { return -1 }
  stream.pointee.s = descriptor
  return 0
}

private func streamRead(
  _ stream: UnsafeMutablePointer<git_stream>?, _ buffer: UnsafeMutableRawPointer?, _ count: Int
) -> Int {
  guard let stream = deadlineStream(stream), stream.pointee.s >= 0 else { return -1 }
  return DeadlineSocket.read(stream.pointee.s, into: buffer, count: count, clock: clock(of: stream))
}

private func streamWrite(
  _ stream: UnsafeMutablePointer<git_stream>?, _ data: UnsafePointer<CChar>?, _ count: Int,
  _ flags: Int32
) -> Int {
  guard let stream = deadlineStream(stream), stream.pointee.s >= 0 else { return -1 }
  return DeadlineSocket.write(stream.pointee.s, data, count: count, clock: clock(of: stream))
}

private func streamClose(_ stream: UnsafeMutablePointer<git_stream>?) -> Int32 {
  guard let stream = deadlineStream(stream) else { return -1 }
  if stream.pointee.s >= 0 { close(stream.pointee.s) }
  stream.pointee.s = -1
  return 0
}

private func streamFree(_ stream: UnsafeMutablePointer<git_stream>?) {
  guard let stream = deadlineStream(stream) else { return }
  if stream.pointee.s >= 0 { close(stream.pointee.s) }
  free(stream.pointee.host)
  free(stream.pointee.port)
  if let context = stream.pointee.context {
    Unmanaged<TransferClock>.fromOpaque(context).release()
  }
  free(stream)
}
