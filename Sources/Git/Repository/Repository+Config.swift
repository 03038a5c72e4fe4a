import CLibGit2
import Foundation

extension Repository {
  /// The string value of `key` from the configuration chain (local, then global and system);
  /// nil when unset.
  ///
  /// The corresponding libgit2 function is `git_config_get_string_buf`.
  public func configString(_ key: String) throws -> String? {
    let config = try configuration()
    var buffer = git_buf()
    defer { git_buf_dispose(&buffer) }
    let result = git_config_get_string_buf(&buffer, config.pointer, key)
    if result == GIT_ENOTFOUND.rawValue { return nil }
    try check(result, "git_config_get_string_buf")
    return decodeCString(UnsafePointer(buffer.ptr)) ?? ""
  }

  /// The boolean value of `key` (`true`/`yes`/`on`/`1` and so on); nil when unset.
  ///
  /// - Throws: ``GitError`` when the value is not a boolean.
  ///
  /// The corresponding libgit2 function is `git_config_get_bool`.
  public func configBool(_ key: String) throws -> Bool? {
    let config = try configuration()
    var value: Int32 = 0
    let result = git_config_get_bool(&value, config.pointer, key)
    if result == GIT_ENOTFOUND.rawValue { return nil }
    try check(result, "git_config_get_bool")
    return value != 0
  }

  /// The integer value of `key` (`k`, `m`, `g` suffixes allowed); nil when unset.
  ///
  /// The corresponding libgit2 function is `git_config_get_int64`.
  public func configInt(_ key: String) throws -> Int? {
    let config = try configuration()
    var value: Int64 = 0
    let result = git_config_get_int64(&value, config.pointer, key)
    if result == GIT_ENOTFOUND.rawValue { return nil }
    try check(result, "git_config_get_int64")
    return Int(value)
  }

  /// Writes `key = value` into the repository's own `config` file.
  ///
  /// The corresponding libgit2 function is `git_config_set_string`.
  public func setConfig(_ key: String, to value: String) throws {
    let config = try configuration()
    try check(git_config_set_string(config.pointer, key, value), "git_config_set_string")
  }

  /// Writes `key = true|false` into the repository's own `config` file.
  ///
  /// The corresponding libgit2 function is `git_config_set_bool`.
  public func setConfig(_ key: String, to value: Bool) throws {
    let config = try configuration()
    try check(git_config_set_bool(config.pointer, key, value ? 1 : 0), "git_config_set_bool")
  }

  /// Writes an integer `key = value` into the repository's own `config` file.
  ///
  /// The corresponding libgit2 function is `git_config_set_int64`.
  public func setConfig(_ key: String, to value: Int) throws {
    let config = try configuration()
    try check(git_config_set_int64(config.pointer, key, Int64(value)), "git_config_set_int64")
  }

  /// A signature from `user.name` and `user.email` in the configuration chain (local,
  /// global, system) at `date`, in the local time zone; nil when either is unset or empty.
  ///
  /// The corresponding libgit2 function is `git_config_get_string_buf`.
  public func defaultSignature(at date: Date) throws -> Signature? {
    guard let name = try configString("user.name"), !name.isEmpty,
      let email = try configString("user.email"), !email.isEmpty
    else { return nil }
    let offset = TimeZone.current.secondsFromGMT(for: date) / 60
    return Signature(name: name, email: email, date: date, timeZoneOffsetMinutes: offset)
  }
}
