import CLibGit2

/// The libgit2 side of the transports that speak git's protocol over a child process's pipes
/// (OpenSSH, and git's own `git-upload-pack`/`git-receive-pack` for local remotes): the C
/// callbacks, and the structs that lead from libgit2's pointers back to the Swift objects.
///
/// Ownership: each `notes_pipe_subtransport` and `notes_pipe_stream` is allocated here, holds
/// one retained Swift object in `box`, and is freed (with that object released) exactly once,
/// by the `free` callback libgit2 calls for it. A stream is one server process; releasing its
/// ``ServerConnection`` closes the pipes and reaps the process.
enum PipeSubtransport {
  /// Makes a smart transport for `remote` whose connections `connector` starts: the body of
  /// a `git_transport_cb`.
  static func makeTransport(
    _ out: UnsafeMutablePointer<UnsafeMutablePointer<git_transport>?>, _ remote: OpaquePointer?,
    connector: any ServerConnector
  ) -> Int32 {
    let state = State(connector: connector)
    return withExtendedLifetime(state) {
      // git_transport_smart makes the subtransport at once (which retains the state), so the
      // definition and the unretained state only need to live for this call.
      var definition = git_smart_subtransport_definition(
        callback: { out, _, parameter in PipeSubtransport.makeSubtransport(out, parameter) }, rpc: 0,
        param: Unmanaged.passUnretained(state).toOpaque())
      return git_transport_smart(out, remote, &definition)
    }
  }

  /// The Swift object behind one subtransport: what starts its connections, and its open
  /// stream, if any.
  final class State {
    let connector: any ServerConnector
    var currentStream: UnsafeMutablePointer<notes_pipe_stream>?

    init(connector: any ServerConnector) { self.connector = connector }
  }

  /// The Swift object behind one stream.
  final class Stream {
    let connection: any ServerConnection

    init(_ connection: any ServerConnection) { self.connection = connection }
  }

  private static func makeSubtransport(
    _ out: UnsafeMutablePointer<UnsafeMutablePointer<git_smart_subtransport>?>?,
    _ parameter: UnsafeMutableRawPointer?
  ) -> Int32 {
    guard let out, let parameter else { return -1 }
    let state = Unmanaged<State>.fromOpaque(parameter).takeUnretainedValue()
    let subtransport = UnsafeMutablePointer<notes_pipe_subtransport>.allocate(capacity: 1)
    subtransport.initialize(
      to: notes_pipe_subtransport(
        parent: git_smart_subtransport(
          action: { out, subtransport, url, service in PipeSubtransport.action(out, subtransport, url, service) },
          close: { _ in 0 },
          free: { subtransport in PipeSubtransport.freeSubtransport(subtransport) }),
        box: Unmanaged.passRetained(state).toOpaque()))
    out.pointee = subtransport.pointer(to: \.parent)
    return 0
  }

  private static func whole(_ subtransport: UnsafeMutablePointer<git_smart_subtransport>)
    -> UnsafeMutablePointer<notes_pipe_subtransport>
  {
    UnsafeMutableRawPointer(subtransport).assumingMemoryBound(to: notes_pipe_subtransport.self)
  }

  private static func state(_ subtransport: UnsafeMutablePointer<git_smart_subtransport>) -> State {
    Unmanaged<State>.fromOpaque(whole(subtransport).pointee.box).takeUnretainedValue()
  }

  /// Starts the server for the listing actions; hands back the same stream for the action that
  /// follows a listing (libgit2 continues the conversation on the same connection).
  private static func action(
    _ out: UnsafeMutablePointer<UnsafeMutablePointer<git_smart_subtransport_stream>?>?,
    _ subtransport: UnsafeMutablePointer<git_smart_subtransport>?,
    _ url: UnsafePointer<CChar>?,
    _ service: git_smart_service_t
  ) -> Int32 {
    guard let out, let subtransport, let url else { return -1 }
    let state = state(subtransport)
    switch service {
    case GIT_SERVICE_UPLOADPACK_LS:
      return open(out, subtransport, state, url: decodeCString(url), service: "git-upload-pack")
    case GIT_SERVICE_RECEIVEPACK_LS:
      return open(out, subtransport, state, url: decodeCString(url), service: "git-receive-pack")
    default:
      guard let stream = state.currentStream else {
        return report(
          .synthesized(.generic, state.connector.category, "the refs must be listed before the transfer", "action"))
      }
      out.pointee = stream.pointer(to: \.parent)
      return 0
    }
  }

  private static func open(
    _ out: UnsafeMutablePointer<UnsafeMutablePointer<git_smart_subtransport_stream>?>,
    _ subtransport: UnsafeMutablePointer<git_smart_subtransport>, _ state: State,
    url: String, service: String
  ) -> Int32 {
    let connection: any ServerConnection
    do throws(GitError) {
      connection = try state.connector.connect(url: url, service: service)
    } catch {
      return report(error)
    }
    let stream = UnsafeMutablePointer<notes_pipe_stream>.allocate(capacity: 1)
    stream.initialize(
      to: notes_pipe_stream(
        parent: git_smart_subtransport_stream(
          subtransport: subtransport,
          read: { stream, buffer, size, count in PipeSubtransport.read(stream, buffer, size, count) },
          write: { stream, buffer, length in PipeSubtransport.write(stream, buffer, length) },
          free: { stream in PipeSubtransport.freeStream(stream) }),
        box: Unmanaged.passRetained(Stream(connection)).toOpaque()))
    state.currentStream = stream
    out.pointee = stream.pointer(to: \.parent)
    return 0
  }

  private static func connection(_ stream: UnsafeMutablePointer<git_smart_subtransport_stream>)
    -> any ServerConnection
  {
    let whole = UnsafeMutableRawPointer(stream).assumingMemoryBound(to: notes_pipe_stream.self)
    return Unmanaged<Stream>.fromOpaque(whole.pointee.box).takeUnretainedValue().connection
  }

  private static func read(
    _ stream: UnsafeMutablePointer<git_smart_subtransport_stream>?, _ buffer: UnsafeMutablePointer<CChar>?,
    _ size: Int, _ count: UnsafeMutablePointer<Int>?
  ) -> Int32 {
    guard let stream, let buffer, let count else { return -1 }
    do throws(GitError) {
      count.pointee = try connection(stream).read(into: UnsafeMutableRawBufferPointer(start: buffer, count: size))
      return 0
    } catch {
      return report(error)
    }
  }

  private static func write(
    _ stream: UnsafeMutablePointer<git_smart_subtransport_stream>?, _ buffer: UnsafePointer<CChar>?,
    _ length: Int
  ) -> Int32 {
    guard let stream else { return -1 }
    guard length > 0, let buffer else { return 0 }
    do throws(GitError) {
      try connection(stream).write(UnsafeRawBufferPointer(start: buffer, count: length))
      return 0
    } catch {
      return report(error)
    }
  }

  private static func freeStream(_ stream: UnsafeMutablePointer<git_smart_subtransport_stream>?) {
    guard let stream else { return }
    let whole = UnsafeMutableRawPointer(stream).assumingMemoryBound(to: notes_pipe_stream.self)
    if let subtransport = stream.pointee.subtransport {
      let state = state(subtransport)
      if state.currentStream == whole { state.currentStream = nil }
    }
    Unmanaged<Stream>.fromOpaque(whole.pointee.box).release()
    whole.deinitialize(count: 1)
    whole.deallocate()
  }

  private static func freeSubtransport(_ subtransport: UnsafeMutablePointer<git_smart_subtransport>?) {
    guard let subtransport else { return }
    let whole = whole(subtransport)
    Unmanaged<State>.fromOpaque(whole.pointee.box).release()
    whole.deinitialize(count: 1)
    whole.deallocate()
  }

  /// Hands `error` to libgit2 (class and message) and returns its code.
  static func report(_ error: GitError) -> Int32 {
    _ = git_error_set_str(error.category.rawValue, error.message)
    return error.code.rawValue
  }
}
