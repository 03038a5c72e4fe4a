/// A command that ran but failed, with the message to show and the exit code.
struct CommandFailure: Error, CustomStringConvertible {
  var message: String
  var exitCode: Int32 = 1

  var description: String { message }
}

/// A command that already printed its failure (such as `verify` listing problems)
/// and only needs the exit code.
struct SilentFailure: Error {
  var exitCode: Int32 = 1
}
