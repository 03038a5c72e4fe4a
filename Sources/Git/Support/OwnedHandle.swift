import CLibGit2

/// The single Swift owner of one libgit2 handle, freed exactly once when the owner ends.
///
/// `keepAlive` pins the parent (usually the ``Repository``), because libgit2 objects must not
/// outlive their repository.
struct OwnedHandle: ~Copyable {
  let pointer: OpaquePointer
  private let scope: HandleScope?
  private let release: (OpaquePointer) -> Void
  private let keepAlive: AnyObject?

  /// Takes ownership of `pointer`; `release` frees it.
  init(_ pointer: OpaquePointer, keepAlive: AnyObject?, release: @escaping (OpaquePointer) -> Void) {
    self.pointer = pointer
    self.release = release
    self.keepAlive = keepAlive
    scope = HandleScope.opened()
  }

  /// Calls a libgit2 constructor and takes ownership of what it made.
  ///
  /// On failure the error is read first, then any half-made handle is freed.
  static func make(
    _ function: StaticString, keepAlive: AnyObject?,
    release: @escaping (OpaquePointer) -> Void,
    _ construct: (inout OpaquePointer?) -> Int32
  ) throws(GitError) -> OwnedHandle {
    var pointer: OpaquePointer?
    let result = construct(&pointer)
    if result < 0 {
      let error = GitError.last(result, function)
      if let pointer { release(pointer) }
      throw error
    }
    guard let pointer else {
      throw .synthesized(.generic, .internal, "returned no object", function)
    }
    return OwnedHandle(pointer, keepAlive: keepAlive, release: release)
  }

  deinit {
    release(pointer)
    HandleScope.closed(scope)
  }
}
