import Foundation
import Git
import Testing

@Suite("Stalled, closed and cancelled connections")
struct NetworkFailureTests {
  @Test("a server that accepts and never answers times out", arguments: ["git", "http", "https"])
  func stalledServer(_ scheme: String) throws {
    let sandbox = try Sandbox()
    let listener = try SilentListener()
    let repository = try Repository.create(at: sandbox.file("client"), initialBranch: "devices/a")
    let url = "\(scheme)://127.0.0.1:\(listener.port)/notes.git"
    #expect(throws: TransferError.timedOut(url: url, seconds: 1)) {
      try repository.fetch(url: url, refspecs: [deviceFetchRefspec], options: TransferOptions(timeout: 1))
    }
  }

  @Test("a closed port is reported as unreachable")
  func closedPort() throws {
    let sandbox = try Sandbox()
    let closed = try ClosedPort()
    let repository = try Repository.create(at: sandbox.file("client"), initialBranch: "devices/a")
    let url = "git://127.0.0.1:\(closed.port)/notes.git"
    let error = try #require(throws: TransferError.self) {
      try repository.fetch(url: url, refspecs: [deviceFetchRefspec], options: testOptions())
    }
    guard case let .unreachable(reported, detail) = error else {
      Issue.record("expected unreachable, got \(error)")
      return
    }
    #expect(reported == url)
    #expect(detail.contains("refused"))
    withExtendedLifetime(closed) {}
  }

  @Test("a transfer whose isCancelled returns true stops with cancelled")
  func cancelled() throws {
    let sandbox = try Sandbox()
    let listener = try SilentListener()
    let repository = try Repository.create(at: sandbox.file("client"), initialBranch: "devices/a")
    let url = "http://127.0.0.1:\(listener.port)/notes.git"
    let options = TransferOptions(timeout: 30, isCancelled: { true })
    #expect(throws: TransferError.cancelled) {
      try repository.fetch(url: url, refspecs: [deviceFetchRefspec], options: options)
    }
  }

  @Test("a password in a URL never appears in error messages")
  func redactedPassword() throws {
    let sandbox = try Sandbox()
    let closed = try ClosedPort()
    let repository = try Repository.create(at: sandbox.file("client"), initialBranch: "devices/a")
    let error = try #require(throws: TransferError.self) {
      try repository.fetch(
        url: "http://alice:hunter2@127.0.0.1:\(closed.port)/notes.git", refspecs: [deviceFetchRefspec],
        options: testOptions())
    }
    withExtendedLifetime(closed) {}
    #expect(!error.description.contains("hunter2"))
    #expect(error.description.contains("alice:***@127.0.0.1"))
  }
}
