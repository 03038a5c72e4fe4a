/// The single Swift owner of one C handle, freed exactly once when the owner ends.
///
/// `keepAlive` pins a parent the handle must not outlive (a layout keeps its cairo
/// context's font map alive, a borrowed pixbuf its loader).
struct OwnedHandle<Pointer>: ~Copyable {
  let pointer: Pointer
  private let scope: HandleScope?
  private let release: (Pointer) -> Void
  private let keepAlive: AnyObject?

  /// Takes ownership of `pointer`; `release` frees it.
  init(_ pointer: Pointer, keepAlive: AnyObject? = nil, release: @escaping (Pointer) -> Void) {
    self.pointer = pointer
    self.release = release
    self.keepAlive = keepAlive
    scope = HandleScope.opened()
  }

  deinit {
    release(pointer)
    HandleScope.closed(scope)
  }
}
