import CLibGit2
import Foundation

/// Decodes a NUL-terminated C string as UTF-8, repairing invalid bytes.
func decodeCString(_ pointer: UnsafePointer<CChar>) -> String {
  let length = strlen(pointer)
  return pointer.withMemoryRebound(to: UInt8.self, capacity: length) {
    String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
  }
}

/// Decodes an optional C string; NULL gives nil.
func decodeCString(_ pointer: UnsafePointer<CChar>?) -> String? {
  pointer.map { decodeCString($0) }
}

/// Copies strings into C memory for the duration of `body`, in order.
///
/// Strings containing NUL are cut at the NUL by C anyway; the copies are freed afterwards.
func withCStrings<R, E: Error>(
  _ strings: [String], _ body: ([UnsafePointer<CChar>]) throws(E) -> R
) throws(E) -> R {
  let copies: [UnsafeMutablePointer<CChar>] = strings.map { string in
    // strdup only fails when out of memory; then crashing is the honest outcome.
    guard let copy = strdup(string) else { fatalError("out of memory copying a C string") }
    return copy
  }
  defer { copies.forEach { free($0) } }
  return try body(copies.map { UnsafePointer($0) })
}

/// Passes `strings` to `body` as a `git_strarray` that lives for the call.
func withStrArray<R, E: Error>(
  _ strings: [String], _ body: (UnsafeMutablePointer<git_strarray>) throws(E) -> R
) throws(E) -> R {
  let copies: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) }
  defer { copies.forEach { free($0) } }
  var mutableCopies = copies
  return try mutableCopies.withUnsafeMutableBufferPointer { (buffer) throws(E) -> R in
    var array = git_strarray(strings: buffer.baseAddress, count: buffer.count)
    return try body(&array)
  }
}
