import CLibGit2

/// The libgit2 side of the OpenSSH transport: the C callbacks, and the structs that lead from
/// libgit2's pointers back to the Swift objects.
///
/// Ownership: each `notes_ssh_subtransport` and `notes_ssh_stream` is allocated here, holds one
/// retained Swift object in `box`, and is freed (with that object released) exactly once, by
/// the `free` callback libgit2 calls for it. A stream is one ssh process; releasing its
/// ``SSHConnection`` closes the pipes and reaps the process.
enum SSHSubtransport {
  /// `git_transport_cb` for the ssh schemes; `parameter` is the unretained ``SSHRegistration``.
  static let transportCallback: git_transport_cb = { out, remote, parameter in
    guard let out, let parameter else { return -1 }
    let registration = Unmanaged<SSHRegistration>.fromOpaque(parameter).takeUnretainedValue()
    let settings: SSHConnectionSettings
    do throws(GitError) { settings = try registration.settings(for: remote) } catch { return report(error) }
    return withExtendedLifetime(settings) {
      // git_transport_smart makes the subtransport at once, so the definition and the
      // unretained settings only need to live for this call.
      var definition = git_smart_subtransport_definition(
        callback: { out, _, parameter in SSHSubtransport.makeSubtransport(out, parameter) }, rpc: 0,
        param: Unmanaged.passUnretained(settings).toOpaque())
      return git_transport_smart(out, remote, &definition)
    }
  }

  /// The Swift object behind one subtransport: its settings and its open stream, if any.
  final class State {
    let settings: SSHConnectionSettings
    var currentStream: UnsafeMutablePointer<notes_ssh_stream>?

    init(settings: SSHConnectionSettings) { self.settings = settings }
  }

  private static func makeSubtransport(
    _ out: UnsafeMutablePointer<UnsafeMutablePointer<git_smart_subtransport>?>?,
    _ parameter: UnsafeMutableRawPointer?
  ) -> Int32 {
    guard let out, let parameter else { return -1 }
    let settings = Unmanaged<SSHConnectionSettings>.fromOpaque(parameter).takeUnretainedValue()
    let subtransport = UnsafeMutablePointer<notes_ssh_subtransport>.allocate(capacity: 1)
    subtransport.initialize(
      to: notes_ssh_subtransport(
        parent: git_smart_subtransport(
          action: { out, subtransport, url, service in SSHSubtransport.action(out, subtransport, url, service) },
          close: { _ in 0 },
          free: { subtransport in SSHSubtransport.freeSubtransport(subtransport) }),
        box: Unmanaged.passRetained(State(settings: settings)).toOpaque()))
    out.pointee = subtransport.pointer(to: \.parent)
    return 0
  }

  private static func whole(_ subtransport: UnsafeMutablePointer<git_smart_subtransport>)
    -> UnsafeMutablePointer<notes_ssh_subtransport>
  {
    UnsafeMutableRawPointer(subtransport).assumingMemoryBound(to: notes_ssh_subtransport.self)
  }

  private static func state(_ subtransport: UnsafeMutablePointer<git_smart_subtransport>) -> State {
    Unmanaged<State>.fromOpaque(whole(subtransport).pointee.box).takeUnretainedValue()
  }

  /// Starts ssh for the listing actions; hands back the same stream for the action that
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
        return report(.synthesized(.generic, .ssh, "the refs must be listed before the transfer", "ssh"))
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
    let connection: SSHConnection
    do throws(GitError) {
      let address = try SSHAddress(parsing: url)
      connection = try SSHConnection(address: address, service: service, settings: state.settings)
    } catch {
      return report(error)
    }
    let stream = UnsafeMutablePointer<notes_ssh_stream>.allocate(capacity: 1)
    stream.initialize(
      to: notes_ssh_stream(
        parent: git_smart_subtransport_stream(
          subtransport: subtransport,
          read: { stream, buffer, size, count in SSHSubtransport.read(stream, buffer, size, count) },
          write: { stream, buffer, length in SSHSubtransport.write(stream, buffer, length) },
          free: { stream in SSHSubtransport.freeStream(stream) }),
        box: Unmanaged.passRetained(connection).toOpaque()))
    state.currentStream = stream
    out.pointee = stream.pointer(to: \.parent)
    return 0
  }

  private static func connection(_ stream: UnsafeMutablePointer<git_smart_subtransport_stream>) -> SSHConnection {
    let whole = UnsafeMutableRawPointer(stream).assumingMemoryBound(to: notes_ssh_stream.self)
    return Unmanaged<SSHConnection>.fromOpaque(whole.pointee.box).takeUnretainedValue()
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
    let whole = UnsafeMutableRawPointer(stream).assumingMemoryBound(to: notes_ssh_stream.self)
    if let subtransport = stream.pointee.subtransport {
      let state = state(subtransport)
      if state.currentStream == whole { state.currentStream = nil }
    }
    Unmanaged<SSHConnection>.fromOpaque(whole.pointee.box).release()
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
  private static func report(_ error: GitError) -> Int32 {
    _ = git_error_set_str(error.category.rawValue, error.message)
    return error.code.rawValue
  }
}
