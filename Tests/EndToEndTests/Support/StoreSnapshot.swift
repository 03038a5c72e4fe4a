import Foundation

/// Everything a user could see change in a store: its references (remote-tracking ones
/// left out when asked, since a sync's fetch moves them by design), the index, and every
/// file of the working tree with its bytes and permissions.
struct StoreSnapshot: Equatable, CustomStringConvertible {
  var references: String
  var index: String
  var files: [String: Data]
  var modes: [String: Int]

  init(_ store: String, sandbox: Sandbox, includingRemoteTracking: Bool = true) {
    let refs = sandbox.git("for-each-ref", "--format=%(refname) %(objectname)", in: store).stdout
    references = refs.split(separator: "\n")
      .filter { includingRemoteTracking || !$0.hasPrefix("refs/remotes/") }.joined(separator: "\n")
    index = sandbox.git("ls-files", "-s", in: store).stdout
    files = [:]
    modes = [:]
    let fileManager = FileManager.default
    let enumerator = fileManager.enumerator(atPath: store)
    while let relative = enumerator?.nextObject() as? String {
      if relative == ".git" || relative.hasPrefix(".git/") {
        if relative == ".git" { enumerator?.skipDescendants() }
        continue
      }
      let path = store + "/" + relative
      let attributes = (try? fileManager.attributesOfItem(atPath: path)) ?? [:]
      modes[relative] = (attributes[.posixPermissions] as? Int) ?? -1
      if attributes[.type] as? FileAttributeType == .typeRegular {
        files[relative] = fileManager.contents(atPath: path) ?? Data()
      }
    }
  }

  var description: String {
    "refs:\n\(references)\nindex:\n\(index)files: \(files.keys.sorted().joined(separator: ", "))"
  }
}
