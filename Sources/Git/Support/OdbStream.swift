import CLibGit2

/// The single owner of a `git_odb_stream`, freed once when the owner ends.
///
/// Pins the repository, which owns the object database the stream writes to or reads from.
struct OdbStream: ~Copyable {
  let pointer: UnsafeMutablePointer<git_odb_stream>
  private let scope: HandleScope?
  private let keepAlive: AnyObject

  private init(_ pointer: UnsafeMutablePointer<git_odb_stream>, keepAlive: AnyObject) {
    self.pointer = pointer
    self.keepAlive = keepAlive
    scope = HandleScope.opened()
  }

  /// Calls a stream constructor and takes ownership of the stream it made.
  static func make(
    _ function: StaticString, keepAlive: AnyObject,
    _ construct: (inout UnsafeMutablePointer<git_odb_stream>?) -> Int32
  ) throws(GitError) -> OdbStream {
    var pointer: UnsafeMutablePointer<git_odb_stream>?
    let result = construct(&pointer)
    if result < 0 {
      let error = GitError.last(result, function)
      if let pointer { git_odb_stream_free(pointer) }
      throw error
    }
    guard let pointer else {
      throw .synthesized(.generic, .internal, "returned no stream", function)
    }
    return OdbStream(pointer, keepAlive: keepAlive)
  }

  deinit {
    git_odb_stream_free(pointer)
    HandleScope.closed(scope)
  }
}
