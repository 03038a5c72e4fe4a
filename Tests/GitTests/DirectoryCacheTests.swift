import Foundation
import Testing

@testable import Git

/// The scan's record of directory times and untracked names, kept between scans.
@Suite("Directory cache")
struct DirectoryCacheTests {
  private func lookUp(_ cache: inout DirectoryCache, _ directory: String, _ time: DirectoryCache.Time) -> [String]? {
    Array(directory.utf8).withUnsafeBufferPointer { cache.untracked($0, at: time) }
  }

  @Test("a directory listed but not remembered is listed again next time, and the directories after it stay cached")
  func unrememberedDirectoryKeepsItsPlace() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("scan-cache")
    let old = DirectoryCache.Time(seconds: 1_000, nanoseconds: 5)
    let recent = DirectoryCache.Time(seconds: 2_000, nanoseconds: 7)
    var first = DirectoryCache(file: file, ignoreFiles: [])
    for name in ["", "A.note", "B.note", "C.note"] { #expect(lookUp(&first, name, name == "B.note" ? recent : old) == nil) }
    first.finishLookups()
    // B.note changed moments ago: listed, not remembered (its time could still repeat).
    for name in ["", "A.note", "C.note"] { first.remember(name, at: old, untracked: name == "C.note" ? ["new.txt"] : []) }
    first.save()

    for pass in 1...2 {
      var cache = DirectoryCache(file: file, ignoreFiles: [])
      #expect(lookUp(&cache, "", old) == [], "pass \(pass)")
      #expect(lookUp(&cache, "A.note", old) == [], "pass \(pass)")
      #expect(lookUp(&cache, "B.note", recent) == nil, "pass \(pass): a time not remembered must not match")
      #expect(lookUp(&cache, "C.note", old) == ["new.txt"], "pass \(pass)")
      cache.finishLookups()
      cache.save()
    }
  }
}
