import CLibGit2
import Foundation

/// The one funnel for libgit2 return codes: a negative `result` becomes a ``GitError``.
///
/// libgit2's message is thread-local, so this reads `git_error_last()` at once, in the same
/// synchronous call as the failing function. On 1.5.1 it can be NULL; the message is then
/// built from the code.
@discardableResult
@inline(__always)
func check(_ result: Int32, _ function: StaticString) throws(GitError) -> Int32 {
  guard result < 0 else { return result }
  let systemError = errno
  throw GitError.last(result, function, systemError: systemError)
}

extension GitError {
  /// The error libgit2 recorded for `result` on this thread.
  ///
  /// libgit2 1.5 sometimes fails an I/O call without setting a message (a stream write
  /// on a full disk); then the operating system's last error, read right after the
  /// call, is the best explanation there is, and it is given as such.
  static func last(_ result: Int32, _ function: StaticString, systemError: Int32 = 0) -> GitError {
    let code = Code(rawValue: result)
    let name = function.description
    guard let last = git_error_last() else {
      var message = "failed with \(code)"
      if systemError != 0 { message += " (system error: \(String(cString: strerror(systemError))))" }
      return GitError(code: code, category: systemError != 0 ? .os : .none, message: message, function: name)
    }
    let message = last.pointee.message.map { decodeCString($0) } ?? ""
    return GitError(
      code: code, category: Category(rawValue: last.pointee.klass),
      message: message.isEmpty ? "failed with \(code)" : message, function: name)
  }

  /// An error raised by this module itself, in the shape libgit2 would have used.
  static func synthesized(
    _ code: Code, _ category: Category, _ message: String, _ function: StaticString
  ) -> GitError {
    GitError(code: code, category: category, message: message, function: function.description)
  }
}
