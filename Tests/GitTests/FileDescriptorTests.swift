import Foundation
import Testing

@testable import Git

@Suite("File descriptors: whole writes and checked closes")
struct FileDescriptorTests {
  static let hasDevFull = FileManager.default.fileExists(atPath: "/dev/full")

  @Test("a write and a checked close leave exactly the bytes, in chunks of any size")
  func writeThenCloseKeepsTheBytes() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fd-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/file"
    let bytes = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
    let file = try FileDescriptor(path: path, flags: O_WRONLY | O_CREAT | O_EXCL, function: "open")
    try file.writeAll(Array(bytes[..<7]), path: path)
    try file.writeAll(Array(bytes[7...]), path: path)
    try file.close(path: path)
    #expect(FileManager.default.contents(atPath: path) == Data(bytes))
  }

  @Test("a failed write names the file and the system's reason", .enabled(if: hasDevFull, "needs /dev/full"))
  func failedWriteNamesTheFile() throws {
    let file = try FileDescriptor(path: "/dev/full", flags: O_WRONLY, function: "open")
    let error = #expect(throws: GitError.self) { try file.writeAll([1, 2, 3], path: "/dev/full") }
    #expect(error?.message.contains("'/dev/full'") == true)
    #expect(error?.message.contains(String(cString: strerror(ENOSPC))) == true)
    #expect(error?.category == .os)
  }
}

@Suite("Whole-file copies in the kernel")
struct FileCopyingTests {
  @Test("a copy has exactly the source's bytes, for empty, small and multi-step sizes", arguments: [0, 1, 5_000_000])
  func copyKeepsTheBytes(size: Int) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("copy-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let bytes = Data((0..<size).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ $0 >> 9) })
    #expect(FileManager.default.createFile(atPath: folder + "/source", contents: bytes))
    try FileCopying.copy(from: folder + "/source", to: folder + "/copy")
    #expect(FileManager.default.contents(atPath: folder + "/copy") == bytes)
  }

  @Test("an existing destination is refused and left as it was")
  func existingDestinationIsKept() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("copy-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    #expect(FileManager.default.createFile(atPath: folder + "/source", contents: Data("new".utf8)))
    #expect(FileManager.default.createFile(atPath: folder + "/copy", contents: Data("old".utf8)))
    let error = #expect(throws: GitError.self) { try FileCopying.copy(from: folder + "/source", to: folder + "/copy") }
    #expect(error?.message.contains("/copy'") == true)
    #expect(FileManager.default.contents(atPath: folder + "/copy") == Data("old".utf8))
  }
}
