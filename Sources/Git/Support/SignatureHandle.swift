import CLibGit2
import Foundation

/// The single owner of a `git_signature` made from a ``Signature`` value.
struct SignatureHandle: ~Copyable {
  let pointer: UnsafeMutablePointer<git_signature>
  private let scope: HandleScope?

  init(_ signature: Signature) throws(GitError) {
    var made: UnsafeMutablePointer<git_signature>?
    let seconds = git_time_t(signature.date.timeIntervalSince1970.rounded(.down))
    let result = git_signature_new(
      &made, signature.name, signature.email, seconds, Int32(signature.timeZoneOffsetMinutes))
    if result < 0 {
      let error = GitError.last(result, "git_signature_new")
      if let made { git_signature_free(made) }
      throw error
    }
    guard let made else { throw .synthesized(.generic, .internal, "returned no signature", "git_signature_new") }
    pointer = made
    scope = HandleScope.opened()
  }

  deinit {
    git_signature_free(pointer)
    HandleScope.closed(scope)
  }
}

extension Signature {
  /// Copies a borrowed libgit2 signature.
  init(_ raw: UnsafePointer<git_signature>) {
    let value = raw.pointee
    self.init(
      name: decodeCString(UnsafePointer(value.name)) ?? "",
      email: decodeCString(UnsafePointer(value.email)) ?? "",
      date: Date(timeIntervalSince1970: TimeInterval(value.when.time)),
      timeZoneOffsetMinutes: Int(value.when.offset))
  }
}
