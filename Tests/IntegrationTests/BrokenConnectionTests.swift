import Foundation
import Git
import Testing

@Suite("Connections that break in the middle")
struct BrokenConnectionTests {
  @Test("a fetch cut by a reset connection fails with an error, moves no reference and leaves a valid repository")
  func fetchCutMidway() throws {
    let sandbox = try Sandbox()
    let served = try ServedRepository(.gitDaemon, in: sandbox)
    let laptop = try Device("laptop", in: sandbox, reaching: served)
    // Enough history that the pack is far larger than what the proxy lets through.
    for index in 0..<40 {
      try sandbox.write("devices/laptop/blob\(index).bin", String(repeating: "\(index) random-ish text ", count: 400))
      try git(laptop.path, "add", ".")
      try git(laptop.path, "commit", "-q", "-m", "bulk \(index)")
    }
    try laptop.repository.push(url: served.url, refspecs: [laptop.pushRefspec], options: testOptions())
    let daemonPort = try #require(UInt16(served.url.split(separator: ":").last?.split(separator: "/").first ?? ""))

    let phone = try Repository.create(at: sandbox.file("phone"), initialBranch: "devices/phone")
    let (proxy, proxyPort) = try startServer {
      let port = try freePort()
      return (try ServerProcess(script: "cutting-proxy.sh", [sandbox.path, String(port), String(daemonPort), "6000"]), port)
    }
    defer { proxy.stop() }
    let cutURL = "git://127.0.0.1:\(proxyPort)/notes.git"
    #expect(throws: (any Error).self) {
      _ = try phone.fetch(url: cutURL, refspecs: [deviceFetchRefspec], options: testOptions(timeout: 10))
    }
    #expect(try phone.referenceTarget("refs/remotes/origin/devices/laptop") == nil)
    _ = try git(sandbox.file("phone"), "fsck", "--strict")

    // The next fetch, over a working connection, completes.
    _ = try phone.fetch(url: served.url, refspecs: [deviceFetchRefspec], options: testOptions())
    let fetched = try phone.referenceTarget("refs/remotes/origin/devices/laptop")
    #expect(fetched == (try laptop.tip))
  }

  @Test("a push cut in the middle of its pack fails, leaves the remote's branch exactly as before, and the next push settles it")
  func pushCutMidway() throws {
    let sandbox = try Sandbox()
    let served = try ServedRepository(.gitDaemon, in: sandbox)
    let laptop = try Device("laptop", in: sandbox, reaching: served)
    try laptop.repository.push(url: served.url, refspecs: [laptop.pushRefspec], options: testOptions())
    let before = try served.tip(laptop.branch)
    for index in 0..<40 {
      // Incompressible, so the pack is far larger than what the proxy lets through.
      try sandbox.write("devices/laptop/blob\(index).bin", (0..<4000).map { _ in String(Int.random(in: 0...9)) }.joined())
      try git(laptop.path, "add", ".")
      try git(laptop.path, "commit", "-q", "-m", "bulk \(index)")
    }
    let daemonPort = try #require(UInt16(served.url.split(separator: ":").last?.split(separator: "/").first ?? ""))
    let (proxy, proxyPort) = try startServer {
      let port = try freePort()
      return (
        try ServerProcess(script: "cutting-proxy.sh", [sandbox.path, String(port), String(daemonPort), "20000", "client"]),
        port
      )
    }
    defer { proxy.stop() }
    #expect(throws: (any Error).self) {
      try laptop.repository.push(
        url: "git://127.0.0.1:\(proxyPort)/notes.git", refspecs: [laptop.pushRefspec], options: testOptions(timeout: 10))
    }
    let log = (try? String(contentsOfFile: sandbox.file("cutting-proxy.log"), encoding: .utf8)) ?? ""
    #expect(log.contains("cut after 20000 bytes from the client"), "the proxy did not cut the push: \(log)")
    #expect(try served.tip(laptop.branch) == before)
    _ = try git(served.bare, "fsck")
    try laptop.repository.push(url: served.url, refspecs: [laptop.pushRefspec], options: testOptions())
    let settled = try served.tip(laptop.branch)
    #expect(settled == (try laptop.tip))
  }
}
