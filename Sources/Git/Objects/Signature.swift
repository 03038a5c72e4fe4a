import Foundation

/// Who made a commit, and when: a value copied out of a libgit2 `git_signature`.
public struct Signature: Hashable, Sendable {
  /// The person's name.
  public var name: String
  /// The person's email address.
  public var email: String
  /// The moment, with one-second precision once stored in a commit.
  public var date: Date
  /// The offset from UTC, in minutes, at which `date` is shown.
  public var timeZoneOffsetMinutes: Int

  /// Creates a signature.
  public init(name: String, email: String, date: Date, timeZoneOffsetMinutes: Int) {
    self.name = name
    self.email = email
    self.date = date
    self.timeZoneOffsetMinutes = timeZoneOffsetMinutes
  }
}
