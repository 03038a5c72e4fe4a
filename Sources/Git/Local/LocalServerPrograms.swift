import Foundation

/// git's own server programs for local remotes, found the way `git` runs them: in git's
/// exec path (`git --exec-path`), else on `PATH`.
struct LocalServerPrograms: Equatable, Sendable {
  /// The full path of `git-upload-pack` (fetching, listing).
  var uploadPack: String
  /// The full path of `git-receive-pack` (pushing; it runs the remote's hooks).
  var receivePack: String

  /// The path of the program for `service` (`git-upload-pack` or `git-receive-pack`).
  func program(for service: String) -> String {
    service == "git-receive-pack" ? receivePack : uploadPack
  }

  /// Both programs, or nil when either cannot be found.
  static func find(environment: [String: String]) -> LocalServerPrograms? {
    let directories = [execPath(environment: environment)].compactMap { $0 }
    func locate(_ name: String) -> String? {
      for directory in directories {
        let candidate = directory + "/" + name
        if SSHProgram.findExecutable(candidate, path: nil) != nil { return candidate }
      }
      return SSHProgram.findExecutable(name, path: environment["PATH"])
    }
    guard let uploadPack = locate("git-upload-pack"), let receivePack = locate("git-receive-pack") else {
      return nil
    }
    return LocalServerPrograms(uploadPack: uploadPack, receivePack: receivePack)
  }

  /// `GIT_EXEC_PATH`, else what `git --exec-path` prints; nil without git.
  private static func execPath(environment: [String: String]) -> String? {
    if let path = environment["GIT_EXEC_PATH"], !path.isEmpty { return path }
    guard SSHProgram.findExecutable("git", path: environment["PATH"]) != nil,
      let (status, output) = ChildProcess.run(["git", "--exec-path"], environment: environment, input: "", timeout: 10),
      status == 0
    else { return nil }
    let path = output.trimmingCharacters(in: .whitespacesAndNewlines)
    return path.hasPrefix("/") ? path : nil
  }
}
