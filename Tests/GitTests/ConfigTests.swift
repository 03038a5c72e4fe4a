import Foundation
import Git
import Testing

@Suite("Configuration")
struct ConfigTests {
  @Test("strings, booleans and integers round-trip and git reads them")
  func roundTrip() throws {
    try withRepository { repository, _, git throws in
      try repository.setConfig("notes.device", to: "laptop")
      try repository.setConfig("notes.autoPack", to: false)
      try repository.setConfig("notes.limit", to: 42)
      #expect(try repository.configString("notes.device") == "laptop")
      #expect(try repository.configBool("notes.autoPack") == false)
      #expect(try repository.configInt("notes.limit") == 42)
      #expect(try git.run("config", "--local", "notes.device") == "laptop")
      #expect(try git.run("config", "--local", "--bool", "notes.autoPack") == "false")
      #expect(try repository.configString("notes.missing") == nil)
      #expect(try repository.configBool("notes.missing") == nil)
    }
  }

  @Test("a value that is not a boolean is an error")
  func badBoolean() throws {
    try withRepository { repository, _, _ throws in
      try repository.setConfig("notes.flag", to: "maybe")
      #expect(throws: GitError.self) { try repository.configBool("notes.flag") }
    }
  }

  @Test("the default signature comes from user.name and user.email")
  func defaultSignature() throws {
    try withRepository { repository, _, _ throws in
      try repository.setConfig("user.name", to: "Grace Hopper")
      try repository.setConfig("user.email", to: "grace@example.com")
      let date = Date(timeIntervalSince1970: 1_700_000_000)
      let signature = try #require(try repository.defaultSignature(at: date))
      #expect(signature.name == "Grace Hopper")
      #expect(signature.email == "grace@example.com")
      #expect(signature.date == date)
      #expect(signature.timeZoneOffsetMinutes == TimeZone.current.secondsFromGMT(for: date) / 60)
    }
  }
}
