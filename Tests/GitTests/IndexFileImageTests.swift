import Foundation
import Testing

@testable import Git

#if canImport(Glibc)
  import Glibc
#endif

/// The index written in pieces from the old file's mapping (``IndexFileImage``) is byte
/// for byte the file the writer built whole in memory before, for seeded random edits on
/// indexes with and without racily clean entries, and git reads it.
@Suite("Index written from the old file's mapping")
struct IndexFileImageTests {
  @Test("random edits give the same bytes as the whole-file writer", arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
  func sameBytesAsBefore(seed: UInt64) throws {
    print("IndexFileImageTests seed \(seed)")
    var random = SeededGenerator(seed: seed)
    let directory = try TemporaryDirectory()
    let (root, git) = try directory.gitStore()
    var files: [String] = []
    for number in 0..<Int.random(in: 20...80, using: &random) {
      let folder = ["A", "B", "Work/C", "Work/D", "E"].randomElement(using: &random) ?? "A"
      let path = "\(folder)\(number % 7).note/\(["Text.rtf", "Attachments/x.png", "QuickLook/Preview.rtf"].randomElement(using: &random) ?? "Text.rtf")"
      guard !files.contains(path) else { continue }
      try directory.write("store/" + path, "{\\rtf1 \(path) \(number)}")
      files.append(path)
    }
    try git.run("add", "-A")
    let indexPath = root + "/.git/index"
    // Half the runs: the index written as old as its files, so every entry is racily clean.
    let racy = seed % 2 == 0
    if racy {
      var times = [timespec(tv_sec: 1_000_000_000, tv_nsec: 0), timespec(tv_sec: 1_000_000_000, tv_nsec: 0)]
      #expect(utimensat(AT_FDCWD, indexPath, &times, 0) == 0)
    }
    let old = try #require(IndexSnapshot(path: indexPath))
    var edits: [IndexEdit] = []
    var info = stat()
    info.st_mtim = timespec(tv_sec: 1_700_000_000, tv_nsec: Int.random(in: 0..<1_000_000_000, using: &random))
    info.st_size = Int.random(in: 1...5000, using: &random)
    info.st_ino = UInt.random(in: 1...UInt(UInt32.max), using: &random)
    let id = try #require(ObjectID(hex: "e69de29bb2d1d6434b8b29ae775ad8c2e48c5391"))
    var used: Set<String> = []
    for _ in 0..<Int.random(in: 1...6, using: &random) {
      let existing = files.randomElement(using: &random) ?? "A0.note/Text.rtf"
      let edit: IndexEdit
      switch Int.random(in: 0..<5, using: &random) {
      case 0: edit = .set(path: existing, id: id, mode: .blob, stat: info)
      case 1: edit = .set(path: "New\(Int.random(in: 0..<9, using: &random)).note/Text.rtf", id: id, mode: .blob, stat: info)
      case 2: edit = .refresh(path: existing, stat: info)
      case 3: edit = .remove(path: existing)
      default: edit = .remove(path: String(existing.prefix { $0 != "/" }))
      }
      guard used.insert(edit.path).inserted else { continue }
      edits.append(edit)
    }
    let smudged = Set(files.filter { _ in Bool.random(using: &random) })
    let isModified = { (entry: IndexSnapshot.Entry) in smudged.contains(String(decoding: old.path(entry), as: UTF8.self)) }
    let expected = Self.previousRewritten(old, applying: edits, isModified: isModified)
    let image = IndexFileWriter.image(of: old, applying: edits, isModified: isModified)
    #expect((image == nil) == (expected == nil), "seed \(seed): edits \(edits.map(\.path))")
    guard let image, let expected else { return }
    #expect(image.bytes(of: old.bytes) == expected, "seed \(seed)")
    #expect(image.checksum == Array(expected.suffix(20)))
    // Written from the mapping, the file is those bytes, and git reads it.
    let lock = try IndexFileLock(indexPath: indexPath)
    try IndexFileWriter.replace(indexPath, with: image, of: old, lock: lock)
    #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: indexPath))) == expected)
    _ = try git.run("ls-files", "--stage", "--debug")
  }

  @Test("runs of all sizes are written in order, small ones gathered")
  func writesEveryRun() throws {
    let directory = try TemporaryDirectory()
    let old = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
    var image = IndexFileImage()
    var expected: [UInt8] = []
    var random = SeededGenerator(seed: 42)
    var position = 0
    while position < old.count {
      let length = min(old.count - position, [3, 40, 70_000, 1].randomElement(using: &random) ?? 1)
      if Bool.random(using: &random) {
        image.appendOld(position..<(position + length))
        expected += old[position..<(position + length)]
      } else {
        let fresh = [UInt8](repeating: UInt8(length & 0xFF), count: length)
        image.appendNew(fresh)
        expected += fresh
      }
      position += length
    }
    #expect(image.count == expected.count)
    let path = directory.file("out")
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    #expect(descriptor >= 0)
    try old.withUnsafeBytes { try image.write(of: $0, to: descriptor, name: path) }
    close(descriptor)
    #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: path))) == expected)
    #expect(old.withUnsafeBytes { image.bytes(of: $0) } == expected)
  }

  /// The whole-file writer as it was before pieces: every entry copied into one array.
  static func previousRewritten(
    _ old: IndexSnapshot, applying edits: [IndexEdit], isModified: (IndexSnapshot.Entry) -> Bool
  ) -> [UInt8]? {
    let oldBytes = old.bytes
    guard IndexFileWriter.extensionsAreOptional(old) else { return nil }
    var removedPositions = Set<Int>()
    var changes: [(path: [UInt8], edit: IndexEdit)] = []
    for edit in edits {
      let path = Array(edit.path.utf8)
      guard !path.isEmpty, !path.contains(0), path.last != UInt8(ascii: "/") else { return nil }
      guard case .remove = edit else {
        changes.append((path, edit))
        continue
      }
      let exact = old.lowerBound(path)
      if exact < old.entries.count, old.path(old.entries[exact]).elementsEqual(path) { removedPositions.insert(exact) }
      let below = path + [UInt8(ascii: "/")]
      var position = old.lowerBound(below)
      while position < old.entries.count, old.path(old.entries[position]).starts(with: below) {
        removedPositions.insert(position)
        position += 1
      }
    }
    changes.sort { $0.path.lexicographicallyPrecedes($1.path) }
    for (left, right) in zip(changes, changes.dropFirst()) where left.path == right.path { return nil }
    for change in changes where IndexFileWriter.conflictsWithDirectory(change.path, in: old, removed: removedPositions) {
      return nil
    }
    var output: [UInt8] = []
    output.append(contentsOf: UnsafeRawBufferPointer(rebasing: oldBytes[0..<12]))
    var count: UInt32 = 0
    var next = 0
    let indexTime = old.modified
    func placeChange(_ change: (path: [UInt8], edit: IndexEdit), replacing position: Int?) -> Bool {
      switch change.edit {
      case .set(_, let id, let mode, let info):
        IndexFileWriter.append(change.path, id: id, mode: mode.rawValue, stat: info, to: &output)
      case .refresh(_, let info):
        guard let position else { return false }
        let entry = old.entries[position]
        IndexFileWriter.append(change.path, id: old.id(entry), mode: old.mode(entry), stat: info, to: &output)
      case .remove: return false
      }
      count += 1
      return true
    }
    for position in old.entries.indices {
      let entry = old.entries[position]
      let path = old.path(entry)
      while next < changes.count, changes[next].path.lexicographicallyPrecedes(path) {
        guard placeChange(changes[next], replacing: nil) else { return nil }
        next += 1
      }
      if next < changes.count, changes[next].path.elementsEqual(path) {
        guard placeChange(changes[next], replacing: position) else { return nil }
        next += 1
        continue
      }
      if removedPositions.contains(position) { continue }
      let start = output.count
      output.append(contentsOf: old.entryBytes(position))
      count += 1
      let mtime = old.mtime(entry)
      let racy =
        Int(mtime.seconds) > indexTime.tv_sec
        || (Int(mtime.seconds) == indexTime.tv_sec && Int(mtime.nanoseconds) >= indexTime.tv_nsec)
      if racy && old.size(entry) != 0 && isModified(entry) {
        for offset in 36..<40 { output[start + offset] = 0 }
      }
    }
    while next < changes.count {
      guard placeChange(changes[next], replacing: nil) else { return nil }
      next += 1
    }
    output.replaceSubrange(8..<12, with: withUnsafeBytes(of: count.bigEndian) { Array($0) })
    guard let digest = output.withUnsafeBytes({ SHA1.digest($0) }) else { return nil }
    return output + digest
  }
}

/// A small seeded generator (SplitMix64), so a failing run can be repeated from its seed.
struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
