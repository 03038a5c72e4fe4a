import Foundation
import Git
import Testing

@Suite("Configured remotes")
struct RemoteConfigurationTests {
  @Test("remotes are listed by name, and removing one drops its configuration and tracking refs")
  func addListRemove() throws {
    let sandbox = try Sandbox()
    let served = try ServedRepository(.path, in: sandbox)
    let laptop = try Device("laptop", in: sandbox, reaching: served)
    try laptop.repository.addRemote(name: "origin", url: served.url, fetchRefspec: deviceFetchRefspec)
    try laptop.repository.addRemote(name: "backup", url: "file:///elsewhere.git", fetchRefspec: deviceFetchRefspec)
    #expect(
      try laptop.repository.remotes() == [
        RemoteInfo(name: "backup", url: "file:///elsewhere.git"),
        RemoteInfo(name: "origin", url: served.url),
      ])
    #expect(try laptop.repository.remoteURL("origin") == served.url)
    #expect(try laptop.repository.remoteURL("missing") == nil)
    let duplicate = try #require(throws: GitError.self) {
      try laptop.repository.addRemote(name: "origin", url: "/x", fetchRefspec: deviceFetchRefspec)
    }
    #expect(duplicate.code == .exists)

    try laptop.repository.push(remote: "origin", refspecs: [laptop.pushRefspec], options: testOptions())
    #expect(try laptop.repository.referenceTarget("refs/remotes/origin/devices/laptop") != nil)
    try laptop.repository.removeRemote(name: "origin")
    #expect(try laptop.repository.remotes().map(\.name) == ["backup"])
    #expect(try laptop.repository.referenceTarget("refs/remotes/origin/devices/laptop") == nil)
  }
}
