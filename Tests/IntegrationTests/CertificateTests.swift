import Foundation
import Git
import Testing

@Suite("HTTPS certificates")
struct CertificateTests {
  @Test("a self-signed certificate is refused unless http.sslCAInfo names it")
  func untrustedCertificate() throws {
    let sandbox = try Sandbox()
    let served = try ServedRepository(.https, in: sandbox)
    let laptop = try Device("laptop", in: sandbox, reaching: served)
    try git(laptop.path, "config", "--unset", "http.sslCAInfo")

    let error = try #require(throws: TransferError.self) {
      try laptop.repository.fetch(url: served.url, refspecs: [deviceFetchRefspec], options: testOptions())
    }
    guard case let .certificateUntrusted(url, detail) = error else {
      Issue.record("expected an untrusted certificate, got \(error)")
      return
    }
    #expect(url == served.url)
    #expect(!detail.isEmpty)
    #expect(error.description.contains("git config http.sslCAInfo"))
  }

  @Test("http.<url>.sslCAInfo trusts a certificate for that server only")
  func urlSpecificCertificate() throws {
    let sandbox = try Sandbox()
    let served = try ServedRepository(.https, in: sandbox)
    let laptop = try Device("laptop", in: sandbox, reaching: served)
    try git(laptop.path, "config", "--unset", "http.sslCAInfo")
    try git(laptop.path, "config", "http.https://127.0.0.1:\(served.httpsPort)/.sslCAInfo", served.certificate)
    try git(laptop.path, "config", "http.https://127.0.0.1:1/.sslCAInfo", "/nonexistent/ca.pem")
    try laptop.repository.push(url: served.url, refspecs: [laptop.pushRefspec], options: testOptions())
    #expect(try served.tip(laptop.branch) == laptop.tip)
  }
}
