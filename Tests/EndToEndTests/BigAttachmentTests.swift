import Foundation
import Testing

@Suite("Big attachments")
struct BigAttachmentTests {
  /// `size` bytes of seeded noise: incompressible, like a photo or a video.
  static func noise(size: Int, seed: UInt64) -> Data {
    var state = seed
    var bytes = [UInt8](repeating: 0, count: size)
    for index in bytes.indices {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      bytes[index] = UInt8(truncatingIfNeeded: state >> 33)
    }
    return Data(bytes)
  }

  @Test("a file over notes.maxBlobSize, which the other devices would refuse from a sync, is refused by attach, and taken once the limit is raised")
  func overTheSyncLimitIsRefused() throws {
    let sandbox = try Sandbox()
    let store = try sandbox.makeStore()
    sandbox.notes("-C", store, "new", "Film", "--text", "a big attachment")
    // A 2 MB limit stands for the 100 MiB default.
    #expect(sandbox.git("config", "notes.maxBlobSize", "2m", in: store).status == 0)
    let file = try sandbox.writeFile("film.bin", Self.noise(size: 3 << 20, seed: 5))
    let head = sandbox.head(store)
    let refused = sandbox.notes("-C", store, "attach", "Film", file)
    #expect(refused.status != 0)
    #expect(refused.stderr.contains("cannot attach \(file) to note \"Film\": it is 3.0 MiB, over notes.maxBlobSize (2.0 MiB)"), "\(refused.stderr)")
    #expect(sandbox.head(store) == head)
    #expect(sandbox.notes("-C", store, "attachments", "Film").stdout.isEmpty)
    // The same file copied into the package by hand is refused by save.
    let copy = store + "/Film.note/Attachments/film.bin"
    try FileManager.default.createDirectory(atPath: store + "/Film.note/Attachments", withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: file, toPath: copy)
    let saved = sandbox.notes("-C", store, "save")
    #expect(saved.status != 0)
    #expect(saved.stderr.contains("cannot save Film.note/Attachments/film.bin in note \"Film\": it is 3.0 MiB"), "\(saved.stderr)")
    #expect(sandbox.head(store) == head)
    try FileManager.default.removeItem(atPath: copy)
    #expect(sandbox.git("config", "notes.maxBlobSize", "4m", in: store).status == 0)
    #expect(sandbox.notes("-C", store, "attach", "Film", file).stdout == "film.bin\n")
  }

  @Test("a big attachment round-trips byte-exact through attach, gc, git's repack and export; fsck passes and git reads it")
  func bigAttachmentRoundTrips() throws {
    let sandbox = try Sandbox()
    let store = try sandbox.makeStore()
    // The big-file threshold lowered, so a 3 MB file stands for a 300 MB one.
    #expect(sandbox.git("config", "core.bigFileThreshold", "1m", in: store).status == 0)
    sandbox.notes("-C", store, "new", "Film", "--text", "a big attachment")
    let bytes = Self.noise(size: 3 << 20, seed: 12)
    let file = try sandbox.writeFile("film.bin", bytes)
    #expect(sandbox.notes("-C", store, "attach", "Film", file).stdout == "film.bin\n")
    let blob = sandbox.git("rev-parse", "HEAD:Film.note/Attachments/film.bin", in: store).stdout
      .trimmingCharacters(in: .whitespacesAndNewlines)

    // notes gc keeps a big blob out of its packs (no delta search, never loaded whole).
    #expect(sandbox.notes("-C", store, "gc").status == 0)
    let loose = store + "/.git/objects/" + blob.prefix(2) + "/" + blob.dropFirst(2)
    #expect(FileManager.default.fileExists(atPath: loose))
    let first = sandbox.directory + "/first.bin"
    #expect(sandbox.notes("-C", store, "export", "Film", "film.bin", "-o", first).status == 0)
    #expect(FileManager.default.contents(atPath: first) == bytes)

    // Plain git packs it whole (the same threshold); export then streams it out of the pack.
    #expect(sandbox.git("repack", "-adq", in: store).status == 0)
    #expect(sandbox.git("prune-packed", in: store).status == 0)
    #expect(!FileManager.default.fileExists(atPath: loose))
    let second = sandbox.directory + "/second.bin"
    #expect(sandbox.notes("-C", store, "export", "Film", "film.bin", "-o", second).status == 0)
    #expect(FileManager.default.contents(atPath: second) == bytes)
    #expect(sandbox.notes(["-C", store, "export", "Film", "film.bin", "-o", "-"]).stdoutData == bytes)
    #expect(sandbox.notes("-C", store, "gc").status == 0)  // a pack holding a big blob is left alone
    let listed = sandbox.notes("-C", store, "attachments", "Film", "--json").stdoutData
    let attachments = try #require(try JSONSerialization.jsonObject(with: listed) as? [[String: Any]])
    #expect(attachments.first?["size"] as? Int == bytes.count)

    let fsck = sandbox.git("fsck", "--strict", in: store)
    #expect(fsck.status == 0, "\(fsck.stderr)")
    #expect(sandbox.git("cat-file", "-s", blob, in: store).stdout == "\(bytes.count)\n")
    #expect(sandbox.git("cat-file", "blob", blob, in: store).stdoutData == bytes)
  }
}
