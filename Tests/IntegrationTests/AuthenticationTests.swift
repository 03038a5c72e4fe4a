import Foundation
import Git
import Testing

@Suite("HTTP authentication through git credential helpers")
struct AuthenticationTests {
  @Test("a wrong password fails as authenticationFailed after a bounded number of attempts")
  func wrongPassword() throws {
    let sandbox = try Sandbox()
    let served = try ServedRepository(.http, in: sandbox)
    let laptop = try Device("laptop", in: sandbox, reaching: served)
    let log = sandbox.file("helper.log")
    // A real helper (git's `!` shell form) that always answers with a wrong password and
    // logs every action git asks of it.
    try served.useCredentialHelper(
      "!f() { echo \"$1\" >> '\(log)'; if [ \"$1\" = get ]; then echo username=alice; "
        + "echo password=wrong; fi; }; f", in: laptop.path)

    var options = testOptions()
    options.maxCredentialAttempts = 2
    #expect(throws: TransferError.authenticationFailed(url: served.url)) {
      try laptop.repository.push(url: served.url, refspecs: [laptop.pushRefspec], options: options)
    }
    let actions = try sandbox.read("helper.log").split(separator: "\n")
    #expect(actions.filter { $0 == "get" }.count == 2)
    #expect(actions.filter { $0 == "erase" }.count == 2)
    #expect(try served.tip(laptop.branch) == nil)
  }

  @Test("a refused stored password is erased from the store, a good one is kept")
  func storeKeepsOnlyGoodCredentials() throws {
    let sandbox = try Sandbox()
    let served = try ServedRepository(.http, in: sandbox)
    let good = try Device("laptop", in: sandbox, reaching: served)
    try good.repository.push(url: served.url, refspecs: [good.pushRefspec], options: testOptions())
    #expect(try served.tip(good.branch) == good.tip)

    let store = sandbox.file("bad-store")
    try sandbox.write("bad-store", "http://alice:wrong@127.0.0.1:\(served.httpPort)\n")
    let phone = try Device("phone", in: sandbox, reaching: served)
    try served.useCredentialHelper("store --file=\(store)", in: phone.path)
    #expect(throws: TransferError.authenticationFailed(url: served.url)) {
      try phone.repository.fetch(url: served.url, refspecs: [deviceFetchRefspec], options: testOptions())
    }
    #expect(try sandbox.read("bad-store").isEmpty)
  }

  @Test("without a credential source a protected remote fails as authenticationFailed")
  func noCredentials() throws {
    let sandbox = try Sandbox()
    let served = try ServedRepository(.http, in: sandbox)
    let laptop = try Device("laptop", in: sandbox, reaching: served)
    var options = testOptions()
    options.credentialHelper = .none
    #expect(throws: TransferError.authenticationFailed(url: served.url)) {
      try laptop.repository.fetch(url: served.url, refspecs: [deviceFetchRefspec], options: options)
    }
  }
}
