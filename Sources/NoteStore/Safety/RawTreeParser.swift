import Git

/// One entry of a tree object as its bytes say, before any library normalizes it.
struct RawTreeEntry {
  /// The mode as written (`100644`, `40000`, or anything else a crafted tree holds).
  var mode: ArraySlice<UInt8>
  /// The name's bytes.
  var name: ArraySlice<UInt8>
  /// The object named.
  var id: ObjectID

  /// The name as text (bytes that are not UTF-8 repaired): for paths and messages.
  var nameText: String { String(decoding: name, as: UTF8.self) }

  /// What the mode says the entry is.
  var kind: RawEntryKind { RawEntryKind(mode) }
}

/// The kinds of mode a tree entry can have.
enum RawEntryKind: Equatable {
  case folder, file, executable, zeroPaddedFolder, symbolicLink, gitlink, unknown

  init(_ mode: ArraySlice<UInt8>) {
    switch mode.count {
    case 5 where mode.elementsEqual(RawEntryKind.folderMode): self = .folder
    case 6 where mode.elementsEqual(RawEntryKind.fileMode): self = .file
    case 6 where mode.elementsEqual(RawEntryKind.executableMode): self = .executable
    case 6 where mode.elementsEqual(RawEntryKind.paddedFolderMode): self = .zeroPaddedFolder
    case 6 where mode.elementsEqual(RawEntryKind.linkMode): self = .symbolicLink
    case 6 where mode.elementsEqual(RawEntryKind.gitlinkMode): self = .gitlink
    default: self = .unknown
    }
  }

  /// Whether git sorts the entry as a folder (its name compared as if ending in `/`).
  var sortsAsFolder: Bool { self == .folder || self == .zeroPaddedFolder }

  private static let folderMode = Array("40000".utf8)
  private static let paddedFolderMode = Array("040000".utf8)
  private static let fileMode = Array("100644".utf8)
  private static let executableMode = Array("100755".utf8)
  private static let linkMode = Array("120000".utf8)
  private static let gitlinkMode = Array("160000".utf8)
}

/// Parses a tree object's bytes: `mode SP name NUL id20`, repeated.
enum RawTreeParser {
  /// The entries; nil when the bytes are not a tree.
  ///
  /// - Complexity: O(n) in the size of the object.
  static func parse(_ bytes: [UInt8]) -> [RawTreeEntry]? {
    var entries: [RawTreeEntry] = []
    var index = 0
    let count = bytes.count
    return bytes.withUnsafeBytes { buffer -> [RawTreeEntry]? in
      while index < count {
        var space = index
        while space < count && buffer[space] != 0x20 { space += 1 }
        guard space < count, space > index else { return nil }
        var nul = space + 1
        while nul < count && buffer[nul] != 0 { nul += 1 }
        let idEnd = nul + 1 + ObjectID.byteCount
        guard nul < count, idEnd <= count,
          let id = ObjectID(bytes: UnsafeRawBufferPointer(rebasing: buffer[(nul + 1)..<idEnd]))
        else { return nil }
        entries.append(RawTreeEntry(mode: bytes[index..<space], name: bytes[(space + 1)..<nul], id: id))
        index = idEnd
      }
      return entries
    }
  }

  /// Compares two entries in git's tree order: by name bytes, a folder compared as
  /// if its name ended in `/`. Negative, zero or positive.
  static func compare(_ a: RawTreeEntry, _ b: RawTreeEntry) -> Int {
    let left = a.name
    let right = b.name
    var i = left.startIndex
    var j = right.startIndex
    while i < left.endIndex && j < right.endIndex {
      if left[i] != right[j] { return Int(left[i]) - Int(right[j]) }
      i += 1
      j += 1
    }
    let nextLeft: Int = i < left.endIndex ? Int(left[i]) : (a.kind.sortsAsFolder ? 0x2F : 0)
    let nextRight: Int = j < right.endIndex ? Int(right[j]) : (b.kind.sortsAsFolder ? 0x2F : 0)
    return nextLeft - nextRight
  }
}
