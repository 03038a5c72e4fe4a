import Foundation
import Git
import Testing

@Suite("Pushes the remote refuses")
struct PushRefusalTests {
  @Test("a server-side hook that refuses the push is reported with the hook's reason")
  func hookRejection() throws {
    let sandbox = try Sandbox()
    let served = try ServedRepository(.gitDaemon, in: sandbox)
    try sandbox.write(
      "srv/notes.git/hooks/pre-receive",
      "#!/bin/sh\necho 'device branches are frozen for maintenance' >&2\nexit 1\n",
      executable: true)
    let laptop = try Device("laptop", in: sandbox, reaching: served)
    try laptop.repository.addRemote(
      name: "origin", url: served.url, fetchRefspec: deviceFetchRefspec)

    let error = try #require(throws: TransferError.self) {
      try laptop.repository.push(
        remote: "origin", refspecs: [laptop.pushRefspec], options: testOptions())
    }
    guard case let .rejected(reference, reason, url) = error else {
      Issue.record("expected a rejection, got \(error)")
      return
    }
    #expect(reference == laptop.branch)
    #expect(reason.contains("device branches are frozen for maintenance"))
    #expect(url == served.url)
    #expect(try served.tip(laptop.branch) == nil)
  }

  @Test("pushing over commits the device has not fetched fails as non-fast-forward", arguments: [
    Transport.path, .gitDaemon,
  ])
  func nonFastForward(_ transport: Transport) throws {
    let sandbox = try Sandbox()
    let served = try ServedRepository(transport, in: sandbox)
    let laptop = try Device("laptop", in: sandbox, reaching: served)
    try laptop.repository.addRemote(
      name: "origin", url: served.url, fetchRefspec: deviceFetchRefspec)
    try laptop.repository.push(
      remote: "origin", refspecs: [laptop.pushRefspec], options: testOptions())
    let published = try laptop.tip

    // Another copy of the laptop's branch moves the remote on.
    let other = sandbox.file("other")
    try git(sandbox.path, "clone", "-q", "-b", "devices/laptop", served.bare, other)
    try sandbox.write("other/laptop.txt", "edited elsewhere\n")
    try git(other, "commit", "-q", "-a", "-m", "edited elsewhere")
    try git(other, "push", "-q", "origin", "devices/laptop")
    let remoteTip = try served.tip(laptop.branch)

    try laptop.commit("edited on the laptop")
    #expect(throws: TransferError.nonFastForward(reference: laptop.branch, url: served.url)) {
      try laptop.repository.push(
        remote: "origin", refspecs: [laptop.pushRefspec], options: testOptions())
    }
    #expect(try served.tip(laptop.branch) == remoteTip)
    #expect(remoteTip != published)
  }

  @Test("a forced refspec is refused before anything is sent")
  func forcedRefspec() throws {
    let sandbox = try Sandbox()
    let served = try ServedRepository(.path, in: sandbox)
    let laptop = try Device("laptop", in: sandbox, reaching: served)
    let error = try #require(throws: GitError.self) {
      try laptop.repository.push(
        url: served.url, refspecs: ["+" + laptop.pushRefspec], options: testOptions())
    }
    #expect(error.code == .invalidSpec)
    #expect(try served.tip(laptop.branch) == nil)
  }
}
