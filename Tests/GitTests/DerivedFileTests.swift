import Foundation
import Testing

@testable import Git

@Suite("Derived files replaced whole")
struct DerivedFileTests {
  /// A folder of its own, removed at the end.
  static func folder() throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("derived-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    return folder
  }

  @Test("a replace leaves exactly the new bytes, through a new inode, and no temporary file")
  func replaceLeavesTheNewBytes() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/cache"
    try DerivedFile.replace(Array("old".utf8), at: path)
    let before = try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int
    let bytes = (0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
    try DerivedFile.replace(bytes, at: path)
    #expect(FileManager.default.contents(atPath: path) == Data(bytes))
    // Renamed over the old file, never written into it: a reader holding the old one keeps it.
    #expect(try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int != before)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["cache"])
  }

  @Test("a replace that cannot write names the file and the reason, and leaves the old file")
  func failedReplaceKeepsTheOldFile() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/cache"
    try DerivedFile.replace(Array("old".utf8), at: path)
    // A folder in the temporary file's place: it cannot be opened for writing.
    try FileManager.default.createDirectory(atPath: path + ".tmp-\(getpid())", withIntermediateDirectories: false)
    let error = #expect(throws: GitError.self) { try DerivedFile.replace(Array("new".utf8), at: path) }
    #expect(error?.category == .os)
    #expect(error?.message.contains(path) == true)
    #expect(error?.message.contains(".tmp-") == false, "the error names the temporary file: \(error?.message ?? "")")
    #expect(error?.message.contains(String(cString: strerror(EISDIR))) == true)
    #expect(FileManager.default.contents(atPath: path) == Data("old".utf8))
  }
}
