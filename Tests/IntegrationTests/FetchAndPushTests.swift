import Foundation
import Git
import Synchronization
import Testing

@Suite("Fetch and push over every transport")
struct FetchAndPushTests {
  @Test(
    "two devices exchange their branches through the remote, and a deleted branch is pruned",
    arguments: Transport.allCases)
  func devicesExchangeBranches(_ transport: Transport) throws {
    let sandbox = try Sandbox()
    let served = try ServedRepository(transport, in: sandbox)
    let laptop = try Device("laptop", in: sandbox, reaching: served)
    let phone = try Device("phone", in: sandbox, reaching: served)
    try laptop.repository.addRemote(
      name: "origin", url: served.url, fetchRefspec: deviceFetchRefspec)
    try phone.repository.addRemote(
      name: "origin", url: served.url, fetchRefspec: deviceFetchRefspec)

    try laptop.repository.push(
      remote: "origin", refspecs: [laptop.pushRefspec], options: testOptions())
    #expect(try served.tip(laptop.branch) == laptop.tip)

    let reports = Mutex<[TransferProgress]>([])
    let fetched = try phone.repository.fetch(
      remote: "origin", refspecs: [deviceFetchRefspec],
      options: testOptions(progress: { progress in reports.withLock { $0.append(progress) } }))
    #expect(
      fetched.updated == [
        ReferenceUpdate(name: "refs/remotes/origin/devices/laptop", old: nil, new: try laptop.tip)
      ])
    #expect(fetched.receivedObjects > 0)
    #expect(reports.withLock { $0.contains { $0.phase == .fetching } })

    try phone.repository.push(
      remote: "origin", refspecs: [phone.pushRefspec], options: testOptions())
    let second = try laptop.repository.fetch(
      remote: "origin", refspecs: [deviceFetchRefspec], options: testOptions())
    #expect(second.updated.map(\.name) == ["refs/remotes/origin/devices/phone"])
    #expect(try laptop.repository.referenceTarget("refs/remotes/origin/devices/phone") == phone.tip)

    try git(served.bare, "update-ref", "-d", phone.branch)
    let pruned = try laptop.repository.fetch(
      remote: "origin", refspecs: [deviceFetchRefspec], options: testOptions())
    #expect(
      pruned.updated == [
        ReferenceUpdate(name: "refs/remotes/origin/devices/phone", old: try phone.tip, new: nil)
      ])
    #expect(try laptop.repository.referenceTarget("refs/remotes/origin/devices/phone") == nil)
  }

  @Test("a fast-forward push moves the remote branch and reports progress", arguments: [
    Transport.path, .http,
  ])
  func fastForwardPush(_ transport: Transport) throws {
    let sandbox = try Sandbox()
    let served = try ServedRepository(transport, in: sandbox)
    let laptop = try Device("laptop", in: sandbox, reaching: served)
    try laptop.repository.addRemote(
      name: "origin", url: served.url, fetchRefspec: deviceFetchRefspec)
    try laptop.repository.push(
      remote: "origin", refspecs: [laptop.pushRefspec], options: testOptions())
    let next = try laptop.commit("second edit")
    let reports = Mutex<[TransferProgress]>([])
    try laptop.repository.push(
      remote: "origin", refspecs: [laptop.pushRefspec],
      options: testOptions(progress: { progress in reports.withLock { $0.append(progress) } }))
    #expect(try served.tip(laptop.branch) == next)
    #expect(try laptop.repository.referenceTarget("refs/remotes/origin/devices/laptop") == next)
    if transport != .path {
      #expect(reports.withLock { $0.contains { $0.phase == .pushing } })
    }
  }

  @Test("a clone-style fetch from a URL configures no remote", arguments: [
    Transport.fileURL, .gitDaemon, .https,
  ])
  func anonymousFetch(_ transport: Transport) throws {
    let sandbox = try Sandbox()
    let served = try ServedRepository(transport, in: sandbox)
    let laptop = try Device("laptop", in: sandbox, reaching: served)
    try laptop.repository.push(
      url: served.url, refspecs: [laptop.pushRefspec], options: testOptions())

    let fresh = sandbox.file("fresh")
    let repository = try Repository.create(at: fresh, initialBranch: "devices/fresh")
    try served.configure(client: fresh)
    let result = try repository.fetch(
      url: served.url, refspecs: [deviceFetchRefspec], options: testOptions())
    #expect(result.updated.map(\.name) == ["refs/remotes/origin/devices/laptop"])
    #expect(try repository.remotes().isEmpty)
    #expect(try repository.referenceTarget("refs/remotes/origin/devices/laptop") == laptop.tip)
  }

  @Test("listing remote references reads the remote's branches without fetching", arguments: [
    Transport.path, .gitDaemon, .http,
  ])
  func listRemoteReferences(_ transport: Transport) throws {
    let sandbox = try Sandbox()
    let served = try ServedRepository(transport, in: sandbox)
    let laptop = try Device("laptop", in: sandbox, reaching: served)
    try laptop.repository.addRemote(
      name: "origin", url: served.url, fetchRefspec: deviceFetchRefspec)
    try laptop.repository.push(
      remote: "origin", refspecs: [laptop.pushRefspec], options: testOptions())
    let phone = try Device("phone", in: sandbox, reaching: served)
    try phone.repository.push(
      url: served.url, refspecs: [phone.pushRefspec], options: testOptions())

    let listed = try laptop.repository.listRemoteReferences(
      remote: "origin", matching: "refs/heads/devices/", options: testOptions())
    #expect(listed.map(\.name) == [laptop.branch, phone.branch])
    #expect(listed.map(\.target) == [try laptop.tip, try phone.tip])
    #expect(try laptop.repository.referenceTarget("refs/remotes/origin/devices/phone") == nil)
  }
}
