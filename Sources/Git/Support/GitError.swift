/// An error reported by libgit2, with the function that failed.
///
/// `code` says what kind of failure it was (for example ``Code-swift.struct/notFound``),
/// `category` which part of libgit2 reported it, and `message` is libgit2's own text.
/// Catch a specific code with pattern matching:
///
/// ```swift
/// do { _ = try repository.commit(id) }
/// catch GitError.Code.notFound { … }
/// ```
public struct GitError: Error, Sendable, CustomStringConvertible {
  /// The libgit2 return code, such as `GIT_ENOTFOUND`.
  public var code: Code
  /// The libgit2 error class, such as `GIT_ERROR_REFERENCE`.
  public var category: Category
  /// libgit2's message, or a message built from the code when libgit2 set none.
  public var message: String
  /// The libgit2 function that failed, such as `git_repository_open`.
  public var function: String

  /// Creates an error from its parts.
  public init(code: Code, category: Category, message: String, function: String) {
    self.code = code
    self.category = category
    self.message = message
    self.function = function
  }

  /// `function: message`, for example
  /// `git_repository_open: failed to resolve path '/x': No such file or directory`.
  public var description: String { "\(function): \(message)" }
}
