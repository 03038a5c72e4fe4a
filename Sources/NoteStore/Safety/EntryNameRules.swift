/// git's rules for one name in a tree (`fsck`'s tree checks and `verify_path`'s
/// spellings of `.git` on NTFS and HFS+), plus NoteStore's: no control characters,
/// UTF-8 only.
enum EntryNameRules {
  /// The first rule `name` (a name as text, judged by its UTF-8 bytes) breaks, or nil.
  static func violation(of name: some StringProtocol) -> TreeRule? {
    var name = String(name)
    return name.withUTF8 { violation(of: UnsafeRawBufferPointer($0)) }
  }

  /// The first rule `name` (a tree entry's raw bytes, where they lie) breaks, or nil.
  static func violation(of name: UnsafeRawBufferPointer) -> TreeRule? {
    if name.isEmpty { return .hasEmptyName }
    if isPlainASCII(name) { return nil }
    if name.contains(0x2F) { return .fullPathname }
    if name.elementsEqual([0x2E]) { return .hasDot }
    if name.elementsEqual([0x2E, 0x2E]) { return .hasDotdot }
    guard let text = String(validating: name, as: UTF8.self) else { return .badName }
    if text.unicodeScalars.contains(where: TerminalText.isControl) { return .badName }
    if isDotGit(text) { return .hasDotgit }
    return nil
  }

  /// The common case, decided from the bytes alone: printable ASCII without `/`, not
  /// starting with `.` and not starting with `git~` in any case, so neither a dot
  /// name nor any spelling of `.git`.
  private static func isPlainASCII(_ name: UnsafeRawBufferPointer) -> Bool {
    guard let first = name.first, first != 0x2E else { return false }
    if name.count >= 4 {
      let start = name.startIndex
      let g = name[start] | 0x20, i = name[start + 1] | 0x20, t = name[start + 2] | 0x20
      if g == 0x67 && i == 0x69 && t == 0x74 && name[start + 3] == 0x7E { return false }  // git~…
    }
    for byte in name where byte < 0x20 || byte > 0x7E || byte == 0x2F { return false }
    return true
  }

  /// Whether a file system could take `name` for `.git`: case-insensitively, with
  /// HFS+'s ignorable code points dropped, anything from an NTFS `:` stream suffix on
  /// dropped, and trailing dots and spaces dropped (NTFS), it is `.git` or the 8.3
  /// short name `git~1`.
  static func isDotGit(_ name: String) -> Bool {
    var scalars = Array(name.unicodeScalars.filter { !isHFSIgnorable($0) })
    if let colon = scalars.firstIndex(of: ":") { scalars = Array(scalars[..<colon]) }
    while let last = scalars.last, last == "." || last == " " { scalars.removeLast() }
    var folded = String.UnicodeScalarView()
    folded.append(contentsOf: scalars)
    let text = String(folded).lowercased()
    return text == ".git" || text == "git~1"
  }

  /// Code points HFS+ ignores when it compares names (git's `is_hfs_dotgit` list).
  private static func isHFSIgnorable(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x200C...0x200F, 0x202A...0x202E, 0x206A...0x206F, 0xFEFF: true
    default: false
    }
  }
}
