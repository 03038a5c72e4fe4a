import CLibGit2

extension ObjectID {
  /// Copies a libgit2 object id.
  init(_ oid: git_oid) {
    var copy = oid
    // git_oid is exactly 20 bytes, so this initializer cannot fail.
    self = withUnsafeBytes(of: &copy.id) { ObjectID(bytes: $0) ?? .zero }
  }

  /// Copies a libgit2 object id from a borrowed pointer.
  init(_ pointer: UnsafePointer<git_oid>) {
    self.init(pointer.pointee)
  }

  /// The libgit2 form of this id.
  var raw: git_oid {
    var oid = git_oid()
    let bytes = self.bytes
    withUnsafeMutableBytes(of: &oid.id) { buffer in
      for index in 0..<ObjectID.byteCount { buffer[index] = bytes[index] }
    }
    return oid
  }
}
